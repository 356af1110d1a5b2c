import { z } from 'zod';
import { BATCH_STATUS_VALUES } from './batch-vocab.ts';

/** 线索批次 as list, queryById and the writes answer it. Money is a 2-decimal string. */
export const batchRecordSchema = z.object({
  id: z.string(),
  /** 批次编号, fill rule `threaded_code`: XS + yyyyMMdd + 3-digit sequence (XS20261122001) */
  batchNo: z.string(),
  batchName: z.string(),
  orgId: z.string(),
  /** 申请机构 */
  orgName: z.string(),
  /** comma-separated ids of the 涉及权利 */
  rightIds: z.string(),
  /** 涉及权利 as text: 商标名称（第N类 注册号）, joined with 、 */
  rightNames: z.string(),
  infringeType: z.string(),
  infringeType_dictText: z.string().optional(),
  clueSource: z.string(),
  clueSource_dictText: z.string().optional(),
  platform: z.string(),
  platform_dictText: z.string().optional(),
  rightsMethod: z.string(),
  rightsMethod_dictText: z.string().optional(),
  description: z.string().nullable(),
  evidenceFiles: z.string().nullable(),
  remark: z.string().nullable(),
  /** 线索数量: the number of items */
  itemCount: z.number(),
  /** 申请金额 = 线索数量 × 单件补贴标准, capped by the pool's 单机构上限 less what the org already holds in that pool */
  applyAmount: z.string(),
  /** 核定金额 (set by the final review pass; null before) */
  approvedAmount: z.string().nullable(),
  /** part of 核定金额 given back to the pool (withdrawal after approval, closure without success) */
  releasedAmount: z.string(),
  poolId: z.string(),
  poolName: z.string().nullable(),
  status: z.enum(BATCH_STATUS_VALUES),
  status_dictText: z.string().optional(),
  submitTime: z.string().nullable(),
  submitBy: z.string().nullable(),
  /** 初审人 (who passed 初审), 审核时间 of the final decision */
  firstReviewerName: z.string().nullable(),
  approveTime: z.string().nullable(),
  auditOpinion: z.string().nullable(),
  startTime: z.string().nullable(),
  closureSummary: z.string().nullable(),
  closureFiles: z.string().nullable(),
  closureApplyTime: z.string().nullable(),
  closedTime: z.string().nullable(),
  /** 结案结果 (closure_result) and 成功率 = 成功 ÷ (成功 + 失败) in percent, e.g. "66.67"; null until closure is applied */
  closureResult: z.string().nullable(),
  closureResult_dictText: z.string().optional(),
  successRate: z.string().nullable(),
  /** counts by item status, for the detail's summary */
  successCount: z.number(),
  failedCount: z.number(),
  notInfringingCount: z.number(),
  sysOrgCode: z.string().nullable(),
  createBy: z.string().nullable(),
  /** 创建人: the name of the user `createBy` names (list and detail) */
  createByName: z.string().nullable().optional(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
  /** what the caller may do now (the buttons also need the permission) */
  editable: z.boolean(),
  withdrawable: z.boolean(),
});
export type BatchRecord = z.infer<typeof batchRecordSchema>;

/** 线索明细 */
export const batchItemRecordSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  /** order in the batch, 1.. */
  seq: z.number(),
  linkUrl: z.string(),
  shopName: z.string().nullable(),
  operator: z.string().nullable(),
  location: z.string().nullable(),
  goodsName: z.string().nullable(),
  price: z.string().nullable(),
  evidence: z.string().nullable(),
  status: z.string(),
  status_dictText: z.string().optional(),
  complaintNo: z.string().nullable(),
  handleTime: z.string().nullable(),
  remark: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type BatchItemRecord = z.infer<typeof batchItemRecordSchema>;

/** 进度记录 */
export const progressRecordSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  node: z.string(),
  node_dictText: z.string().optional(),
  progressDate: z.string(),
  description: z.string(),
  attachments: z.string().nullable(),
  createBy: z.string().nullable(),
  /** 记录人 */
  createByName: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;

/** 操作日志 of a batch: who did what, when; `detail` says what changed. */
export const batchLogRecordSchema = z.object({
  id: z.string(),
  batchId: z.string(),
  action: z.string(),
  detail: z.string().nullable(),
  operatorName: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type BatchLogRecord = z.infer<typeof batchLogRecordSchema>;

/** Item import answer: all rows or none. `errors` lists each bad row (1-based, the header is row 1). */
export const batchImportResultSchema = z.object({ imported: z.number(), errors: z.array(z.object({ row: z.number(), message: z.string() })) });
export type BatchImportResult = z.infer<typeof batchImportResultSchema>;

/** An option of the form's 涉及权利: an approved right of the caller's organisation, neither expired nor out of authorisation. */
export const batchRightOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  trademarkName: z.string(),
  regNo: z.string(),
  niceClass: z.string(),
  expireDate: z.string(),
  authEndDate: z.string().nullable(),
});
export type BatchRightOption = z.infer<typeof batchRightOptionSchema>;

/** An option of the form's 资金池, with the numbers behind 申请金额. */
export const batchPoolOptionSchema = z.object({
  id: z.string(),
  poolName: z.string(),
  poolYear: z.number(),
  /** 单件补贴标准 */
  subsidyPerCase: z.string(),
  /** 单机构上限, null when the pool has none */
  orgCap: z.string().nullable(),
  /** what the caller's organisation may still be approved from this pool (null: no cap) */
  capLeft: z.string().nullable(),
  balanceAmount: z.string(),
});
export type BatchPoolOption = z.infer<typeof batchPoolOptionSchema>;
