import { MobileOutlined } from '@ant-design/icons';
import { Msg, SmsMode, type LoginResult } from '@sbwq/contracts';
import { Button, Form } from 'antd';
import { useApp } from '../../../platform/useApp.ts';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { interpretLogin } from '../../../platform/session.ts';
import { postPhoneLogin } from '../register/account.api.ts';
import { phoneRules, SmsCodeField } from '../register/SmsCodeField.tsx';
import styles from './Login.module.css';

type Values = { mobile: string; smscode: string; imageCaptcha?: string };

/**
 * Login tab 手机号登录 (issue #27): phone and SMS code (`/sys/sms` smsmode 0 after the image captcha,
 * 60 s between codes) → `POST /sys/phoneLogin`; a signed-in answer goes the way of password login.
 */
export function PhoneLogin({ onSignedIn, disabled }: { onSignedIn: (result: LoginResult, username: string) => Promise<void>; disabled?: boolean }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const [submitting, setSubmitting] = useState(false);

  const finish = async (values: Values) => {
    setSubmitting(true);
    try {
      const outcome = interpretLogin(await postPhoneLogin({ mobile: values.mobile.trim(), captcha: values.smscode.trim() }));
      if (outcome.kind === 'ok') await onSignedIn(outcome.result, outcome.result.userInfo.username);
      else if (outcome.kind === 'failed' || outcome.kind === 'denied') message.error(outcome.message || Msg.loginFailed);
    } catch {
      // the http client has told the user
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" size="large" requiredMark={false} onFinish={finish} className={styles.form} disabled={disabled}>
      <Form.Item label="手机号" name="mobile" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
      </Form.Item>
      <SmsCodeField form={form} phoneField="mobile" smsmode={SmsMode.login} />
      <Form.Item className={styles.submit}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
