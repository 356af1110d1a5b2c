import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import { Msg } from '../messages.ts';
import { defineResource, permCodes } from '../resource.ts';
import { RightsMsg, dateField, dictValue, filePathsField, idBody, optionalDate, optionalText } from '../rights/common.ts';
import { fitsMoneyColumn, fromCents, MONEY_PATTERN, MoneyMsg, moneyText, nonNegativeMoney, positiveMoney, toCents } from './money.ts';
import { agencyApplyStatisticSchema, claimRecordSchema, EXPENSE_TYPE_VALUES, type ClaimRecord } from './claim-records.ts';

export * from './claim-records.ts';

/**
 * 报销单 (DOMAIN.md expense claim; spec §1 "Finance records and progress"): an organisation's claim for
 * costs of one of its batches, paid out of what the batch froze in its pool. All routes live under
 * `CLAIM_BASE`; `ClaimPath` names each of them.
 */
export const CLAIM_BASE = '/rights/financeRecord';

/** Web routes: the organisation's and reviewers' list, and finance's 付款管理 (components `finance/ClaimList`, `finance/PaymentList`). */
export const ClaimRoute = { claimList: '/finance/claim/list', paymentList: '/finance/payment/list' } as const;

/** Most invoices one claim may carry. */
export const MAX_CLAIM_INVOICES = 50;
/** Most claims one batch payment may pay. */
export const MAX_PAY_BATCH = 50;

export const ClaimMsg = {
  notFound: RightsMsg.notFound,
  batchRequired: '请选择关联批次',
  batchNotClaimable: '只能对本机构维权中或已结案、且有冻结金额的线索批次申请报销',
  expenseType: '请选择费用类型',
  bankRequired: '请选择收款账户',
  bankNotUsable: '收款账户须为本机构已审核通过的有效银行账户',
  invoicesRequired: '请至少添加一张发票',
  tooManyInvoices: `每张报销单最多 ${MAX_CLAIM_INVOICES} 张发票`,
  invoiceCode: '发票代码应为10位或12位数字（数电票可不填）',
  invoiceNo: '发票号码应为8位或20位数字',
  invoiceFiles: '请上传发票及凭证文件',
  invoiceRepeated: (code: string, no: string) => `发票重复：${code ? `${code}-` : ''}${no}`,
  /** to the organisation that holds the invoice in one of its own claims */
  invoiceTaken: (code: string, no: string, claimNo: string) => `发票 ${code ? `${code}-` : ''}${no} 已在报销单 ${claimNo} 中申请报销，不能重复报销`,
  /** to any other organisation: that the invoice is claimed, never where (another organisation's claim is not its business) */
  invoiceClaimed: (code: string, no: string) => `发票 ${code ? `${code}-` : ''}${no} 已被申请报销，不能重复报销`,
  invoiceTotalOverColumn: MoneyMsg.overColumn('发票金额合计'),
  applyOverInvoices: (total: string) => `申请金额不能大于发票金额合计（${moneyText(total)} 元）`,
  deductionsTooMuch: '扣减项金额须小于申请金额',
  notEditable: '只有待提交或退回补充发票的报销单可以修改',
  notDeletable: '只有待提交的报销单可以删除',
  notSubmittable: '只有待提交或退回补充发票的报销单可以提交',
  notBizReview: '该报销单不是待业务审核状态，不能审核',
  notFinanceReview: '该报销单不是待财务审核状态，不能审核',
  notPayable: '只有待付款或付款失败的报销单可以付款',
  opinionRequired: '驳回或退回时请填写审核意见',
  approvedRequired: '请填写核定金额',
  approvedOverNet: (net: string) => `核定金额不能大于申请金额减扣减项（${moneyText(net)} 元）`,
  approvedOverFrozen: (left: string) => `核定金额不能大于批次尚可报销的冻结金额（${moneyText(left)} 元）`,
  approvedOverCap: (left: string) => `核定金额超过资金池单机构上限，本机构尚可核定 ${moneyText(left)} 元`,
  serialTaken: (serialNo: string) => `付款流水号 ${serialNo} 已被使用`,
  serialRequired: '请填写付款流水号',
  voucherRequired: '请上传付款凭证',
  reasonRequired: '请填写付款失败原因',
  orgOnly: '只有机构用户可以新增报销单',
  added: RightsMsg.added,
  edited: RightsMsg.edited,
  deleted: RightsMsg.deleted,
  submitted: '已提交，请等待协会业务审核',
  toFinance: '业务审核通过，已转财务审核',
  toPay: '财务审核通过，已转待付款',
  rejected: '已驳回',
  returned: '已退回补充发票',
  paid: '付款成功',
  paidBatch: (n: number) => `付款成功：${n} 张报销单`,
  payFailed: '已登记付款失败，报销单回到付款队列',
  /** spec §2 notice modal reminder */
  closedNoticeTitle: (batchNo: string) => `批次 ${batchNo} 已结案，请上传报销信息`,
  returnedNoticeTitle: (claimNo: string) => `报销单 ${claimNo} 被退回补充发票`,
} as const;

