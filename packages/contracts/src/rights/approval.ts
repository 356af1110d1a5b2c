import { defineResource, permCodes } from '../resource.ts';

/** 审批记录 (DOMAIN.md approval) as the lists answer it. */
export type ApprovalRecord = {
  id: string;
  bizType: string;
  bizType_dictText?: string;
  bizId: string;
  bizTitle: string | null;
  node: string;
  node_dictText?: string;
  result: string;
  result_dictText?: string;
  opinion: string | null;
  approverId: string;
  approverName: string;
  approveTime: string | null;
  orgId: string | null;
  sysOrgCode: string | null;
};

/** One row of 待我审批. */
export type ApprovalTodo = {
  bizType: string;
  bizType_dictText?: string;
  bizId: string;
  bizTitle: string;
  node: string;
  node_dictText?: string;
  orgId: string;
  orgName: string;
  submitBy: string | null;
  submitByName: string | null;
  submitTime: string | null;
};

/** `list` is everyone's 审批记录, `todo` the staff's 待我审批. */
export const ApprovalPerm = permCodes('rights:approval', ['list', 'todo']);

/** 审批记录 is a read-only list; 待我审批 is approval's own route. */
export const approvalResource = defineResource<ApprovalRecord>()({
  basePath: '/rights/approval',
  entity: '审批记录',
  perm: ApprovalPerm,
  routes: ['list'],
});
