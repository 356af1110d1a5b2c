import type { BatchLogRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { kindColumns } from '../../../components/list/columnKinds.tsx';
import { formatMoneyInText } from '../../../platform/format.ts';
import { batchApi, batchKey } from './batch.api.ts';

/** 操作日志 of a batch, newest first: who created, changed, submitted, decided and enforced it. */
export function BatchLogTab({ batchId }: { batchId: string }) {
  const logs = useQuery({ queryKey: batchKey(batchId, 'logs'), queryFn: ({ signal }) => batchApi.logs(batchId, signal) });
  return (
    <Table<BatchLogRecord>
      rowKey="id"
      size="small"
      loading={logs.isFetching}
      dataSource={logs.data ?? []}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 700 }}
      locale={{ emptyText: '暂无操作日志' }}
      columns={kindColumns<BatchLogRecord>(
        [
          { title: '时间', dataIndex: 'createTime', kind: 'datetime' },
          { title: '操作', dataIndex: 'action', width: 110 },
          { title: '说明', dataIndex: 'detail', render: (value: string | null) => formatMoneyInText(value) },
          { title: '操作人', dataIndex: 'operatorName', width: 120, render: (value: string | null, r) => value ?? r.createBy },
        ],
        'small',
      )}
    />
  );
}
