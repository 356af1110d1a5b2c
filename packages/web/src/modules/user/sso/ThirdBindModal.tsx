import { Msg, type LoginResult, type ThirdBindAccountBody } from '@sbwq/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useApp } from '../../../platform/useApp.ts';
import { useState } from 'react';
import { interpretLogin } from '../../../platform/session.ts';
import { CaptchaRow } from '../captcha/CaptchaRow.tsx';
import { useCaptcha } from '../login/useCaptcha.ts';
import { postThirdBindAccount } from './sso.api.ts';
import { providerLabel } from '../../../platform/sso.ts';

type Values = { username: string; password: string; captcha?: string };

/**
 * A first sign-in through a provider: the account it is to sign in as, proved by its password under the
 * password login's rules (captcha after failures, lockout). Cancelling refuses the sign-in; no account
 * is ever created here.
 */
export function ThirdBindModal({
  bindToken,
  provider,
  onCancel,
  onSignedIn,
}: {
  bindToken: string;
  provider: string;
  onCancel: () => void;
  onSignedIn: (result: LoginResult) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const [submitting, setSubmitting] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(needCaptcha);
  const label = providerLabel(provider);

  const handleSubmit = async (values: Values) => {
    const body: ThirdBindAccountBody = { bindToken, username: values.username.trim(), password: values.password };
    if (needCaptcha) {
      body.captcha = values.captcha?.trim();
      body.checkKey = captcha.key;
    }
    setSubmitting(true);
    try {
      const outcome = interpretLogin(await postThirdBindAccount(body));
      if (outcome.kind === 'ok') {
        message.success('绑定成功');
        await onSignedIn(outcome.result);
        return;
      }
      if (outcome.kind === 'failed' && outcome.needCaptcha) setNeedCaptcha(true);
      message.error(outcome.kind === 'goIndex' ? Msg.loginFailed : outcome.message);
      form.resetFields(['password', 'captcha']);
      if (needCaptcha) captcha.refresh();
    } catch {
      // the http client has told the user (spec §8)
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open
      title={`绑定${label}账号`}
      okText="绑定并登录"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={`这是您第一次使用${label}登录，请输入本系统已有的账号和密码完成绑定；以后可直接使用${label}登录。`}
        style={{ marginBottom: 16 }}
      />
      <Form<Values> form={form} name="thirdBind" layout="vertical" requiredMark={false} onFinish={handleSubmit}>
        <Form.Item label="本系统账号" name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
          <Input autoComplete="username" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item label="本系统密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        {needCaptcha && (
          <Form.Item label="验证码" required>
            <CaptchaRow captcha={captcha}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: Msg.captchaRequired }]}>
                <Input placeholder="请输入验证码" autoComplete="off" maxLength={8} aria-label="验证码" />
              </Form.Item>
            </CaptchaRow>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
