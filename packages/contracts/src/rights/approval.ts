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