/** The review steps of a claim, as its notices name them. */
export type ClaimReviewStage = '业务审核' | '财务审核';

/**
 * What the submitter is told at each step of a claim: what happened, the amount decided when it differs
 * from the amount asked, and what comes next. Amounts read with thousands separators.
 */
export const ClaimNotice = {
  bizPassed: (claimNo: string) => `报销单业务审核通过，待财务审核：${claimNo}`,
  financePassed: (claimNo: string) => `报销单财务审核通过，待付款：${claimNo}`,
  rejected: (stage: ClaimReviewStage, claimNo: string) => `报销单${stage}未通过，已驳回：${claimNo}`,
  returned: ClaimMsg.returnedNoticeTitle,
  paid: (claimNo: string, amount: string, payDate: string) => `报销单已付款：${claimNo}，${moneyText(amount)} 元，付款日期 ${payDate}`,
  payFailed: (claimNo: string) => `报销单付款失败：${claimNo}`,
  /** appended to a pass's title when the amount decided is less than the amount asked */
  cut: (approved: string, asked: string) => `（核定 ${moneyText(approved)} 元，申请 ${moneyText(asked)} 元）`,
  /** the amounts of a claim: what was asked, and what was decided (with the cut) once there is a decision */
  amounts: (claim: { applyAmount: string; deductions: string; approvedAmount: string | null }): string => {
    const asked = toCents(claim.applyAmount);
    if (claim.approvedAmount === null) return `申请金额 ${moneyText(asked)} 元`;
    const decided = toCents(claim.approvedAmount);
    if (decided === asked) return `核定金额 ${moneyText(decided)} 元（与申请金额相同）`;
    const deductions = toCents(claim.deductions);
    const within = deductions > 0n ? `，其中扣减项 ${moneyText(deductions)} 元` : '';
    return `核定金额 ${moneyText(decided)} 元，申请金额 ${moneyText(asked)} 元，核减 ${moneyText(asked - decided)} 元${within}`;
  },
  next: {
    bizPassed: '下一步：协会财务审核；审核通过后安排付款，付款后会另行通知您。',
    financePassed: '下一步：协会财务安排付款，付款后会另行通知您。',
    rejected: '该报销单已结束，不能再修改或提交；如有疑问请联系协会。',
    returned: '请在「报销管理」中补充发票及凭证后重新提交。',
    paid: '请核对收款账户的到账情况；如未到账，请联系协会财务。',
    payFailed: '无需重新提交报销单：协会财务核实后将重新付款。如收款账户信息有误，请尽快联系协会财务更正。',
  },
} as const;

const INVOICE_CODE = /^(\d{10}|\d{12})$/;
const INVOICE_NO = /^(\d{8}|\d{20})$/;

export const invoiceValue = z.object({
  invoiceCode: optionalText(12, '发票代码')
    .transform((v) => v ?? '')
    .refine((v) => v === '' || INVOICE_CODE.test(v), ClaimMsg.invoiceCode),
  invoiceNo: z
    .string({ error: ClaimMsg.invoiceNo })
    .transform((v) => v.trim())
    .refine((v) => INVOICE_NO.test(v), ClaimMsg.invoiceNo),
  invoiceDate: dateField('开票日期'),
  amount: positiveMoney,
  /** 发票及凭证: the invoice image or PDF and its payment voucher */
  files: filePathsField('发票及凭证', 5).refine((v) => v !== null, ClaimMsg.invoiceFiles),
});
export type InvoiceValue = z.infer<typeof invoiceValue>;

const claimFields = {
  batchId: z.string({ error: ClaimMsg.batchRequired }).min(1, ClaimMsg.batchRequired).max(36),
  expenseType: dictValue(EXPENSE_TYPE_VALUES, ClaimMsg.expenseType),
  applyAmount: positiveMoney,
  deductions: nonNegativeMoney.nullish().transform((v) => v ?? '0.00'),
  deductionNote: optionalText(500, '扣减说明'),
  bankAccountId: z.string({ error: ClaimMsg.bankRequired }).min(1, ClaimMsg.bankRequired).max(36),
  description: optionalText(2000, '费用说明'),
  invoices: z.array(invoiceValue, { error: ClaimMsg.invoicesRequired }).min(1, ClaimMsg.invoicesRequired).max(MAX_CLAIM_INVOICES, ClaimMsg.tooManyInvoices),
};

