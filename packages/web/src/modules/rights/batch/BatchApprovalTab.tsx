import type { ApprovalRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { kindColumns } from '../../../components/list/columnKinds.tsx';
import { formatMoneyInText } from '../../../platform/format.ts';
import { RESULT_COLORS } from '../../approval/approval.api.ts';
import { batchApi, batchKey } from './batch.api.ts';

/** 审批记录 of a batch: 初审, 复审 and 结案审核, oldest first (DOMAIN.md approval). */
export function BatchApprovalTab({ batchId }: { batchId: string }) {
  const records = useQuery({ queryKey: batchKey(batchId, 'approvals'), queryFn: ({ signal }) => batchApi.approvals(batchId, signal) });
  return (
    <Table<ApprovalRecord>
      rowKey="id"
      size="small"
      loading={records.isFetching}
      dataSource={records.data?.records ?? []}
      pagination={false}
      scroll={{ x: 800 }}
      locale={{ emptyText: '暂无审批记录' }}
      columns={kindColumns<ApprovalRecord>(
        [
          { title: '业务', dataIndex: 'bizType', width: 100, render: (_, r) => r.bizType_dictText ?? r.bizType },
          { title: '节点', dataIndex: 'node', width: 90, render: (_, r) => r.node_dictText ?? r.node },
          { title: '结果', dataIndex: 'result', width: 90, render: (_, r) => <Tag color={RESULT_COLORS[r.result]}>{r.result_dictText ?? r.result}</Tag> },
          { title: '意见', dataIndex: 'opinion', render: (value: string | null) => formatMoneyInText(value) },
          { title: '审批人', dataIndex: 'approverName', width: 110 },
          { title: '审批时间', dataIndex: 'approveTime', kind: 'datetime' },
        ],
        'small',
      )}
    />
  );
}
