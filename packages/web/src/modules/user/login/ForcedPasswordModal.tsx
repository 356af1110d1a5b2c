import { Msg } from '@sbwq/contracts';
import { Alert, Form, Input, type FormRule } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { putUpdatePassword } from '../../../platform/auth.api.ts';

type Values = { oldpassword: string; password: string; confirmpassword: string };

// spec §5 修改密码's field rules, as the shell's dialog has them
const rules: Record<keyof Values, FormRule[]> = {
  oldpassword: [{ required: true, message: Msg.oldPasswordRequired }],
  password: [{ required: true, message: Msg.newPasswordRequired }],
  confirmpassword: [
    { required: true, message: Msg.confirmPasswordRequired },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(Msg.passwordsDiffer)),
    }),
  ],
};

type Props = { username: string; onChanged: () => void; onCancel: () => void };

/**
 * After signing in with an imported JeecgBoot password too weak for §5 (issue 40): the server opens nothing
 * but 修改密码 until a new one is set, so the app is entered only after it; cancelling signs out.
 */
export function ForcedPasswordModal({ username, onChanged, onCancel }: Props) {
  const dialog = useModalForm<never, Values>({
    open: true,
    initial: () => ({}),
    save: (values) => putUpdatePassword({ username, ...values }),
    onSaved: onChanged,
    onClose: () => undefined,
  });

  return (
    <FormModal dialog={dialog} onClose={onCancel} open title="请先修改密码" width={520}>
      <Alert type="warning" showIcon style={{ marginTop: 16 }} title={Msg.passwordMustChange} description="新密码至少8位，须同时包含字母和数字。修改后即可进入系统。" />
      <Form<Values>
        // its own field ids: the login form behind it has a `password` field too
        name="forcedPassword"
        form={dialog.form}
        labelCol={{ xs: { span: 24 }, sm: { span: 6 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
        onFinish={() => void dialog.submit()}
        style={{ marginTop: 24 }}
      >
        <Form.Item label="旧密码" name="oldpassword" rules={rules.oldpassword}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" maxLength={128} autoFocus />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={rules.password}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={rules.confirmpassword}>
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </FormModal>
  );
}
