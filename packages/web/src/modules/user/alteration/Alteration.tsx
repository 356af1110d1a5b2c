import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { RegisterMsg, SmsMode } from '@sbwq/contracts';
import { Button, Form, Result, Steps } from 'antd';
import { useApp } from '../../../platform/useApp.ts';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CaptchaRow } from '../captcha/CaptchaRow.tsx';
import { useCaptcha } from '../login/useCaptcha.ts';
import { postPasswordChange, postPhoneVerification, postQuerySysUser } from '../register/account.api.ts';
import styles from '../register/account.module.css';
import { confirmPasswordRules, newPasswordRules } from '../register/passwordRules.ts';
import { phoneRules, SmsCodeField } from '../register/SmsCodeField.tsx';

type Account = { username: string; ticket: string };
type Verified = { username: string; phone: string; smscode: string };

/** Runs one call; a business failure is shown, a transport failure was shown by the http client. */
function useSubmit() {
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(call: () => Promise<{ success: boolean; message: string; result: T }>, then: (result: T) => void) => {
    setBusy(true);
    try {
      const answer = await call();
      if (answer.success) then(answer.result);
      else message.error(answer.message);
    } catch {
      // already shown
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Step 1: the account and the image captcha. */
function ConfirmAccount({ onDone }: { onDone: (account: Account) => void }) {
  const [form] = Form.useForm<{ username: string; captcha: string }>();
  const captcha = useCaptcha(true);
  const { busy, run } = useSubmit();
  const finish = (v: { username: string; captcha: string }) =>
    run(
      () => postQuerySysUser({ username: v.username.trim(), captcha: v.captcha.trim(), checkKey: captcha.key }),
      (result) => onDone(result),
    ).finally(() => {
      form.resetFields(['captcha']);
      captcha.refresh();
    });
  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={finish}>
      <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: RegisterMsg.usernameRequired }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入要找回密码的账号" autoComplete="username" maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item label="图片验证码" required>
        <CaptchaRow captcha={captcha} large>
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: '请输入图片验证码' }]}>
            <Input prefix={<SafetyOutlined />} placeholder="图片验证码" autoComplete="off" maxLength={8} aria-label="图片验证码" />
          </Form.Item>
        </CaptchaRow>
      </Form.Item>
      <SubmitItem busy={busy}>下一步</SubmitItem>
    </Form>
  );
}

/** A step's one button, the width of the form. */
function SubmitItem({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {children}
      </Button>
    </Form.Item>
  );
}

/** Step 2: the phone bound to the account and the code sent to it. */
function VerifyPhone({ account, onDone }: { account: Account; onDone: (v: Verified) => void }) {
  const [form] = Form.useForm<{ phone: string; smscode: string }>();
  const { busy, run } = useSubmit();
  const finish = (v: { phone: string; smscode: string }) => {
    const body = { username: account.username, phone: v.phone.trim(), smscode: v.smscode.trim() };
    return run(
      () => postPhoneVerification(body),
      () => onDone(body),
    );
  };
  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={finish}>
      <p>
        账号：<strong>{account.username}</strong>。请输入该账号绑定的手机号，验证码将发送到这个手机。
      </p>
      <Form.Item label="手机号" name="phone" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="账号绑定的手机号" autoComplete="tel" inputMode="tel" maxLength={11} autoFocus />
      </Form.Item>
      <SmsCodeField form={form} phoneField="phone" smsmode={SmsMode.forgot} ticket={account} />
      <SubmitItem busy={busy}>下一步</SubmitItem>
    </Form>
  );
}

/** Step 3: the new password; the verified code is used up here. */
function NewPassword({ verified, onDone }: { verified: Verified; onDone: () => void }) {
  const { busy, run } = useSubmit();
  const finish = (v: { password: string; confirmpassword: string }) => run(() => postPasswordChange({ ...verified, ...v }), onDone);
  return (
    <Form layout="vertical" size="large" requiredMark={false} onFinish={finish}>
      <Form.Item label="新密码" name="password" rules={newPasswordRules}>
        <Password prefix={<LockOutlined />} placeholder="8位以上，含字母和数字" autoComplete="new-password" maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={confirmPasswordRules()}>
        <Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <SubmitItem busy={busy}>提交</SubmitItem>
    </Form>
  );
}

/** spec §2 /user/alteration, four step screens (JEECG-API §2.5 Step1–Step3 and the result; issue #27). */
export function Alteration() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<Account | null>(null);
  const [verified, setVerified] = useState<Verified | null>(null);
  return (
    <div className={styles.form}>
      <h2 className={styles.heading}>找回密码</h2>
      <Steps
        className={styles.steps}
        current={step}
        size="small"
        responsive={false}
        labelPlacement="vertical"
        items={[{ title: '确认账号' }, { title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {step === 0 && (
        <ConfirmAccount
          onDone={(a) => {
            setAccount(a);
            setStep(1);
          }}
        />
      )}
      {step === 1 && account && (
        <VerifyPhone
          account={account}
          onDone={(v) => {
            setVerified(v);
            setStep(2);
          }}
        />
      )}
      {step === 2 && verified && <NewPassword verified={verified} onDone={() => setStep(3)} />}
      {step === 3 && (
        <Result
          status="success"
          title="密码重置完成"
          subTitle="该账号原有的登录已全部退出，请使用新密码登录。"
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/user/login')}>
              去登录
            </Button>
          }
        />
      )}
      {step < 3 && (
        <div className={styles.links}>
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </div>
  );
}
