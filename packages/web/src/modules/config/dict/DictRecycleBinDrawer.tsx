import { DictPerm, type DictRecord, type Envelope } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Drawer } from 'antd';
import { useAccess } from '../../../components/access/useAccess.ts';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { confirm } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { deletedDicts, purgeDict, restoreDict } from './dict.api.ts';
import { useActionColumnFixed } from '../../../components/list/tableLayout.ts';

export const purgeConfirmText = (dict: DictRecord) => `彻底删除后无法恢复，确定要彻底删除字典「${dict.dictName}」及其全部字典项吗?`;

/** 字典回收站: deleted dictionaries, restored (还原) or removed with their items for good (彻底删除, after confirmation). */
export function DictRecycleBinDrawer({ open, onClose, onRestored }: { open: boolean; onClose: () => void; onRestored: () => void }) {
  const actionsFixed = useActionColumnFixed();
  const { can } = useAccess();
  const bin = useQuery({ queryKey: ['system', 'dict', 'recycleBin'], queryFn: deletedDicts, enabled: open, staleTime: 0 });

  const change = useApiMutation(({ call }: { call: () => Promise<Envelope<unknown>>; restored: boolean }) => call(), {
    onSuccess: (_result, { restored }) => {
      void bin.refetch();
      if (restored) onRestored();
    },
  });
  const act = (call: () => Promise<Envelope<unknown>>, restored: boolean) => change.run({ call, restored });

  const confirmPurge = (dict: DictRecord) =>
    confirm({
      title: '确认彻底删除',
      content: purgeConfirmText(dict),
      danger: true,
      onOk: () => act(() => purgeDict(dict.id), false),
    });

  return (
    <Drawer title="字典回收站" open={open} onClose={onClose} size={900} destroyOnHidden>
      <DataTable<DictRecord>
        loading={bin.isFetching}
        dataSource={bin.data ?? []}
        empty="回收站是空的"
        columns={[
          { title: '字典名称', dataIndex: 'dictName' },
          { title: '字典编码', dataIndex: 'dictCode' },
          { title: '描述', dataIndex: 'description', ellipsis: true },
          { title: '删除时间', dataIndex: 'updateTime', width: 170 },
          {
            title: '操作',
            fixed: actionsFixed,
            key: 'actions',
            width: 150,
            align: 'center',
            render: (_, dict) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void act(() => restoreDict(dict.id), true)}>
                  还原
                </Button>
                {can(DictPerm.deletePhysic) && (
                  <>
                    <Divider orientation="vertical" />
                    <Button type="link" size="small" danger style={{ padding: 0 }} onClick={() => confirmPurge(dict)}>
                      彻底删除
                    </Button>
                  </>
                )}
              </span>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
