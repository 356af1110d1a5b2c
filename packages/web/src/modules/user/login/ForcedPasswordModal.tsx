import { Msg } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Alert } from 'antd';
import { PasswordModal } from '../../../components/password/PasswordModal.tsx';

type Props = { username: string; onChanged: () => void; onCancel: () => void };

/**
 * After signing in with an imported JeecgBoot password too weak for §5 (issue 40): the server opens nothing
 * but 修改密码 until a new one is set, so the app is entered only after it; cancelling signs out.
 */
export function ForcedPasswordModal(props: Props) {
  return (
    <QueryClientProvider client={client}>
      <ForcedPasswordForm {...props} />
    </QueryClientProvider>
  );
}

/**
 * The login page carries no query cache (issue 35: the signed-in shell brings it), and the dialog's save goes
 * through one: without it the dialog failed to open in the browser ("No QueryClient set").
 */
const client = new QueryClient();

function ForcedPasswordForm({ username, onChanged, onCancel }: Props) {
  return (
    <PasswordModal
      username={username}
      title="请先修改密码"
      onSaved={onChanged}
      onClose={onCancel}
      formName="forcedPassword"
      notice={
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={Msg.passwordMustChange}
          description="新密码至少8位，须同时包含字母和数字。修改后即可进入系统。"
        />
      }
    />
  );
}
