import type { UserRecord } from '@sbwq/contracts';
import { Form, Input } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { passwordRules } from '../../../components/password/PasswordModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { changePassword } from './user.api.ts';
import { passwordRule } from './user.list.tsx';

/** 密码: an administrator sets another user's password (PUT /sys/user/changePassword). */
export function UserPasswordModal({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const dialog = useModalForm<never, { password: string; confirmpassword: string }>({
    open: Boolean(user),
    record: null,
    initial: () => ({}),
    load: () => ({ password: '', confirmpassword: '' }),
    save: (values) => changePassword({ username: user!.username, ...values }),
    onSaved: () => undefined,
    onClose,
  });

  return (
    <FormModal dialog={dialog} onClose={onClose} open={Boolean(user)} title="重新设置密码" width={600} forceRender>
      <Form form={dialog.form} name="user-password" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item label="用户账号" htmlFor="user-password_username">
          <Input id="user-password_username" value={user?.username} disabled />
        </Form.Item>
        <Form.Item name="password" label="登录密码" required rules={[passwordRule]}>
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" label="确认密码" dependencies={['password']} rules={passwordRules.confirmpassword}>
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
