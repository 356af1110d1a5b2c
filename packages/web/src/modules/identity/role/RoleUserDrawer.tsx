import { RolePerm, type RoleRecord, type UserRecord } from '@sbwq/contracts';
import { Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { UserPickerModal } from '../shared/UserPickerModal.tsx';
import { AddMembersButton, memberColumns } from '../shared/members.tsx';
import { addRoleUsers, removeRoleUser, removeRoleUsers, roleUsers } from './role.api.ts';

const KEY = 'system-role-users';
const CODE = RolePerm.user;

/** 用户: the members of a role (userRoleList), 添加已有用户 through the user picker, and removal. */
export function RoleUserDrawer({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const [picking, setPicking] = useState(false);
  const reload = useReloadList(KEY);
  const { can } = useAccess();
  const roleId = role?.id ?? '';

  const definition = useMemo<ListDefinition<UserRecord>>(
    () => ({
      key: KEY,
      entity: '用户',
      permission: RolePerm,
      codes: { delete: CODE },
      api: {
        list: (params, signal) => roleUsers(roleId, params, signal),
        remove: (user) => removeRoleUser(roleId, user.id),
        removeBatch: (ids) => removeRoleUsers(roleId, ids),
      },
      search: [{ name: 'username', label: '账号' }],
      columns: memberColumns(),
      detail: false,
      toolbar: () => (can(CODE) ? <AddMembersButton onClick={() => setPicking(true)} /> : null),
    }),
    [roleId, can],
  );

  const adding = useApiMutation(
    (users: UserRecord[]) =>
      addRoleUsers(
        roleId,
        users.map((user) => user.id),
      ),
    {
      onSuccess: () => {
        setPicking(false);
        reload();
      },
    },
  );

  return (
    <Drawer title={`角色用户：${role?.roleName ?? ''}`} open={Boolean(role)} onClose={onClose} size={900} destroyOnHidden>
      {role && <ListPage embedded definition={definition} params={{ roleId }} />}
      <UserPickerModal open={picking} onCancel={() => setPicking(false)} onOk={adding.run} />
    </Drawer>
  );
}
