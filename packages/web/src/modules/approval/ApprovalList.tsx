import type { ApprovalRecord } from '@sbwq/contracts';
import { Tag } from 'antd';
import { ListPage } from '../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../components/list/types.ts';
import { APPROVAL_LIST_KEY, approvalApi, RESULT_COLORS } from './approval.api.ts';
import { ApprovalPerm } from '@sbwq/contracts';

/**
 * 审批记录 (rights/ApprovalList, DOMAIN.md approval): every decision, written in the same transaction as
 * the status it changed. Staff see all; an organisation sees the records of its own business.
 */
const definition: ListDefinition<ApprovalRecord> = {
  key: APPROVAL_LIST_KEY,
  entity: '审批记录',
  permission: ApprovalPerm,
  api: { list: approvalApi.list },
  selectable: false,
  defaultSort: { column: 'approveTime', order: 'desc' },
  search: [
    { name: 'bizType', label: '业务类型', type: 'dict', dictCode: 'approval_biz_type' },
    { name: 'result', label: '审批结果', type: 'dict', dictCode: 'approval_result' },
    { name: 'bizTitle', label: '事项', hidden: true },
    { name: 'approverName', label: '审批人', hidden: true },
    { name: 'approveTime', label: '审批时间', type: 'dateRange', hidden: true },
  ],
  columns: [
    { title: '业务类型', dataIndex: 'bizType', width: 110, align: 'center', render: (_, r) => r.bizType_dictText ?? r.bizType },
    { title: '事项', dataIndex: 'bizTitle', ellipsis: true },
    { title: '审批节点', dataIndex: 'node', width: 100, align: 'center', render: (_, r) => r.node_dictText ?? r.node },
    {
      title: '结果',
      dataIndex: 'result',
      width: 90,
      align: 'center',
      render: (value: string, r) => <Tag color={RESULT_COLORS[value]}>{r.result_dictText ?? value}</Tag>,
    },
    { title: '审核意见', dataIndex: 'opinion', ellipsis: true },
    { title: '审批人', dataIndex: 'approverName', width: 120 },
    { title: '审批时间', dataIndex: 'approveTime', kind: 'datetime', sorter: true },
  ],
  detail: [
    { label: '业务类型', render: (r) => r.bizType_dictText ?? r.bizType },
    { label: '事项', field: 'bizTitle' },
    { label: '审批节点', render: (r) => r.node_dictText ?? r.node },
    { label: '结果', render: (r) => r.result_dictText ?? r.result },
    { label: '审批人', field: 'approverName' },
    { label: '审批时间', field: 'approveTime' },
    { label: '审核意见', field: 'opinion', span: 3 },
  ],
};

export function ApprovalList() {
  return <ListPage definition={definition} />;
}
