import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * 报销单 (DOMAIN.md expense claim). The money leaves the pool only at payment, through the ledger
 * (扣减 of what the batch froze), in the transaction that marks the claim paid.
 */
export const finClaim = pgTable(
  'fin_claim',
  {
    id: idColumn(),
    claimNo: varchar('claim_no', { length: 32 }).notNull(),
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    batchName: varchar('batch_name', { length: 100 }).notNull(),
    poolId: varchar('pool_id', { length: 36 }).notNull(),
    poolName: varchar('pool_name', { length: 100 }),
    orgId: varchar('org_id', { length: 36 }).notNull(),
    orgName: varchar('org_name', { length: 100 }).notNull(),
    /** dictionary expense_type */
    expenseType: varchar('expense_type', { length: 2 }).notNull(),
    applyAmount: money('apply_amount').notNull(),
    deductions: money('deductions').notNull().default('0'),
    deductionNote: varchar('deduction_note', { length: 500 }),
    approvedAmount: money('approved_amount'),
    invoiceTotal: money('invoice_total').notNull(),
    bankAccountId: varchar('bank_account_id', { length: 36 }).notNull(),
    accountName: varchar('account_name', { length: 100 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankBranch: varchar('bank_branch', { length: 100 }),
    accountNo: varchar('account_no', { length: 30 }),
    description: varchar('description', { length: 2000 }),
    /** dictionary claim_status */
    status: varchar('status', { length: 2 }).notNull(),
    auditOpinion: varchar('audit_opinion', { length: 500 }),
    submitBy: varchar('submit_by', { length: 36 }),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    bizReviewerId: varchar('biz_reviewer_id', { length: 36 }),
    bizReviewBy: varchar('biz_review_by', { length: 100 }),
    bizReviewTime: timestamp('biz_review_time', { withTimezone: true }),
    financeReviewBy: varchar('finance_review_by', { length: 100 }),
    financeReviewTime: timestamp('finance_review_time', { withTimezone: true }),
    payDate: date('pay_date', { mode: 'string' }),
    serialNo: varchar('serial_no', { length: 64 }),
    payVoucher: varchar('pay_voucher', { length: 2000 }),
    payFailReason: varchar('pay_fail_reason', { length: 500 }),
    paidBy: varchar('paid_by', { length: 100 }),
    paidTime: timestamp('paid_time', { withTimezone: true }),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_fin_claim_no').on(t.claimNo),
    uniqueIndex('uniq_fin_claim_serial_no').on(t.serialNo),
    index('idx_fin_claim_batch').on(t.batchId),
    index('idx_fin_claim_org').on(t.orgId),
    index('idx_fin_claim_status').on(t.status),
    index('idx_fin_claim_create_time').on(t.createTime.desc(), t.id),
    // 业务监控 counts today's submissions every few seconds per open page
    index('idx_fin_claim_submit_time').on(t.submitTime),
    check('chk_fin_claim_amounts', sql`${t.applyAmount} > 0 and ${t.deductions} >= 0 and ${t.deductions} < ${t.applyAmount}`),
    check(
      'chk_fin_claim_approved',
      sql`${t.approvedAmount} is null or (${t.approvedAmount} > 0 and ${t.approvedAmount} <= ${t.applyAmount} - ${t.deductions})`,
    ),
    check('chk_fin_claim_paid', sql`${t.status} <> '5' or (${t.serialNo} is not null and ${t.approvedAmount} is not null)`),
  ],
);
export type ClaimRow = typeof finClaim.$inferSelect;

/** The claim a row belongs to, deleted with it. */
const partOfClaim = () =>
  varchar('claim_id', { length: 36 })
    .notNull()
    .references(() => finClaim.id, { onDelete: 'cascade' });

/**
 * 发票 of a claim. The same invoice (code + number) is claimed once across all claims of all
 * organisations: the unique index holds even when two claims are saved at the same moment.
 */
export const finClaimInvoice = pgTable(
  'fin_claim_invoice',
  {
    id: idColumn(),
    claimId: partOfClaim(),
    /** '' for a 数电票, which has no code */
    invoiceCode: varchar('invoice_code', { length: 12 }).notNull().default(''),
    invoiceNo: varchar('invoice_no', { length: 20 }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    files: varchar('files', { length: 2000 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uniq_fin_claim_invoice').on(t.invoiceCode, t.invoiceNo),
    index('idx_fin_claim_invoice_claim').on(t.claimId),
    check('chk_fin_claim_invoice_amount', sql`${t.amount} > 0`),
  ],
);
export type InvoiceRow = typeof finClaimInvoice.$inferSelect;

/** One payment attempt: paid once per claim (the partial unique index), or failed with its reason. */
export const finClaimPayment = pgTable(
  'fin_claim_payment',
  {
    id: idColumn(),
    claimId: varchar('claim_id', { length: 36 })
      .notNull()
      .references(() => finClaim.id),
    claimNo: varchar('claim_no', { length: 32 }).notNull(),
    orgName: varchar('org_name', { length: 100 }).notNull(),
    amount: money('amount').notNull(),
    /** 1 已付款, 2 付款失败 */
    result: varchar('result', { length: 1 }).notNull(),
    payDate: date('pay_date', { mode: 'string' }),
    serialNo: varchar('serial_no', { length: 64 }),
    voucher: varchar('voucher', { length: 2000 }),
    reason: varchar('reason', { length: 500 }),
    poolLogId: varchar('pool_log_id', { length: 36 }),
    createBy: varchar('create_by', { length: 32 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uniq_fin_claim_payment_paid')
      .on(t.claimId)
      .where(sql`${t.result} = '1'`),
    uniqueIndex('uniq_fin_claim_payment_serial')
      .on(t.serialNo)
      .where(sql`${t.result} = '1'`),
    index('idx_fin_claim_payment_claim').on(t.claimId),
    index('idx_fin_claim_payment_create_time').on(t.createTime),
  ],
);
export type PaymentRow = typeof finClaimPayment.$inferSelect;

/** 财务进度: each step of a claim, oldest first (reviews also write their approval record). */
export const finClaimLog = pgTable(
  'fin_claim_log',
  {
    id: idColumn(),
    claimId: partOfClaim(),
    action: varchar('action', { length: 20 }).notNull(),
    result: varchar('result', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
    operatorName: varchar('operator_name', { length: 100 }),
    createBy: varchar('create_by', { length: 32 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idx_fin_claim_log_claim').on(t.claimId, t.createTime)],
);
