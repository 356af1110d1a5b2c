import { z } from 'zod';

/**
 * 报销单 (DOMAIN.md expense claim / finance record): vocabulary and the records the answers carry.
 * Money is a 2-decimal string.
 */

/**
 * claim_status (seeded dictionary, values 1..8). Flow (DOMAIN.md claim): 待提交 → 待业务审核 (reviewer)
 * → 待财务审核 (finance) → 待付款 → 已付款 | 付款失败; 驳回 → 已驳回; 退回补充发票 (the organisation edits
 * and resubmits). A 付款失败 claim is back in the payment queue: it is paid (or fails) again from there.
 */
export const ClaimStatus = {
  draft: '1',
  bizReview: '2',
  financeReview: '3',
  toPay: '4',
  paid: '5',
  payFailed: '6',
  rejected: '7',
  returned: '8',
} as const;
export type ClaimStatusValue = (typeof ClaimStatus)[keyof typeof ClaimStatus];
export const CLAIM_STATUS_VALUES = Object.values(ClaimStatus);
export const CLAIM_STATUS_TEXT: Record<ClaimStatusValue, string> = {
  '1': '待提交',
  '2': '待业务审核',
  '3': '待财务审核',
  '4': '待付款',
  '5': '已付款',
  '6': '付款失败',
  '7': '已驳回',
  '8': '退回补充发票',
};
/** The organisation may edit, delete and submit its claim in these. */
export const CLAIM_EDITABLE_STATUSES: readonly string[] = [ClaimStatus.draft, ClaimStatus.returned];
/** 付款管理 lists these; finance pays or marks failed from either. */
export const CLAIM_PAYABLE_STATUSES: readonly string[] = [ClaimStatus.toPay, ClaimStatus.payFailed];

/** expense_type (费用类型, seeded dictionary, values 1..10). */
export const EXPENSE_TYPES = ['公证费', '取证购买费', '律师代理费', '调查费', '鉴定费', '诉讼费', '翻译费', '差旅费', '官费', '其他'] as const;
export const EXPENSE_TYPE_VALUES = EXPENSE_TYPES.map((_, i) => String(i + 1));

/** The dictionary (sys_dict code) behind each coded field; the answers carry `<field>_dictText`. */
export const ClaimDict = { status: 'claim_status', expenseType: 'expense_type' } as const;

