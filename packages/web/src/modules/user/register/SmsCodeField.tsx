import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { MOBILE_PATTERN, SMS_RESEND_SECONDS, SmsMsg, type Envelope, type SmsModeValue } from '@sbwq/contracts';
import { Button, Form, type FormInstance } from 'antd';
import { useApp } from '../../../platform/useApp.ts';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import styles from '../login/Login.module.css';
import own from './account.module.css';
import { CaptchaRow } from '../captcha/CaptchaRow.tsx';
import { useCaptcha } from '../login/useCaptcha.ts';
import { sendSms } from './account.api.ts';
import { useCountdown } from './useCountdown.ts';

type Props = {
  form: FormInstance;
  /** the form field holding the phone */
  phoneField: string;
  codeField?: string;
} & (
  | {
      smsmode: SmsModeValue;
      /** smsmode 2: the ticket of step 1 replaces the image captcha */
      ticket?: { username: string; ticket: string };
      send?: never;
    }
  | {
      /** a signed-in user's own call (安全设置's new phone): the session replaces the image captcha */
      send: (mobile: string) => Promise<Envelope<unknown>>;
      smsmode?: never;
      ticket?: never;
    }
);

/**
 * The SMS code input with its 获取验证码 button: the image captcha first (smsmode 0 and 1), then a
 * 60-second countdown before the next code may be asked for.
 */
export function SmsCodeField({ form, phoneField, smsmode, ticket, send: sendOwn, codeField = 'smscode' }: Props) {
  const { message } = useApp();
  const needCaptcha = !ticket && !sendOwn;
  const captcha = useCaptcha(needCaptcha);
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    let values: Record<string, string>;
    try {
      values = await form.validateFields([phoneField]);
    } catch {
      return;
    }
    // The image captcha is asked for sending only, so it is checked here and not by the form's submit.
    const imageCaptcha = String(form.getFieldValue('imageCaptcha') ?? '').trim();
    if (needCaptcha && !imageCaptcha) {
      form.setFields([{ name: 'imageCaptcha', errors: [SmsMsg.captchaRequired] }]);
      return;
    }
    setSending(true);
    try {
      const mobile = values[phoneField].trim();
      const answer = sendOwn
        ? await sendOwn(mobile)
        : await sendSms({ mobile, smsmode: smsmode!, ...(ticket ? ticket : { captcha: imageCaptcha, checkKey: captcha.key }) });
      if (answer.success) {
        message.success(answer.message);
        startCountdown(SMS_RESEND_SECONDS);
      } else message.error(answer.message);
    } catch {
      // the http client has told the user
    } finally {
      setSending(false);
      if (needCaptcha) {
        form.resetFields(['imageCaptcha']);
        captcha.refresh();
      }
    }
  };

  return (
    <>
      {needCaptcha && (
        <Form.Item label="图片验证码" required extra="获取短信验证码前填写">
          <CaptchaRow captcha={captcha} large>
            <Form.Item name="imageCaptcha" noStyle>
              <Input prefix={<SafetyOutlined />} placeholder="图片验证码" autoComplete="off" maxLength={8} aria-label="图片验证码" />
            </Form.Item>
          </CaptchaRow>
        </Form.Item>
      )}
      <Form.Item label="短信验证码" required>
        <div className={styles.captchaRow}>
          <Form.Item name={codeField} noStyle rules={[{ required: true, whitespace: true, message: SmsMsg.codeRequired }]}>
            <Input prefix={<MailOutlined />} placeholder="短信验证码" autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label="短信验证码" />
          </Form.Item>
          <Button className={own.smsButton} onClick={send} loading={sending} disabled={left > 0}>
            {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}

export const phoneRules = [
  { required: true, whitespace: true, message: SmsMsg.mobileRequired },
  { pattern: MOBILE_PATTERN, message: SmsMsg.mobileFormat },
];
