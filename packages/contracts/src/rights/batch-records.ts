import type { BatchStatusValue } from './batch-vocab.ts';

/** 线索批次 as list, queryById and the writes answer it. Money is a 2-decimal string. */
export type BatchRecord = {
  id: string;
  /** 批次编号, fill rule `threaded_code`: XS + yyyyMMdd + 3-digit sequence (XS20261122001) */
  batchNo: string;
  batchName: string;
  orgId: string;
  /** 申请机构 */
  orgName: string;
  /** comma-separated ids of the 涉及权利 */
  rightIds: string;
  /** 涉及权利 as text: 商标名称（第N类 注册号）, joined with 、 */
  rightNames: string;
  infringeType: string;
  infringeType_dictText?: string;
  clueSource: string;
  clueSource_dictText?: string;
  platform: string;
  platform_dictText?: string;
  rightsMethod: string;
  rightsMethod_dictText?: string;
  description: string | null;
  evidenceFiles: string | null;
  remark: string | null;
  /** 线索数量: the number of items */
  itemCount: number;
  /** 申请金额 = 线索数量 × 单件补贴标准, capped by the pool's 单机构上限 less what the org already holds in that pool */
  applyAmount: string;
  /** 核定金额 (set by the final review pass; null before) */
  approvedAmount: string | null;
  /** part of 核定金额 given back to the pool (withdrawal after approval, closure without success) */
  releasedAmount: string;
  poolId: string;
  poolName: string | null;
  status: BatchStatusValue;
  status_dictText?: string;
  submitTime: string | null;
  submitBy: string | null;
  /** 初审人 (who passed 初审), 审核时间 of the final decision */
  firstReviewerName: string | null;
  approveTime: string | null;
  auditOpinion: string | null;
  startTime: string | null;
  closureSummary: string | null;
  closureFiles: string | null;
  closureApplyTime: string | null;
  closedTime: string | null;
  /** 结案结果 (closure_result) and 成功率 = 成功 ÷ (成功 + 失败) in percent, e.g. "66.67"; null until closure is applied */
  closureResult: string | null;
  closureResult_dictText?: string;
  successRate: string | null;
  /** counts by item status, for the detail's summary */
  successCount: number;
  failedCount: number;
  notInfringingCount: number;
  sysOrgCode: string | null;
  createBy: string | null;
  /** 创建人: the name of the user `createBy` names (list and detail) */
  createByName?: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  /** what the caller may do now (the buttons also need the permission) */
  editable: boolean;
  withdrawable: boolean;
};

/** 线索明细 */
export type BatchItemRecord = {
  id: string;
  batchId: string;
  /** order in the batch, 1.. */
  seq: number;
  linkUrl: string;
  shopName: string | null;
  operator: string | null;
  location: string | null;
  goodsName: string | null;
  price: string | null;
  evidence: string | null;
  status: string;
  status_dictText?: string;
  complaintNo: string | null;
  handleTime: string | null;
  remark: string | null;
  createTime: string | null;
  updateTime: string | null;
};

/** 进度记录 */
export type ProgressRecord = {
  id: string;
  batchId: string;
  node: string;
  node_dictText?: string;
  progressDate: string;
  description: string;
  attachments: string | null;
  createBy: string | null;
  /** 记录人 */
  createByName: string | null;
  createTime: string | null;
};

/** 操作日志 of a batch: who did what, when; `detail` says what changed. */
export type BatchLogRecord = {
  id: string;
  batchId: string;
  action: string;
  detail: string | null;
  operatorName: string | null;
  createBy: string | null;
  createTime: string | null;
};

/** Item import answer: all rows or none. `errors` lists each bad row (1-based, the header is row 1). */
export type BatchImportResult = { imported: number; errors: { row: number; message: string }[] };

/** An option of the form's 涉及权利: an approved right of the caller's organisation, neither expired nor out of authorisation. */
export type BatchRightOption = { id: string; label: string; trademarkName: string; regNo: string; niceClass: string; expireDate: string; authEndDate: string | null };

/** An option of the form's 资金池, with the numbers behind 申请金额. */
export type BatchPoolOption = {
  id: string;
  poolName: string;
  poolYear: number;
  /** 单件补贴标准 */
  subsidyPerCase: string;
  /** 单机构上限, null when the pool has none */
  orgCap: string | null;
  /** what the caller's organisation may still be approved from this pool (null: no cap) */
  capLeft: string | null;
  balanceAmount: string;
};
