import type { ApprovalTodo } from '@sbwq/contracts';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { APPROVAL_TODO_KEY, approvalApi } from './approval.api.ts';
import { TodoDecision } from './TodoDecision.tsx';
import { BatchTodoDecision, isBatchTodo } from '../batch/BatchTodoDecision.tsx';

/**
 * 待我审批 (rights/ApprovalTodoList, DOMAIN.md "One 审批 screen lists what waits for me"): enrolments,
 * certifications, rights records, bank accounts and clue batches waiting for the caller's approval rights, never the
 * caller's own submissions; newest first, sortable by type, organisation and submission time, searched
 * by organisation and subject (事项).
 */
export function ApprovalTodoList() {
  const [deciding, setDeciding] = useState<ApprovalTodo | null>(null);
  const reload = useReloadList(APPROVAL_TODO_KEY);
  const definition = useMemo<ListDefinition<ApprovalTodo>>(
    () => ({
      key: APPROVAL_TODO_KEY,
      entity: '待审批事项',
      permission: 'rights:approval',
      rowKey: (todo) => `${todo.bizType}:${todo.bizId}`,
      api: { list: approvalApi.todo },
      selectable: false,
      detail: false,
      // newest first: a new submission is on page 1
      defaultSort: { column: 'submitTime', order: 'desc' },
      search: [
        { name: 'bizType', label: '业务类型', type: 'dict', dictCode: 'approval_biz_type' },
        { name: 'orgName', label: '机构' },
        { name: 'bizTitle', label: '事项' },
      ],
      columns: [
        { title: '业务类型', dataIndex: 'bizType', width: 110, align: 'center', sorter: true, render: (_, todo) => <Tag color="blue">{todo.bizType_dictText ?? todo.bizType}</Tag> },
        { title: '事项', dataIndex: 'bizTitle', ellipsis: true },
        { title: '机构', dataIndex: 'orgName', ellipsis: true, sorter: true },
        { title: '审批节点', dataIndex: 'node', width: 100, align: 'center', render: (_, todo) => todo.node_dictText ?? todo.node },
        { title: '提交人', dataIndex: 'submitByName', width: 120 },
        { title: '提交时间', dataIndex: 'submitTime', kind: 'datetime', sorter: true },
      ],
      rowActions: [{ key: 'decide', label: '审批', inline: true, onClick: (todo) => setDeciding(todo) }],
    }),
    [],
  );
  return (
    <>
      <ListPage definition={definition} />
      <TodoDecision todo={isBatchTodo(deciding) ? null : deciding} onClose={() => setDeciding(null)} onDone={reload} />
      <BatchTodoDecision todo={deciding} onClose={() => setDeciding(null)} onDone={reload} />
    </>
  );
}
