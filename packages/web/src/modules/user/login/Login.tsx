import { HOME_PATH, Msg, type Depart, type LoginBody, type LoginResult } from '@sbwq/contracts';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Segmented from 'antd/es/segmented';
import { useApp } from '../../../platform/useApp.ts';
// Straight from their modules: antd's `Input` carries TextArea, Search and OTP, which the login page
// would load for nothing: the login page loads only what it shows.
import Input, { type InputRef } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../platform/redirect.ts';
import { postLogin } from '../../../platform/auth.api.ts';
import { interpretLogin, logout, pendingPasswordChange, startSession, useSession } from '../../../platform/session.ts';
import ownStyles from '../register/account.module.css';
import styles from './Login.module.css';
import { useCaptcha } from './useCaptcha.ts';
import { useSsoLogin } from '../sso/useSsoLogin.tsx';

// Only a user of several departments sees it, after signing in: the login page does not load it.
const DepartSelectModal = lazy(() => import('./DepartSelectModal.tsx').then((m) => ({ default: m.DepartSelectModal })));
// The phone tab's form and its SMS field load when the tab is chosen (issue 35: the login page's bytes).
// Only an imported user whose JeecgBoot password is too weak sees it (issue 40): the login page does not load it.
const ForcedPasswordModal = lazy(() => import('./ForcedPasswordModal.tsx').then((m) => ({ default: m.ForcedPasswordModal })));
const PhoneLogin = lazy(() => import('./PhoneLogin.tsx').then((m) => ({ default: m.PhoneLogin })));

type LoginFormValues = { username: string; password: string; captcha?: string };

type LoginMode = '账号密码登录' | '手机号登录';

type DepartChoice = { departs: Depart[]; username: string };

type SignedIn = { result: LoginResult; username: string; target: string | null };

/** Account login (spec §2 view group "login"; answers per spec §8 "Login result" rows). */
export function Login() {
  const [form] = Form.useForm<LoginFormValues>();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [departChoice, setDepartChoice] = useState<DepartChoice | null>(null);
  // a reload amid the forced change (issue 40) finds the session still waiting for its new password
  const [mustChange, setMustChange] = useState<SignedIn | { result: null; username: string; target: null } | null>(() => {
    const username = useSession.getState().username;
    return pendingPasswordChange() && username ? { result: null, username, target: null } : null;
  });
  const [mode, setMode] = useState<LoginMode>('账号密码登录');
  const captcha = useCaptcha(needCaptcha);
  const passwordRef = useRef<InputRef>(null);

  // Resolves when the navigation has settled; if access was refused the login page is still here.
  // `target`: the redirect a single sign-on remembered across its trip to the CAS server or provider.
  const enterApp = useCallback(
    async (target: string | null = null) => {
      setSubmitting(true);
      try {
        await navigate(safeRedirectTarget(target ?? searchParams.get('redirect')) ?? HOME_PATH, { replace: true });
      } finally {
        setSubmitting(false);
      }
    },
    [navigate, searchParams],
  );

  // Password, phone and single sign-on end alike: the session, the department choice of a multi-department user, the app.
  const continueSignedIn = useCallback(
    async ({ result, username, target }: SignedIn) => {
      if (Number(result.multi_depart) === 2 && result.departs?.length > 0) {
        setDepartChoice({ departs: result.departs, username });
        return;
      }
      await enterApp(target);
    },
    [enterApp],
  );
  // An imported JeecgBoot password too weak for §5 was accepted once: a new one first (the server opens nothing else).
  const handleSignedIn = useCallback(
    async (result: LoginResult, username: string, target: string | null = null) => {
      startSession(result, username);
      if (result.mustChangePwd) {
        setMustChange({ result, username, target });
        return;
      }
      await continueSignedIn({ result, username, target });
    },
    [continueSignedIn],
  );
  const sso = useSsoLogin(
    useCallback((result: LoginResult, target: string | null) => handleSignedIn(result, result.userInfo.username, target), [handleSignedIn]),
  );

  const askToRetry = (reason: string) => {
    message.error(Msg.loginFailed);
    modal.confirm({
      title: Msg.loginRetry,
      content: reason,
      okText: '重新登录',
      cancelText: '取消',
      onOk: () => {
        form.resetFields(['password', 'captcha']);
        passwordRef.current?.focus();
      },
    });
  };

  const handleFinish = async (values: LoginFormValues) => {
    const body: LoginBody = { username: values.username.trim(), password: values.password };
    if (needCaptcha) {
      body.captcha = values.captcha?.trim();
      body.checkKey = captcha.key;
    }
    setSubmitting(true);
    try {
      const outcome = interpretLogin(await postLogin(body));
      switch (outcome.kind) {
        case 'ok':
          await handleSignedIn(outcome.result, body.username);
          return;
        case 'goIndex':
          await navigate('/');
          return;
        case 'denied':
          message.error(outcome.message);
          break;
        case 'failed':
          if (outcome.needCaptcha) setNeedCaptcha(true);
          askToRetry(outcome.message);
          break;
      }
      // A captcha is good for one attempt only.
      if (needCaptcha) {
        form.resetFields(['captcha']);
        captcha.refresh();
      }
    } catch {
      // The http client has already told the user (spec §8).
    } finally {
      setSubmitting(false);
    }
  };

  if (sso.screen) return sso.screen;

  return (
    <>
      <Segmented<LoginMode> block options={['账号密码登录', '手机号登录']} value={mode} onChange={setMode} aria-label="登录方式" />
      {mode === '手机号登录' && (
        <Suspense fallback={null}>
          <PhoneLogin onSignedIn={(result, username) => handleSignedIn(result, username)} disabled={departChoice !== null} />
        </Suspense>
      )}
      <Form<LoginFormValues>
        hidden={mode !== '账号密码登录'}
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={handleFinish}
        // 使用新账户登录 from 注册成功 brings the account along (issue 36)
        initialValues={{ username: searchParams.get('account') ?? '' }}
        className={styles.form}
        disabled={departChoice !== null}
      >
        <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Password ref={passwordRef} prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        {needCaptcha && (
          <Form.Item label="验证码" required>
            <div className={styles.captchaRow}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: Msg.captchaRequired }]}>
                <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" autoComplete="off" maxLength={8} aria-label="验证码" />
              </Form.Item>
              <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击换一张">
                {captcha.image ? <img src={captcha.image} alt="验证码图片" /> : <span>加载中…</span>}
              </button>
            </div>
          </Form.Item>
        )}
        <Form.Item className={styles.submit}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
      </Form>
      <div className={ownStyles.links}>
        <Link to="/user/alteration">忘记密码</Link>
        <Link to="/user/register">注册账户</Link>
      </div>
      {sso.extra}
      {mustChange && (
        <Suspense fallback={null}>
          <ForcedPasswordModal
            username={mustChange.username}
            onChanged={() => {
              setMustChange(null);
              void (mustChange.result ? continueSignedIn({ ...mustChange, result: mustChange.result }) : enterApp());
            }}
            onCancel={() => {
              setMustChange(null);
              void logout();
            }}
          />
        </Suspense>
      )}
      {departChoice && (
        <Suspense fallback={null}>
          <DepartSelectModal
            open
            departs={departChoice.departs}
            username={departChoice.username}
            onDone={async () => {
              await enterApp();
              setDepartChoice(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
