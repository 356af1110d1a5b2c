import { MailOutlined } from '@ant-design/icons';
import { changeEmailBody, type ChangeEmailBody } from '@sbwq/contracts';
import { Form, Input } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { accountApi } from './account.api.ts';
import { useContactSaved } from './useContactSaved.ts';

type Props = { onClose: () => void };

/** 安全设置 → 修改安全邮箱: the new address and the current password, which the server checks first. */
export function EmailModal({ onClose }: Props) {
  const saved = useContactSaved();
  const dialog = useModalForm<never, ChangeEmailBody, Awaited<ReturnType<typeof accountApi.changeEmail>>['result']>({
    open: true,
    initial: () => ({}),
    save: (values) => accountApi.changeEmail({ email: values.email.trim(), password: values.password }),
    onSaved: saved,
    onClose,
  });

  return (
    <FormModal dialog={dialog} onClose={onClose} open title="修改安全邮箱" width={520}>
      <Form<ChangeEmailBody> form={dialog.form} layout="vertical" onFinish={() => void dialog.submit()} style={{ marginTop: 16 }}>
        <Form.Item label="新邮箱" name="email" required rules={[zodRule(changeEmailBody.shape.email)]}>
          <Input prefix={<MailOutlined />} placeholder="请输入新邮箱" autoComplete="email" maxLength={45} autoFocus />
        </Form.Item>
        <Form.Item
          label="当前密码"
          name="password"
          required
          rules={[zodRule(changeEmailBody.shape.password)]}
          extra="为保护账号安全，修改邮箱需验证当前登录密码"
        >
          <Input.Password placeholder="请输入当前密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </FormModal>
  );
}
