import { DepartPerm, type DepartTreeNode, type UserRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Modal, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { UserPickerModal } from '../shared/UserPickerModal.tsx';
import { AddMembersButton, memberColumns } from '../shared/members.tsx';
import { addDepartUsers, assignDepartRoles, departRolesOf, departUsers, removeDepartUser, removeDepartUsers } from './depart.api.ts';

const CODE = DepartPerm.user;
const KEY = 'system-depart-users';

/**
 * 分配部门角色: the department roles a member holds (deptRoleUserAdd replaces the member's department
 * roles). The server offers no call for the member's current department roles, so the choice starts empty.
 */
function DeptRoleAssignModal({ depart, user, onClose }: { depart: DepartTreeNode; user: UserRecord | null; onClose: () => void }) {
  const roles = useQuery({ queryKey: ['system', 'depart', 'roles', depart.id], queryFn: () => departRolesOf(depart.id), enabled: Boolean(user), staleTime: 0 });
  const [checked, setChecked] = useState<string[]>([]);
  const saving = useApiMutation(({ userId, roleIds }: { userId: string; roleIds: string[] }) => assignDepartRoles(userId, roleIds), {
    onSuccess: () => {
      setChecked([]);
      onClose();
    },
  });
  const handleOk = () => user && saving.run({ userId: user.id, roleIds: checked });

  return (
    <Modal
      open={Boolean(user)}
      title={`分配部门角色：${user?.realname ?? ''}`}
      onOk={handleOk}
      onCancel={onClose}
      confirmLoading={saving.isPending}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Spin spinning={roles.isLoading}>
        {(roles.data ?? []).length === 0 && !roles.isLoading ? (
          <EmptyData description="本部门还没有部门角色" />
        ) : (
          <Checkbox.Group
            value={checked}
            onChange={(values) => setChecked(values.map(String))}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
          />
        )}
      </Spin>
    </Modal>
  );
}

/** 部门用户: the department's members (departUserList), 添加已有用户, removal and department roles. */
export function DepartUserTab({ depart }: { depart: DepartTreeNode }) {
  const [picking, setPicking] = useState(false);
  const [assigning, setAssigning] = useState<UserRecord | null>(null);
  const reload = useReloadList(KEY);
  const { can } = useAccess();

  const definition = useMemo<ListDefinition<UserRecord>>(
    () => ({
      key: KEY,
      entity: '用户',
      permission: DepartPerm,
      codes: { delete: CODE },
      api: {
        list: (params, signal) => departUsers(depart.id, params, signal),
        remove: (user) => removeDepartUser(depart.id, user.id),
        removeBatch: (ids) => removeDepartUsers(depart.id, ids),
      },
      detail: false,
      search: [
        { name: 'username', label: '账号' },
        { name: 'realname', label: '姓名' },
      ],
      columns: memberColumns(),
      rowActions: [{ key: 'roles', label: '分配部门角色', code: CODE, inline: true, onClick: (user) => setAssigning(user) }],
      actionColumnWidth: 200,
      toolbar: () => (can(CODE) ? <AddMembersButton onClick={() => setPicking(true)} /> : null),
    }),
    [depart.id, can],
  );

  const adding = useApiMutation(
    (users: UserRecord[]) =>
      addDepartUsers(
        depart.id,
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
    <>
      <ListPage embedded definition={definition} params={{ depId: depart.id }} />
      <UserPickerModal open={picking} onCancel={() => setPicking(false)} onOk={adding.run} />
      <DeptRoleAssignModal depart={depart} user={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
