import { HOME_PATH, Msg, type Depart, type LoginBody, type LoginResult } from '@sbwq/contracts';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useApp } from '../../../platform/useApp.ts';
import { warmAntd, withAntd } from '../../../platform/antdScope.tsx';
import { lazy, Suspense, useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../platform/redirect.ts';
import { postLogin } from '../../../platform/auth.api.ts';
import { interpretLogin, logout, pendingPasswordChange, startSession, useSession } from '../../../platform/session.ts';
import ownStyles from '../register/account.module.css';
import styles from './Login.module.css';
import { useCaptcha } from './useCaptcha.ts';
import { PrimaryButton } from '../../../components/primary-button/PrimaryButton.tsx';
import { useSsoLogin } from '../sso/useSsoLogin.tsx';
import { PlainInput } from './PlainInput.tsx';

// Only a user of several departments sees it, after signing in: the login page does not load it.
const DepartSelectModal = lazy(withAntd(() => import('./DepartSelectModal.tsx').then((m) => ({ default: m.DepartSelectModal }))));
// The phone tab's form and its SMS field load when the tab is chosen (issue 35: the login page's bytes).
// Only an imported user whose JeecgBoot password is too weak sees it (issue 40): the login page does not load it.
const ForcedPasswordModal = lazy(withAntd(() => import('./ForcedPasswordModal.tsx').then((m) => ({ default: m.ForcedPasswordModal }))));
const PhoneLogin = lazy(withAntd(() => import('./PhoneLogin.tsx').then((m) => ({ default: m.PhoneLogin }))));

type LoginFormValues = { username: string; password: string; captcha: string };
type FieldErrors = Partial<Record<keyof LoginFormValues, string>>;

const LOGIN_MODES = ['账号密码登录', '手机号登录'] as const;

type LoginMode = (typeof LOGIN_MODES)[number];

type DepartChoice = { departs: Depart[]; username: string };

type SignedIn = { result: LoginResult; username: string; target: string | null };

/** What the account form asks for before it is sent; `needCaptcha`: the server has asked for the captcha. */
function validate(values: LoginFormValues, needCaptcha: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.username.trim()) errors.username = '请输入账号';
  if (!values.password) errors.password = '请输入密码';
  if (needCaptcha && !values.captcha.trim()) errors.captcha = Msg.captchaRequired;
  return errors;
}

/** A labelled field of the account form with its error below it, laid out as antd's vertical form items are. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <div className={styles.error} id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/**
 * Account login (spec §2 view group "login"; answers per spec §8 "Login result" rows). The account form,
 * its fields, the mode switch and the button are plain elements in antd's look (its CSS variables): antd's
 * Form, Input, Button and Segmented, with the theme and the configuration they need, cost the first load
 * some 60 KB gzip (issue 35: the login page's bytes). What shows antd (the phone tab, the dialogs) loads
 * it with its own code.
 */
export function Login() {
  const { message, modal } = useApp();
  const ids = useId();
  const fieldId = (name: keyof LoginFormValues) => `${ids}-${name}`;
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
  // 使用新账户登录 from 注册成功 brings the account along (issue 36)
  const [values, setValues] = useState<LoginFormValues>(() => ({ username: searchParams.get('account') ?? '', password: '', captcha: '' }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (name: keyof LoginFormValues) => (event: { target: { value: string } }) => {
    // the shell after 登录 shows antd: its configuration comes while the user types, not after
    warmAntd();
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // a field told off is checked again as it is typed in, as antd's form did
    if (errors[name]) setErrors((old) => ({ ...old, [name]: validate(next, needCaptcha)[name] }));
  };
  // what each input of the account form takes from its field: its value, its change, its error and the label's id
  const bind = (name: keyof LoginFormValues) => ({
    id: fieldId(name),
    value: values[name],
    onChange: change(name),
    invalid: Boolean(errors[name]),
    'aria-describedby': `${fieldId(name)}-error`,
  });
  const clear = (...names: (keyof LoginFormValues)[]) => {
    setValues((old) => ({ ...old, ...Object.fromEntries(names.map((name) => [name, ''])) }));
    setErrors((old) => ({ ...old, ...Object.fromEntries(names.map((name) => [name, undefined])) }));
  };
  const captcha = useCaptcha(needCaptcha);
  const passwordRef = useRef<HTMLInputElement>(null);

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
        clear('password', 'captcha');
        passwordRef.current?.focus();
      },
    });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || departChoice !== null) return;
    const found = validate(values, needCaptcha);
    setErrors(found);
    const first = (['username', 'password', 'captcha'] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const body: LoginBody = { username: values.username.trim(), password: values.password };
    if (needCaptcha) {
      body.captcha = values.captcha.trim();
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
        clear('captcha');
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
      <div role="radiogroup" aria-label="登录方式" className={styles.modes}>
        {LOGIN_MODES.map((option) => (
          <label key={option} className={option === mode ? `${styles.mode} ${styles.modeChosen}` : styles.mode}>
            <input type="radio" name={`${ids}-mode`} value={option} checked={option === mode} onChange={() => setMode(option)} className={styles.modeInput} />
            {option}
          </label>
        ))}
      </div>
      {mode === '手机号登录' && (
        <Suspense fallback={null}>
          <PhoneLogin onSignedIn={(result, username) => handleSignedIn(result, username)} disabled={departChoice !== null} />
        </Suspense>
      )}
      <form hidden={mode !== '账号密码登录'} className={styles.form} onSubmit={handleSubmit} noValidate>
        <fieldset className={styles.fieldset} disabled={departChoice !== null}>
          <Field id={fieldId('username')} label="账号" error={errors.username}>
            <PlainInput {...bind('username')} prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" maxLength={100} autoFocus />
          </Field>
          <Field id={fieldId('password')} label="密码" error={errors.password}>
            <PlainInput
              password
              {...bind('password')}
              ref={passwordRef}
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
              maxLength={128}
            />
          </Field>
          {needCaptcha && (
            <Field id={fieldId('captcha')} label="验证码" error={errors.captcha}>
              <div className={styles.captchaRow}>
                <PlainInput {...bind('captcha')} prefix={<SafetyOutlined />} placeholder="请输入验证码" autoComplete="off" maxLength={8} />
                <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击换一张">
                  {captcha.image ? <img src={captcha.image} alt="验证码图片" /> : <span>加载中…</span>}
                </button>
              </div>
            </Field>
          )}
          <PrimaryButton type="submit" size="large" block loading={submitting} className={styles.submit}>
            登录
          </PrimaryButton>
        </fieldset>
      </form>
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
