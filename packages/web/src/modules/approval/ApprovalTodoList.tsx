import { ApprovalPerm, ApprovalBizType, ClaimRoute, type ApprovalTodo } from '@sbwq/contracts';
import { Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListPage } from '../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../components/list/types.ts';
import { useReloadList } from '../../components/list/useListData.ts';
import { notifyError } from '../../platform/feedback.ts';
import { ClaimTodoDecision, isClaimTodo } from '../finance/claim/ClaimTodoDecision.tsx';
import { BatchTodoDecision, isBatchTodo } from '../rights/batch/BatchTodoDecision.tsx';
import { APPROVAL_TODO_KEY, approvalApi } from './approval.api.ts';
import { RECORD_TODO_TYPES, TodoDecision } from './TodoDecision.tsx';

/** Where a waiting item's own page is (a batch's detail, the claim's detail in 报销管理); null when it has none. */
export function todoPage(todo: ApprovalTodo): string | null {
  if (todo.bizType === ApprovalBizType.threaded || todo.bizType === ApprovalBizType.closure) return `/rights/batch/detail/${encodeURIComponent(todo.bizId)}`;
  if (todo.bizType === ApprovalBizType.claim) return `${ClaimRoute.claimList}?id=${encodeURIComponent(todo.bizId)}`;
  return null;
}

/** Whether some dialog of this screen decides the item's type. */
const decidable = (todo: ApprovalTodo) => RECORD_TODO_TYPES.includes(todo.bizType) || isBatchTodo(todo) || isClaimTodo(todo);

/**
 * 待我审批 (rights/ApprovalTodoList, DOMAIN.md "One 审批 screen lists what waits for me"): enrolments,
 * certifications, rights records, bank accounts, clue batches, closures and claims waiting for the
 * caller's approval rights, never the caller's own submissions; newest first, sortable by type,
 * organisation and submission time, searched by organisation and subject (事项). Each type is decided in
 * its own review dialog, with the fields its own list offers.
 */
export function ApprovalTodoList() {
  const [deciding, setDeciding] = useState<ApprovalTodo | null>(null);
  const reload = useReloadList(APPROVAL_TODO_KEY);
  const close = useCallback(() => setDeciding(null), []);
  const decide = useCallback((todo: ApprovalTodo) => {
    if (decidable(todo)) setDeciding(todo);
    else notifyError(`无法审批：未知的业务类型「${todo.bizType_dictText ?? todo.bizType}」`);
  }, []);
  const definition = useMemo<ListDefinition<ApprovalTodo>>(
    () => ({
      key: APPROVAL_TODO_KEY,
      entity: '待审批事项',
      permission: ApprovalPerm,
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
        {
          title: '业务类型',
          dataIndex: 'bizType',
          width: 110,
          align: 'center',
          sorter: true,
          render: (_, todo) => <Tag color="blue">{todo.bizType_dictText ?? todo.bizType}</Tag>,
        },
        {
          title: '事项',
          dataIndex: 'bizTitle',
          ellipsis: true,
          render: (_, todo) => {
            const page = todoPage(todo);
            return page ? (
              <Link to={page} title={todo.bizTitle} className="todo-subject">
                {todo.bizTitle}
              </Link>
            ) : (
              <Typography.Text title={todo.bizTitle}>{todo.bizTitle}</Typography.Text>
            );
          },
        },
        { title: '机构', dataIndex: 'orgName', ellipsis: true, sorter: true },
        { title: '审批节点', dataIndex: 'node', width: 100, align: 'center', render: (_, todo) => todo.node_dictText ?? todo.node },
        { title: '提交人', dataIndex: 'submitByName', width: 120 },
        { title: '提交时间', dataIndex: 'submitTime', kind: 'datetime', sorter: true },
      ],
      rowActions: [{ key: 'decide', label: '审批', inline: true, onClick: decide }],
    }),
    [decide],
  );
  return (
    <>
      <ListPage definition={definition} />
      <TodoDecision todo={deciding} onClose={close} onDone={reload} />
      <BatchTodoDecision todo={deciding} onClose={close} onDone={reload} />
      <ClaimTodoDecision todo={deciding} onClose={close} onDone={reload} />
    </>
  );
}
