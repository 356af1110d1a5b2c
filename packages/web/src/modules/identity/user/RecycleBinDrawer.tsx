import type { Envelope, UserRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Drawer, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { SelectionBar } from '../../../components/list/SelectionBar.tsx';
import { confirm } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { purgeUsers, recycleBin, restoreUsers } from './user.api.ts';
import { useActionColumnFixed } from '../../../components/list/tableLayout.ts';
import { selectionLabels } from '../../../components/list/selectionLabels.ts';

export const purgeConfirmText = (count: number) => `彻底删除后无法恢复，确定要彻底删除这 ${count} 个用户吗?`;

/** 回收站: deleted users, restored (还原) or removed for good (彻底删除, after confirmation). */
export function RecycleBinDrawer({ open, onClose, onRestored }: { open: boolean; onClose: () => void; onRestored: () => void }) {
  const actionsFixed = useActionColumnFixed();
  const [keys, setKeys] = useState<string[]>([]);
  const bin = useQuery({ queryKey: ['system', 'user', 'recycleBin'], queryFn: recycleBin, enabled: open, staleTime: 0 });

  const change = useApiMutation(({ call }: { call: () => Promise<Envelope<unknown>>; restored: boolean }) => call(), {
    onSuccess: (_result, { restored }) => {
      setKeys([]);
      void bin.refetch();
      if (restored) onRestored();
    },
  });
  const act = (call: () => Promise<Envelope<unknown>>, restored: boolean) => change.run({ call, restored });

  const confirmPurge = (ids: string[]) =>
    confirm({ title: '确认彻底删除', content: purgeConfirmText(ids.length), danger: true, onOk: () => act(() => purgeUsers(ids), false) });

  return (
    <Drawer title="用户回收站" open={open} onClose={onClose} size={900} destroyOnHidden>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" disabled={keys.length === 0} onClick={() => act(() => restoreUsers(keys), true)}>
          批量还原
        </Button>
        <Button danger disabled={keys.length === 0} onClick={() => confirmPurge(keys)}>
          批量彻底删除
        </Button>
      </Space>
      <SelectionBar count={keys.length} onClear={() => setKeys([])} />
      <DataTable<UserRecord>
        loading={bin.isFetching}
        dataSource={bin.data ?? []}
        empty="回收站是空的"
        rowSelection={{ ...selectionLabels(), selectedRowKeys: keys, onChange: (next) => setKeys(next.map(String)) }}
        columns={[
          { title: '用户账号', dataIndex: 'username' },
          { title: '用户姓名', dataIndex: 'realname' },
          { title: '手机号码', dataIndex: 'phone' },
          { title: '删除时间', dataIndex: 'updateTime', width: 170 },
          {
            title: '操作',
            fixed: actionsFixed,
            key: 'actions',
            width: 160,
            align: 'center',
            render: (_, user) => (
              <span>
                <Popconfirm
                  title={`确定还原用户 ${user.username} 吗?`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => act(() => restoreUsers([user.id]), true)}
                >
                  <Button type="link" size="small" style={{ padding: 0 }}>
                    还原
                  </Button>
                </Popconfirm>
                <Divider orientation="vertical" />
                <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => confirmPurge([user.id])}>
                  彻底删除
                </Button>
              </span>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
