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
export type InvoiceRecord = {
  id: string;
  claimId: string;
  invoiceCode: string;
  invoiceNo: string;
  invoiceDate: string;
  amount: string;
  /** 发票及凭证 files, comma-separated upload paths */
  files: string | null;
};

/** 报销单 as list, queryById and the writes answer it. */
export type ClaimRecord = {
  id: string;
  /** 报销单号, fill rule `claim_code`: BX + yyyyMMdd + 3-digit sequence */
  claimNo: string;
  batchId: string;
  /** 关联批次 */
  batchNo: string;
  batchName: string;
  poolId: string;
  poolName: string | null;
  orgId: string;
  orgName: string;
  expenseType: string;
  expenseType_dictText?: string;
  /** 申请金额 */
  applyAmount: string;
  /** 扣减项: insurance or settlement already received for these costs */
  deductions: string;
  deductionNote: string | null;
  /** 核定金额; null until a reviewer sets it */
  approvedAmount: string | null;
  /** sum of the invoices' amounts */
  invoiceTotal: string;
  invoices: InvoiceRecord[];
  /** 收款账户 (an approved account of the organisation) and its details at the time of the claim */
  bankAccountId: string;
  accountName: string | null;
  bankName: string | null;
  bankBranch: string | null;
  accountNo: string | null;
  description: string | null;
  status: ClaimStatusValue;
  status_dictText?: string;
  /** the last review remark (驳回 / 退回补充发票 reason) */
  auditOpinion: string | null;
  submitTime: string | null;
  submitBy: string | null;
  bizReviewBy: string | null;
  bizReviewTime: string | null;
  financeReviewBy: string | null;
  financeReviewTime: string | null;
  /** 付款日期, 付款流水号, 付款凭证 (set when paid) */
  payDate: string | null;
  serialNo: string | null;
  payVoucher: string | null;
  payFailReason: string | null;
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  /** what the caller may do now (the buttons also need the permission) */
  editable: boolean;
};

/** One payment attempt of a claim: paid (with its ledger row) or failed (with its reason). */
export type PaymentRecord = {
  id: string;
  claimId: string;
  claimNo: string;
  orgName: string;
  amount: string;
  /** '1' 已付款, '2' 付款失败 */
  result: '1' | '2';
  payDate: string | null;
  serialNo: string | null;
  voucher: string | null;
  reason: string | null;
  /** the pool log row the payment wrote (扣减), null for a failure */
  poolLogId: string | null;
  createBy: string | null;
  createTime: string | null;
};
export const PaymentResult = { paid: '1', failed: '2' } as const;

/** 财务进度: one step of a claim's timeline, oldest first. */
export type ClaimProgressEntry = {
  /** 创建, 提交, 业务审核, 财务审核, 付款, 付款失败 */
  action: string;
  /** 通过 / 驳回 / 退回补充发票, or the amount paid */
  result: string | null;
  remark: string | null;
  operatorName: string | null;
  time: string | null;
};

/**
 * Per batch (财务进度): 核定 = the batch's approved amount; 冻结 = what it holds frozen in the pool now;
 * 申请 = claimed by its live claims (not 驳回); 已核定 = approved by finance (待付款 and later);
 * 已付 = paid; 已解冻 = released back to the pool.
 */
export type BatchMoneySummary = {
  batchId: string;
  batchNo: string;
  batchName: string;
  approved: string;
  frozen: string;
  claimed: string;
  claimApproved: string;
  paid: string;
  released: string;
  /** what further claims may still be approved for: 冻结 − approved-but-unpaid claims */
  available: string;
};

/** spec §7 机构申请排行 (POST /sys/api/agencyCApplyStatisticsList), one row per organisation. */
export type AgencyApplyStatistic = {
  orgId: string;
  orgName: string;
  /** clue batches submitted in the range */
  applyNum: number;
  /** of those, approved (待维权 or later) */
  passNum: number;
  /** 申请金额 of the claims submitted in the range (not 驳回) */
  amount: string;
  /** 核定金额 of its claims 已付款 whose 付款日期 falls in the range (what 报销管理 lists for that 付款日期) */
  paidAmount: string;
};

/** A claimable batch of the caller's organisation (the form's 关联批次 options). */
export type ClaimBatchOption = { id: string; batchNo: string; batchName: string; poolName: string | null; frozen: string; available: string };
/** An approved bank account of the caller's organisation (the form's 收款账户 options). */
export type ClaimBankOption = { id: string; label: string; accountName: string; bankName: string; accountNo: string; isDefault: boolean };
