import type { ApprovalRecord, ApprovalTodo, Page } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';

/** Typed calls of 审批 (server: modules/rights/approval). */
export const approvalApi = {
  todo: (params: Query, signal?: AbortSignal) => http.get<Page<ApprovalTodo>>('/rights/approval/todo', params, { signal }),
  list: (params: Query, signal?: AbortSignal) => http.get<Page<ApprovalRecord>>('/rights/approval/list', params, { signal }),
};

export const APPROVAL_TODO_KEY = 'rights-approval-todo';
export const APPROVAL_LIST_KEY = 'rights-approval-list';

/** approval_result values: 通过, 驳回, 退回补正 */
export const RESULT_COLORS: Record<string, string> = { '1': 'green', '2': 'red', '3': 'orange' };
