import { DeleteOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { UserRecord } from '@sbwq/contracts';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListContext, RowAction } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { feedback } from '../../../platform/feedback.ts';
import { showAnswer, showFailure } from '../../../platform/result.ts';
import { frozenBatch } from './user.api.ts';
import { USER_LIST_KEY, userDefinition } from './user.list.tsx';
import { RecycleBinDrawer } from './RecycleBinDrawer.tsx';
import { UserPasswordModal } from './UserPasswordModal.tsx';

const FROZEN = 2;
const NORMAL = 1;

/** 用户管理 (system/UserList). */
export function UserList() {
  const [passwordFor, setPasswordFor] = useState<UserRecord | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const reloadList = useReloadList(USER_LIST_KEY);
  const { can } = useAccess();

  const definition = useMemo(() => {
    const actions: RowAction<UserRecord>[] = [
      { key: 'password', label: '密码', code: 'system:user:changePassword', onClick: (user) => setPasswordFor(user) },
      {
        key: 'freeze',
        label: '冻结',
        code: 'system:user:frozen',
        visible: (user) => user.status === NORMAL,
        confirm: (user) => `确定冻结用户 ${user.username} 吗?`,
        onClick: (user) => frozenBatch([user.id], FROZEN),
      },
      {
        key: 'unfreeze',
        label: '解冻',
        code: 'system:user:frozen',
        visible: (user) => user.status === FROZEN,
        confirm: (user) => `确定解冻用户 ${user.username} 吗?`,
        onClick: (user) => frozenBatch([user.id], NORMAL),
      },
    ];
    const freezeSelected = (context: ListContext<UserRecord>, status: 1 | 2) =>
      feedback().modal.confirm({
        title: '确认操作',
        content: `确定${status === FROZEN ? '冻结' : '解冻'}选中的 ${context.selectedKeys.length} 个用户吗?`,
        okText: '确定',
        cancelText: '取消',
        onOk: async () => {
          try {
            if (showAnswer(await frozenBatch(context.selectedKeys, status))) {
              context.clearSelection();
              context.reload();
            }
          } catch (error) {
            showFailure(error);
          }
        },
      });
    return userDefinition(actions, (context) => {
      const recycle = can('system:user:recycle');
      const freeze = can('system:user:frozen') && context.selectedKeys.length > 0;
      if (!recycle && !freeze) return null;
      return (
        <>
          {recycle && (
            <Button icon={<DeleteOutlined />} onClick={() => setBinOpen(true)}>
              回收站
            </Button>
          )}
          {freeze && (
            <>
              <Button icon={<LockOutlined />} onClick={() => freezeSelected(context, FROZEN)}>
                冻结
              </Button>
              <Button icon={<UnlockOutlined />} onClick={() => freezeSelected(context, NORMAL)}>
                解冻
              </Button>
            </>
          )}
        </>
      );
    });
  }, [can]);

  return (
    <>
      <ListPage definition={definition} />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
      <RecycleBinDrawer open={binOpen} onClose={() => setBinOpen(false)} onRestored={reloadList} />
    </>
  );
}