/** 发票 of a claim. `invoiceCode` is '' for a 数电票 (fully digital invoice: 20-digit number, no code). */
export const invoiceRecordSchema = z.object({
  id: z.string(),
  claimId: z.string(),
  invoiceCode: z.string(),
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  amount: z.string(),
  /** 发票及凭证 files, comma-separated upload paths */
  files: z.string().nullable(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;

/** 报销单 as list, queryById and the writes answer it. */
export const claimRecordSchema = z.object({
  id: z.string(),
  /** 报销单号, fill rule `claim_code`: BX + yyyyMMdd + 3-digit sequence */
  claimNo: z.string(),
  batchId: z.string(),
  /** 关联批次 */
  batchNo: z.string(),
  batchName: z.string(),
  poolId: z.string(),
  poolName: z.string().nullable(),
  orgId: z.string(),
  orgName: z.string(),
  expenseType: z.string(),
  expenseType_dictText: z.string().optional(),
  /** 申请金额 */
  applyAmount: z.string(),
  /** 扣减项: insurance or settlement already received for these costs */
  deductions: z.string(),
  deductionNote: z.string().nullable(),
  /** 核定金额; null until a reviewer sets it */
  approvedAmount: z.string().nullable(),
  /** sum of the invoices' amounts */
  invoiceTotal: z.string(),
  invoices: z.array(invoiceRecordSchema),
  /** 收款账户 (an approved account of the organisation) and its details at the time of the claim */
  bankAccountId: z.string(),
  accountName: z.string().nullable(),
  bankName: z.string().nullable(),
  bankBranch: z.string().nullable(),
  accountNo: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(CLAIM_STATUS_VALUES),
  status_dictText: z.string().optional(),
  /** the last review remark (驳回 / 退回补充发票 reason) */
  auditOpinion: z.string().nullable(),
  submitTime: z.string().nullable(),
  submitBy: z.string().nullable(),
  bizReviewBy: z.string().nullable(),
  bizReviewTime: z.string().nullable(),
  financeReviewBy: z.string().nullable(),
  financeReviewTime: z.string().nullable(),
  /** 付款日期, 付款流水号, 付款凭证 (set when paid) */
  payDate: z.string().nullable(),
  serialNo: z.string().nullable(),
  payVoucher: z.string().nullable(),
  payFailReason: z.string().nullable(),
  sysOrgCode: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
  /** what the caller may do now (the buttons also need the permission) */
  editable: z.boolean(),
});
export type ClaimRecord = z.infer<typeof claimRecordSchema>;

/** One payment attempt of a claim: paid (with its ledger row) or failed (with its reason). */
export const paymentRecordSchema = z.object({
  id: z.string(),
  claimId: z.string(),
  claimNo: z.string(),
  orgName: z.string(),
  amount: z.string(),
  /** '1' 已付款, '2' 付款失败 */
  result: z.enum(['1', '2']),
  payDate: z.string().nullable(),
  serialNo: z.string().nullable(),
  voucher: z.string().nullable(),
  reason: z.string().nullable(),
  /** the pool log row the payment wrote (扣减), null for a failure */
  poolLogId: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export const PaymentResult = { paid: '1', failed: '2' } as const;

/** 财务进度: one step of a claim's timeline, oldest first. */
export const claimProgressEntrySchema = z.object({
  /** 创建, 提交, 业务审核, 财务审核, 付款, 付款失败 */
  action: z.string(),
  /** 通过 / 驳回 / 退回补充发票, or the amount paid */
  result: z.string().nullable(),
  remark: z.string().nullable(),
  operatorName: z.string().nullable(),
  time: z.string().nullable(),
});
export type ClaimProgressEntry = z.infer<typeof claimProgressEntrySchema>;

/**
 * Per batch (财务进度): 核定 = the batch's approved amount; 冻结 = what it holds frozen in the pool now;
 * 申请 = claimed by its live claims (not 驳回); 已核定 = approved by finance (待付款 and later);
 * 已付 = paid; 已解冻 = released back to the pool.
 */
export const batchMoneySummarySchema = z.object({
  batchId: z.string(),
  batchNo: z.string(),
  batchName: z.string(),
  approved: z.string(),
  frozen: z.string(),
  claimed: z.string(),
  claimApproved: z.string(),
  paid: z.string(),
  released: z.string(),
  /** what further claims may still be approved for: 冻结 − approved-but-unpaid claims */
  available: z.string(),
});
export type BatchMoneySummary = z.infer<typeof batchMoneySummarySchema>;

/** spec §7 机构申请排行 (POST /sys/api/agencyCApplyStatisticsList), one row per organisation. */
export const agencyApplyStatisticSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  /** clue batches submitted in the range */
  applyNum: z.number(),
  /** of those, approved (待维权 or later) */
  passNum: z.number(),
  /** 申请金额 of the claims submitted in the range (not 驳回) */
  amount: z.string(),
  /** 核定金额 of its claims 已付款 whose 付款日期 falls in the range (what 报销管理 lists for that 付款日期) */
  paidAmount: z.string(),
});
export type AgencyApplyStatistic = z.infer<typeof agencyApplyStatisticSchema>;

/** A claimable batch of the caller's organisation (the form's 关联批次 options); `deadline`: a closed batch's 报销申请截止 day. */
export const claimBatchOptionSchema = z.object({
  id: z.string(),
  batchNo: z.string(),
  batchName: z.string(),
  poolName: z.string().nullable(),
  frozen: z.string(),
  available: z.string(),
  deadline: z.string().nullable(),
});
export type ClaimBatchOption = z.infer<typeof claimBatchOptionSchema>;
/** An approved bank account of the caller's organisation (the form's 收款账户 options). */
export const claimBankOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  isDefault: z.boolean(),
});
export type ClaimBankOption = z.infer<typeof claimBankOptionSchema>;
