import type { UserInfo } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { updateUserInfo } from '../../../platform/session.ts';
import { accountKeys } from './account.api.ts';

/** After a new phone or e-mail: the stored user (header, 基本设置) takes the answer, 个人中心 reloads. */
export function useContactSaved() {
  const queryClient = useQueryClient();
  return (result: { userInfo: UserInfo }) => {
    updateUserInfo(result.userInfo);
    void queryClient.invalidateQueries({ queryKey: accountKeys.center });
  };
}
