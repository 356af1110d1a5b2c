import { approvalFlow, approvalResource } from '@sbwq/contracts';
import { flowApi } from '../../platform/flowApi.ts';
import type { Query } from '../../platform/http.ts';
import { resourceApi } from '../../platform/resourceApi.ts';
import { unwrap } from '../../platform/result.ts';

const flow = flowApi(approvalFlow);

/** Typed calls of 审批 (server: modules/rights/approval). */
export const approvalApi = {
  todo: (params: Query, signal?: AbortSignal) => flow.todo(params, { signal }),
  list: resourceApi(approvalResource).list,
  /** the header's 待审批 count; silent, as the bell's feed is: a failed poll says nothing */
  todoCount: (signal?: AbortSignal) => flow.todoCount(undefined, { signal, silent: true }).then(unwrap),
};

/** 待我审批 in the menu: the header shows its count only to those who have the page. */
export const APPROVAL_TODO_PATH = '/rights/approval/todo';
/** Query key of the header's count; a decision anywhere refreshes it. */
export const APPROVAL_TODO_COUNT_KEY = ['rights', 'approval', 'todoCount'] as const;

export const APPROVAL_TODO_KEY = 'rights-approval-todo';
export const APPROVAL_LIST_KEY = 'rights-approval-list';

/** approval_result values: 通过, 驳回, 退回补正 */
export const RESULT_COLORS: Record<string, string> = { '1': 'green', '2': 'red', '3': 'orange' };
