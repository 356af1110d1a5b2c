import { DeleteOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { UserPerm, type UserRecord } from '@sbwq/contracts';
import { Button } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { BatchAction, RowAction } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { frozenBatch } from './user.api.ts';
import { USER_LIST_KEY, userDefinition } from './user.list.tsx';
import { RecycleBinDrawer } from './RecycleBinDrawer.tsx';
import { UserPasswordModal } from './UserPasswordModal.tsx';

const FROZEN = 2;
const NORMAL = 1;
type UserStatus = typeof FROZEN | typeof NORMAL;

/** 冻结 / 解冻 of one user: offered while the user is `from`, it moves the user to `to`. */
const statusAction = (key: string, label: string, from: UserStatus, to: UserStatus): RowAction<UserRecord> => ({
  key,
  label,
  code: UserPerm.frozen,
  visible: (user) => user.status === from,
  confirm: (user) => `确定${label}用户 ${user.username} 吗?`,
  onClick: (user) => frozenBatch([user.id], to),
});

/** 冻结 / 解冻 of the selected users. */
const frozenAction = (key: string, label: string, icon: ReactNode, status: UserStatus): BatchAction<UserRecord> => ({
  key,
  label,
  code: UserPerm.frozen,
  icon,
  confirm: (count) => `确定${label}选中的 ${count} 个用户吗?`,
  onClick: (ids) => frozenBatch(ids, status),
});

/** 用户管理 (system/UserList). */
export function UserList() {
  const [passwordFor, setPasswordFor] = useState<UserRecord | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const reloadList = useReloadList(USER_LIST_KEY);
  const { can } = useAccess();

  const definition = useMemo(() => {
    const actions: RowAction<UserRecord>[] = [
      { key: 'password', label: '密码', code: UserPerm.changePassword, onClick: (user) => setPasswordFor(user) },
      statusAction('freeze', '冻结', NORMAL, FROZEN),
      statusAction('unfreeze', '解冻', FROZEN, NORMAL),
    ];
    const batchActions = [frozenAction('freeze', '冻结', <LockOutlined />, FROZEN), frozenAction('unfreeze', '解冻', <UnlockOutlined />, NORMAL)];
    const toolbar = () =>
      can(UserPerm.recycle) ? (
        <Button icon={<DeleteOutlined />} onClick={() => setBinOpen(true)}>
          回收站
        </Button>
      ) : null;
    return { ...userDefinition(actions, toolbar), batchActions };
  }, [can]);

  return (
    <>
      <ListPage definition={definition} />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
      <RecycleBinDrawer open={binOpen} onClose={() => setBinOpen(false)} onRestored={reloadList} />
    </>
  );
}