type ClaimShape = { applyAmount: string; deductions: string; invoices: InvoiceValue[] };
const claimRules = (body: ClaimShape, ctx: z.RefinementCtx) => {
  // Zod runs an object's refinement even when its fields failed: the sums below need valid fields.
  const money = (v: unknown) => typeof v === 'string' && MONEY_PATTERN.test(v);
  if (!Array.isArray(body.invoices) || !money(body.applyAmount) || !money(body.deductions) || !body.invoices.every((inv) => money(inv?.amount))) return;
  const seen = new Set<string>();
  for (const inv of body.invoices) {
    const key = `${inv.invoiceCode}|${inv.invoiceNo}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: ClaimMsg.invoiceRepeated(inv.invoiceCode, inv.invoiceNo) });
    seen.add(key);
  }
  const total = body.invoices.reduce((sum, inv) => sum + toCents(inv.amount), 0n);
  // The claim stores the sum (发票金额合计, numeric(14,2)): a sum it cannot hold is refused here, not by the database.
  if (!fitsMoneyColumn(total)) {
    ctx.addIssue({ code: 'custom', message: ClaimMsg.invoiceTotalOverColumn, path: ['invoices'] });
    return;
  }
  if (toCents(body.applyAmount) > total) ctx.addIssue({ code: 'custom', message: ClaimMsg.applyOverInvoices(fromCents(total)), path: ['applyAmount'] });
  if (toCents(body.deductions) >= toCents(body.applyAmount)) ctx.addIssue({ code: 'custom', message: ClaimMsg.deductionsTooMuch, path: ['deductions'] });
};

/** 新增: a 待提交 claim of the caller's organisation; 报销单号 is generated. result = the ClaimRecord. */
export const claimAddBody = z.object(claimFields).superRefine(claimRules);
/** 修改 (待提交 / 退回补充发票): the invoices replace the claim's invoices. */
export const claimEditBody = z.object({ ...idBody.shape, ...claimFields }).superRefine(claimRules);
export type ClaimAddBody = z.infer<typeof claimAddBody>;
export type ClaimEditBody = z.infer<typeof claimEditBody>;

/**
 * 业务审核 (at 待业务审核, reviewer) and 财务审核 (at 待财务审核, finance). `approvedAmount` (核定金额) defaults
 * to the amount already set, else 申请金额 − 扣减项; it may not exceed that, what the batch still has
 * frozen, nor the pool's 单机构上限. `returned` = 退回补充发票.
 */
export const claimReviewBody = z
  .object({
    id: idBody.shape.id,
    result: z.enum(['pass', 'reject', 'returned'], { error: '审核结果只能是 pass（通过）、reject（驳回）或 returned（退回补充发票）' }),
    opinion: optionalText(500, '审核意见'),
    approvedAmount: positiveMoney.nullish(),
  })
  .refine((b) => b.result === 'pass' || (b.opinion ?? '') !== '', { message: ClaimMsg.opinionRequired, path: ['opinion'] });
export type ClaimReviewBody = z.infer<typeof claimReviewBody>;

/**
 * 付款: one claim (`id`) or several (`ids`, comma-separated or an array). Several claims are paid
 * all-or-nothing in one transaction, each with its own 付款流水号 `${serialNo}-<n>` when more than one.
 * `requestKey` is not needed: the ledger key is `claim:<id>:pay`, so a retry books nothing twice.
 */
export const claimPayBody = z
  .object({
    id: z.string().max(36).optional(),
    ids: z
      .union([z.string().max(36 * MAX_PAY_BATCH + MAX_PAY_BATCH), z.array(z.string().max(36)).max(MAX_PAY_BATCH)])
      .optional()
      .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))),
    payDate: dateField('付款日期'),
    serialNo: z
      .string({ error: ClaimMsg.serialRequired })
      .transform((v) => v.trim())
      .refine((v) => /^[A-Za-z0-9_-]{1,60}$/.test(v), '付款流水号只能是字母、数字、下划线或短横线，最多60位'),
    voucher: filePathsField('付款凭证', 3).refine((v) => v !== null, ClaimMsg.voucherRequired),
    remark: optionalText(500, '备注'),
  })
  .transform((b) => ({ ...b, ids: [...new Set([...(b.id ? [b.id] : []), ...b.ids])] }))
  .refine((b) => b.ids.length > 0, { message: '请选择要付款的报销单', path: ['ids'] })
  .refine((b) => b.ids.length <= MAX_PAY_BATCH, { message: `一次最多付款 ${MAX_PAY_BATCH} 张报销单`, path: ['ids'] });
export type ClaimPayBody = z.infer<typeof claimPayBody>;

export const claimPayFailedBody = z.object({
  id: idBody.shape.id,
  reason: z.string({ error: ClaimMsg.reasonRequired }).trim().min(1, ClaimMsg.reasonRequired).max(500),
});
export type ClaimPayFailedBody = z.infer<typeof claimPayFailedBody>;

/** spec §7 机构申请排行: the date range is on submission (batches) and payment (amount paid). */
export const agencyApplyStatisticsBody = z.object({
  startDate: optionalDate('开始日期'),
  endDate: optionalDate('结束日期'),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
});
export type AgencyApplyStatisticsBody = z.infer<typeof agencyApplyStatisticsBody>;

/**
 * `list` is everyone's (scoped: an organisation sees its own); the organisation's actions: add, edit,
 * delete, submit; reviewer: bizReview; finance: financeReview; export.
 */
export const ClaimPerm = permCodes('finance:claim', ['list', 'add', 'edit', 'delete', 'submit', 'bizReview', 'financeReview', 'export']);
/** 付款管理 (finance): the payment queue, pay, payFailed, the bank file of a payment run. */
export const PaymentPerm = permCodes('finance:payment', ['list', 'pay', 'fail', 'export']);

/**
 * Routes beside the standard ones. POST take JSON; GET take the query string. Writes answer the
 * ClaimRecord (pay: ClaimRecord[]) with a `ClaimMsg` message.
 */
export const ClaimPath = {
  submit: `${CLAIM_BASE}/submit`, // POST idBody (ClaimPerm.submit): 待提交/退回补充发票 → 待业务审核
  bizReview: `${CLAIM_BASE}/bizReview`, // POST claimReviewBody (ClaimPerm.bizReview)
  financeReview: `${CLAIM_BASE}/financeReview`, // POST claimReviewBody (ClaimPerm.financeReview)
  progress: `${CLAIM_BASE}/progress`, // GET id → ClaimProgressEntry[] (oldest first) (ClaimPerm.list)
  batchSummary: `${CLAIM_BASE}/batchSummary`, // GET batchId → BatchMoneySummary (ClaimPerm.list)
  batchOptions: `${CLAIM_BASE}/batchOptions`, // GET → ClaimBatchOption[]: the caller's claimable batches (ClaimPerm.add)
  bankOptions: `${CLAIM_BASE}/bankOptions`, // GET → ClaimBankOption[]: the caller's approved accounts (ClaimPerm.add)
  paymentList: `${CLAIM_BASE}/payment/list`, // GET pageNo, pageSize, claimNo, orgName, status (4|6|5) → Page<ClaimRecord> (PaymentPerm.list)
  paymentRecords: `${CLAIM_BASE}/payment/records`, // GET claimId → PaymentRecord[] (ClaimPerm.list, scoped like the claim)
  pay: `${CLAIM_BASE}/payment/pay`, // POST claimPayBody (PaymentPerm.pay)
  payFailed: `${CLAIM_BASE}/payment/fail`, // POST claimPayFailedBody (PaymentPerm.fail): → 付款失败, no money moves
  /** GET ids (comma-separated, payable claims) → .xlsx 收款户名, 开户行, 账号, 金额, 用途 (PaymentPerm.export) */
  payRunExport: `${CLAIM_BASE}/payment/exportPayRun`,
} as const;

export const AgencyStatsPath = { list: '/sys/api/agencyCApplyStatisticsList' } as const;

/**
 * spec §7 机构申请排行, declared as a query (issue 37). Sent as POST with its filters in the body, as
 * stock JeecgBoot's is, and read-only: no operation in 操作日志. Any signed-in user; an organisation
 * user sees its own organisation only.
 */
export const agencyQueries = defineFlow()({
  basePath: '/sys/api',
  actions: {
    ranking: {
      path: AgencyStatsPath.list,
      method: 'POST',
      signedIn: true,
      readOnly: true,
      body: agencyApplyStatisticsBody,
      reply: pageSchema(agencyApplyStatisticSchema),
      done: Msg.querySuccess,
      summary: '机构申请排行（日期范围、分页；机构用户只看本机构）',
    },
  },
});

/** 报销单 as a standard resource: list, queryById, add, edit (PUT), delete (待提交 only), exportXls. */
export const claimResource = defineResource<ClaimRecord>()({
  basePath: CLAIM_BASE,
  entity: '报销单',
  perm: ClaimPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'exportXls'],
  addBody: claimAddBody,
  editBody: claimEditBody,
  record: claimRecordSchema,
  docs: {
    list: { description: '机构用户只看到本机构的报销单；协会人员看到已提交的报销单。金额为两位小数的字符串，invoices 为发票明细。' },
    add: {
      summary: '新增报销单（待提交）',
      description:
        '报销单号按 claim_code 规则生成（BX+日期+流水）；关联批次须为本机构维权中或已结案且有冻结金额的批次；收款账户须为本机构已审核通过的账户；同一发票（代码+号码）只能报销一次。result 为报销单。',
    },
    edit: { summary: '修改报销单（仅待提交或退回补充发票）', description: '发票明细整体替换。' },
    delete: { summary: '删除报销单（仅待提交）' },
  },
});
