import { Msg, type UpdatePasswordBody } from '@sbwq/contracts';
import { Form, Input, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { FormModal } from '../form/FormModal.tsx';
import { useModalForm } from '../form/useModalForm.ts';
import { putUpdatePassword } from '../../platform/auth.api.ts';

type Values = Omit<UpdatePasswordBody, 'username'>;

/** spec §5 "Change password": the field rules, shown as each field's validation message. */
export const passwordRules: Record<keyof Values, FormRule[]> = {
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

/** The three fields of 修改密码, in a form of `Values`; Enter in a field submits. */
export function PasswordFields() {
  return (
    <>
      <Form.Item label="旧密码" name="oldpassword" rules={passwordRules.oldpassword}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" maxLength={128} autoFocus />
      </Form.Item>
      <Form.Item label="新密码" name="password" rules={passwordRules.password}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={passwordRules.confirmpassword}>
        <Input.Password placeholder="请确认新密码" autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <button type="submit" hidden aria-hidden />
    </>
  );
}

type Props = {
  username: string;
  onClose: () => void;
  /** a dialog that goes on elsewhere once the password is changed (the forced change at sign-in): it closes itself */
  onSaved?: () => void;
  title?: string;
  /** shown above the fields */
  notice?: ReactNode;
  /** the form's name, which prefixes its field ids (a page behind the dialog may have a `password` field too) */
  formName?: string;
};

/**
 * 密码修改 (spec §2 "Dialogs", §7 updatePassword): the server checks the old password and the new
 * one's strength; its message is shown when it refuses (e.g. 旧密码输入错误!).
 */
export function PasswordModal({ username, onClose, onSaved, title = '修改密码', notice, formName }: Props) {
  const dialog = useModalForm<never, Values>({
    open: true,
    initial: () => ({}),
    save: (values) => putUpdatePassword({ username, ...values }),
    onSaved: onSaved ?? (() => undefined),
    onClose: onSaved ? () => undefined : onClose,
  });

  return (
    <FormModal dialog={dialog} onClose={onClose} open title={title} width={520}>
      {notice}
      <Form<Values>
        name={formName}
        form={dialog.form}
        labelCol={{ xs: { span: 24 }, sm: { span: 6 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
        onFinish={() => void dialog.submit()}
        style={{ marginTop: 24 }}
      >
        <PasswordFields />
      </Form>
    </FormModal>
  );
}
