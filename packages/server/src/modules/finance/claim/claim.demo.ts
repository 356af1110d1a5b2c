import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  addDays,
  ApprovalBizType,
  ApprovalNode,
  ApprovalResult,
  AuditStatus,
  BatchLogAction,
  BatchStatus,
  chinaToday,
  claimWindow,
  claimWindowOpen,
  ClaimStatus,
  ClaimWindowMsg,
  fromCents,
  JOB_DEFINITIONS,
  nextRunAfter,
  PaymentResult,
  toCents,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { nextCode } from '../../system/fill-rule/fill-rule.service.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { rightsBatch, rightsBatchLog } from '../../core/tables/batch.table.ts';
import { storeUpload } from '../../../platform/storage/storage.ts';
import { sha256Of } from '../../../platform/storage/file-store.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { invoicePng, paymentReceiptPng } from '../../core/demo/demo.images.ts';
import { FileType } from '../../core/files/attachments.ts';
import { sysUser } from '../../system/user/user.table.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';
import { batchRef, RELEASE_REMARK, releaseOpKey } from '../../core/ledger/batch-money.ts';
import { CLAIM_FILE_BIZ } from './claim.service.ts';
import { finClaim, finClaimInvoice, finClaimLog, finClaimPayment } from '../../core/tables/claim.table.ts';

type Who = { id: string; username: string; realname: string };
const C = ClaimStatus;
/** The state each demo claim stops at, one per claimable batch in turn. */
const PLAN: string[] = [C.paid, C.paid, C.toPay, C.financeReview, C.paid, C.bizReview, C.payFailed, C.returned, C.paid, C.draft, C.rejected, C.toPay, C.paid, C.bizReview];
const REACHED: Record<string, number> = { [C.draft]: 0, [C.bizReview]: 1, [C.returned]: 2, [C.rejected]: 2, [C.financeReview]: 2, [C.toPay]: 3, [C.payFailed]: 4, [C.paid]: 4 };

/** A claim paid in the demo: its payment record waits for the 扣减 row it names. */
type DemoPayment = Omit<typeof finClaimPayment.$inferInsert, 'poolLogId'> & { poolId: string; batchId: string; orgId: string; paidTime: Date };

/**
 * 报销单演示数据 (SEED_DEMO): claims against the 维权中 / 已结案 demo batches that still hold frozen money,
 * in every state, with invoices, timeline and approval records. Then the demo's money is booked (see
 * bookDemoMoney): the batches' freezes and releases and the paid claims' 扣减, so the pool log shows
 * rows naming real batch and claim numbers, each dated when its business event happened.
 */
export async function seedClaimDemo(db: Db): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from fin_claim`);
  if (n > 0) return;
  const staff = await rows<Who>(db, sql`select id, username, realname from sys_user where username in ('reviewer', 'finance')`);
  const reviewer = staff.find((u) => u.username === 'reviewer');
  const finance = staff.find((u) => u.username === 'finance');
  const payments = reviewer && finance ? await seedClaims(db, reviewer, finance) : [];
  await bookDemoMoney(db, payments);
}

async function seedClaims(db: Db, reviewer: Who, finance: Who): Promise<DemoPayment[]> {
  const payments: DemoPayment[] = [];
  const batches = await db
    .select()
    .from(rightsBatch)
    .where(and(inArray(rightsBatch.status, [BatchStatus.enforcing, BatchStatus.closed]), eq(rightsBatch.delFlag, '0')))
    .orderBy(rightsBatch.batchNo);
  // old and recent batches in turn, so that payments fall over the whole year
  const turns = batches.map((batch, j) => ({ batch, turn: (j * 7) % batches.length })).sort((x, y) => x.turn - y.turn);
  const day = 86_400_000;
  let invoiceNo = 26_000_000;
  let planned = 0;
  for (const { batch } of turns) {
    if (planned >= PLAN.length) break;
    // what the batch holds frozen once its approval is booked (no demo batch has paid anything yet)
    const frozen = toCents(batch.approvedAmount ?? '0') - toCents(batch.releasedAmount);
    if (frozen < 20_000n) continue;
    const [bank] = await db
      .select()
      .from(rightsBankAccount)
      .where(and(eq(rightsBankAccount.orgId, batch.orgId), eq(rightsBankAccount.auditStatus, AuditStatus.approved), eq(rightsBankAccount.status, '1'), eq(rightsBankAccount.delFlag, '0')))
      .limit(1);
    if (!bank) continue;
    const [submitter] = await rows<{ id: string; username: string; realname: string }>(db, sql`select id, username, realname from sys_user where org_code = ${batch.sysOrgCode} order by create_time limit 1`);
    if (!submitter) continue;
    const status = PLAN[planned];
    const i = planned;
    const step = REACHED[status];
    const base = (batch.startTime ?? batch.approveTime ?? new Date()).getTime() + (10 + i) * day;
    const at = (days: number) => new Date(Math.min(base + days * day, Date.now() - (PLAN.length - i) * 60_000));
    // 报销申请期限: a claim is created and handed in before its closed batch's deadline, as the claim rules demand
    if (batch.closedTime && !claimWindowOpen(batch.closedTime, chinaToday(at(1)))) continue;
    planned++;
    const id = newId();
    const claimNo = await nextCode(db, 'claim_code', at(0));
    // a share of what the batch froze, in two invoices; a small 扣减项 on some
    const apply = ((frozen * BigInt(30 + (i % 4) * 10)) / 100n / 100n) * 100n;
    const first = (apply * 6n) / 10n;
    const deductions = i % 3 === 0 ? 5_000n : 0n;
    const approved = apply - deductions;
    const serialNo = status === C.paid ? `DEMO${claimNo.slice(2)}` : null;
    const payDate = status === C.paid ? chinaToday(at(7)) : null;
    const approvedText = step >= 2 && status !== C.returned && status !== C.rejected ? fromCents(approved) : null;
    await db.insert(finClaim).values({
      id,
      claimNo,
      batchId: batch.id,
      batchNo: batch.batchNo,
      batchName: batch.batchName,
      poolId: batch.poolId,
      poolName: batch.poolName,
      orgId: batch.orgId,
      orgName: batch.orgName,
      expenseType: String((i % 10) + 1),
      applyAmount: fromCents(apply),
      deductions: fromCents(deductions),
      deductionNote: deductions ? '已获保险理赔部分' : null,
      approvedAmount: approvedText,
      invoiceTotal: fromCents(apply),
      bankAccountId: bank.id,
      accountName: bank.accountName,
      bankName: bank.bankName,
      bankBranch: bank.branchName,
      accountNo: bank.accountNo,
      description: '公证取证、购买侵权商品及律师代理费用',
      status,
      auditOpinion: status === C.returned ? '发票金额与公证书不一致，请补充发票' : status === C.rejected ? '费用与本批次维权无关' : null,
      submitBy: step >= 1 ? submitter.id : null,
      submitTime: step >= 1 ? at(1) : null,
      bizReviewBy: step >= 2 ? reviewer.realname : null,
      bizReviewTime: step >= 2 ? at(3) : null,
      financeReviewBy: step >= 3 ? finance.realname : null,
      financeReviewTime: step >= 3 ? at(5) : null,
      payDate,
      serialNo,
      paidBy: serialNo ? finance.realname : null,
      paidTime: serialNo ? at(7) : null,
      payFailReason: status === C.payFailed ? '收款账户户名不符，银行退票' : null,
      sysOrgCode: batch.sysOrgCode,
      createBy: submitter.username,
      createTime: at(0),
    });
    await db.insert(finClaimInvoice).values(
      [first, apply - first].map((amount, k) => ({ id: newId(), claimId: id, invoiceCode: '033002600111', invoiceNo: String(++invoiceNo), invoiceDate: at(-5 + k).toISOString().slice(0, 10), amount: fromCents(amount), createTime: at(0) })),
    );
    const log = (days: number, action: string, result: string | null, remark: string | null, who: { username: string; realname: string }) =>
      db.insert(finClaimLog).values({ id: newId(), claimId: id, action, result, remark, operatorName: who.realname, createBy: who.username, createTime: at(days) });
    const decision = (days: number, node: string, result: string, opinion: string | null, who: Who) =>
      db.insert(rightsApproval).values({ id: newId(), bizType: ApprovalBizType.claim, bizId: id, bizTitle: `${claimNo} ${batch.orgName}`, node, result, opinion, approverId: who.id, approverName: who.realname, approveTime: at(days), orgId: batch.orgId, sysOrgCode: batch.sysOrgCode, createBy: who.username, createTime: at(days) });
    await log(0, '创建', null, `报销单号 ${claimNo}，申请金额 ${fromCents(apply)} 元`, submitter);
    if (step >= 1) await log(1, '提交', null, `申请金额 ${fromCents(apply)} 元，扣减项 ${fromCents(deductions)} 元`, submitter);
    if (status === C.returned || status === C.rejected) {
      const returned = status === C.returned;
      await decision(3, ApprovalNode.first, returned ? ApprovalResult.returned : ApprovalResult.reject, returned ? '发票金额与公证书不一致，请补充发票' : '费用与本批次维权无关', reviewer);
      await log(3, '业务审核', returned ? '退回补充发票' : '驳回', null, reviewer);
      continue;
    }
    if (step >= 2) {
      await decision(3, ApprovalNode.first, ApprovalResult.pass, '同意', reviewer);
      await log(3, '业务审核', '通过', `核定金额 ${fromCents(approved)} 元`, reviewer);
    }
    if (step >= 3) {
      await decision(5, ApprovalNode.finance, ApprovalResult.pass, '票据齐全，同意付款', finance);
      await log(5, '财务审核', '通过', `核定金额 ${fromCents(approved)} 元`, finance);
    }
    if (status === C.payFailed) {
      await db.insert(finClaimPayment).values({ id: newId(), claimId: id, claimNo, orgName: batch.orgName, amount: fromCents(approved), result: PaymentResult.failed, reason: '收款账户户名不符，银行退票', createBy: finance.username, createTime: at(7) });
      await log(7, '付款失败', null, '收款账户户名不符，银行退票', finance);
    }
    if (serialNo && payDate) {
      payments.push({ id: newId(), claimId: id, claimNo, orgName: batch.orgName, amount: fromCents(approved), result: PaymentResult.paid, payDate, serialNo, createBy: finance.username, createTime: at(7), poolId: batch.poolId, batchId: batch.id, orgId: batch.orgId, paidTime: at(7) });
      await log(7, '付款', `${fromCents(approved)} 元`, `付款日期 ${payDate}，流水号 ${serialNo}`, finance);
    }
  }
  return payments;
}

type Move = { at: Date; order: number; book: () => Promise<unknown> };

type BatchRow = typeof rightsBatch.$inferSelect;
type Expiry = { b: BatchRow; at: Date; amount: bigint; reserved: bigint };

/**
 * What the 结案报销期满解冻 job (DOMAIN.md claim flow, 报销申请期限) would have released by now: for each
 * closed batch past its window, at the job's first run after both the deadline and the last decision of
 * its claims in review (a claim still in review keeps the batch waiting), what is frozen beyond the
 * claims approved and not yet paid at that moment — the claims paid later were still reserved then.
 */
async function expiryReleases(db: Db, batches: BatchRow[]): Promise<Expiry[]> {
  const cron = JOB_DEFINITIONS.closedBatchRelease.cron;
  const now = new Date();
  const found: Expiry[] = [];
  for (const b of batches) {
    if (b.status !== BatchStatus.closed || !b.closedTime) continue;
    const { deadline } = claimWindow(b.closedTime);
    const claims = await db.select().from(finClaim).where(eq(finClaim.batchId, b.id));
    if (claims.some((c) => c.status === C.bizReview || c.status === C.financeReview)) continue;
    const decided = claims.map((c) => (c.status === C.returned || c.status === C.rejected ? c.bizReviewTime : c.financeReviewTime)).filter((d): d is Date => d !== null);
    const after = new Date(Math.max(new Date(`${addDays(deadline, 1)}T00:00:00+08:00`).getTime(), ...decided.map((d) => d.getTime())));
    const at = nextRunAfter(cron, after);
    if (!at || at > now) continue;
    const approved = (statuses: string[], paidAfter = false) =>
      claims.filter((c) => statuses.includes(c.status) && (!paidAfter || (c.paidTime !== null && c.paidTime > at))).reduce((sum, c) => sum + toCents(c.approvedAmount ?? '0'), 0n);
    const paid = approved([C.paid]);
    const reserved = approved([C.toPay, C.payFailed]) + approved([C.paid], true);
    const amount = toCents(b.approvedAmount!) - toCents(b.releasedAmount) - paid - approved([C.toPay, C.payFailed]);
    if (amount > 0n) found.push({ b, at, amount, reserved });
  }
  return found;
}

/** The batch's side of an expiry release, as the job writes it: 已解冻金额 and the 操作日志 line (by 系统). */
async function recordExpiry(db: Db, { b, at, amount, reserved }: Expiry) {
  await db.update(rightsBatch).set({ releasedAmount: sql`${rightsBatch.releasedAmount} + ${fromCents(amount)}::numeric`, updateBy: 'system', updateTime: at }).where(eq(rightsBatch.id, b.id));
  await db.insert(rightsBatchLog).values({ id: newId(), batchId: b.id, action: BatchLogAction.claimExpired, detail: ClaimWindowMsg.logText(amount, reserved), operatorName: '系统', createBy: 'system', createTime: at });
}

/**
 * The demo's money after the pools' own deposits: each approved batch freezes its 核定金额 at its approval
 * time, a withdrawn batch or one closed without success releases it when that happened, and each paid
 * claim's 扣减 is booked at its payment time — all through the ledger's checked operations, in time order,
 * so each log row's balances are those of its day and the 资金池 trend shows the year as it went.
 */
async function bookDemoMoney(db: Db, payments: DemoPayment[]): Promise<void> {
  const batches = await db
    .select()
    .from(rightsBatch)
    .where(and(eq(rightsBatch.delFlag, '0'), sql`${rightsBatch.approvedAmount} is not null and ${rightsBatch.approveTime} is not null and ${rightsBatch.poolId} is not null`));
  const withdrawn = new Map(
    (await db.select({ batchId: rightsBatchLog.batchId, at: rightsBatchLog.createTime }).from(rightsBatchLog).where(eq(rightsBatchLog.action, BatchLogAction.withdraw))).map((r) => [r.batchId, r.at]),
  );
  // Each move names who took its step, as a live flow's session would: the person behind the batch's
  // log entry at that moment (the reviewer who approved or closed it, the user who withdrew it).
  const steps = await db.select({ batchId: rightsBatchLog.batchId, by: rightsBatchLog.createBy, at: rightsBatchLog.createTime }).from(rightsBatchLog).orderBy(rightsBatchLog.createTime);
  const byAt = (batchId: string, at: Date) =>
    steps.filter((s) => s.batchId === batchId && s.at !== null && s.at.getTime() <= at.getTime() && s.by && s.by !== 'system').at(-1)?.by ?? undefined;
  const moves: Move[] = [];
  for (const b of batches) {
    const req = { poolId: b.poolId!, amount: b.approvedAmount!, bizRef: batchRef(b.id), bizNo: b.batchNo, orgId: b.orgId, orgName: b.orgName };
    moves.push({ at: b.approveTime!, order: 0, book: () => ledger.freeze(db, null, { ...req, opKey: `batch:${b.id}:freeze`, remark: '线索批次审核通过冻结', at: b.approveTime!, by: byAt(b.id, b.approveTime!) }) });
    if (toCents(b.releasedAmount) === 0n) continue;
    const reason = b.status === BatchStatus.withdrawn ? 'withdraw' : 'closure';
    const at = reason === 'withdraw' ? withdrawn.get(b.id) : b.closedTime;
    if (!at) throw new Error(`demo batch ${b.batchNo}: released without the time it was ${reason === 'withdraw' ? 'withdrawn' : 'closed'}`);
    moves.push({ at, order: 1, book: () => ledger.release(db, null, { ...req, amount: b.releasedAmount, opKey: releaseOpKey(b.id, reason, 0n), remark: RELEASE_REMARK[reason], at, by: byAt(b.id, at) }) });
  }
  for (const expiry of await expiryReleases(db, batches)) {
    const { b, at, amount } = expiry;
    const req = { poolId: b.poolId!, amount: fromCents(amount), bizRef: batchRef(b.id), bizNo: b.batchNo, orgId: b.orgId, orgName: b.orgName };
    moves.push({ at, order: 1, book: () => ledger.release(db, null, { ...req, opKey: releaseOpKey(b.id, 'expired', toCents(b.releasedAmount)), remark: RELEASE_REMARK.expired, at }) });
    moves.push({ at, order: 3, book: () => recordExpiry(db, expiry) });
  }
  for (const { poolId, batchId, orgId, paidTime, ...payment } of payments) {
    moves.push({
      at: paidTime,
      order: 2,
      book: async () => {
        const booked = await ledger.deduct(db, null, { poolId, amount: payment.amount, opKey: `claim:${payment.claimId}:pay`, bizRef: batchRef(batchId), bizNo: payment.claimNo, orgId, orgName: payment.orgName, remark: `报销付款 流水号 ${payment.serialNo}`, at: paidTime, by: payment.createBy ?? undefined });
        await db.insert(finClaimPayment).values({ ...payment, poolLogId: booked.logId });
      },
    });
  }
  moves.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  for (const move of moves) await move.book();
}

/** The folder finance's vouchers are uploaded into (PayModal's upload), so a demo voucher sits where a real one would. */
const VOUCHER_BIZ = 'finance_payment';

/**
 * 付款凭证 of the demo's paid claims (SEED_DEMO, with a DATA_DIR): for each paid claim without one, the
 * bank's transfer receipt of its payment (流水号, 付款日期, amount, payee account, bank and credit code,
 * the claim it pays) drawn as a PNG, stored as finance's upload and listed in 文件信息 under finance's
 * department, then linked as PayModal's upload is linked by 付款: on the claim (付款凭证), on its payment
 * record, and as the claim's 付款凭证 file, which its organisation may read.
 */
export async function seedClaimVouchers(db: Db, dataDir: string | null): Promise<void> {
  if (!dataDir) return;
  await seedInvoiceScans(db, dataDir);
  const [finance] = await db.select({ id: sysUser.id, username: sysUser.username, orgCode: sysUser.orgCode }).from(sysUser).where(eq(sysUser.username, 'finance'));
  if (!finance) return;
  const paid = await db
    .select({ claim: finClaim, creditCode: rightsOrg.creditCode, bankCode: rightsBankAccount.bankCode })
    .from(finClaim)
    .leftJoin(rightsOrg, eq(rightsOrg.id, finClaim.orgId))
    .leftJoin(rightsBankAccount, eq(rightsBankAccount.id, finClaim.bankAccountId))
    .where(and(eq(finClaim.status, ClaimStatus.paid), isNull(finClaim.payVoucher)));
  for (const { claim, creditCode, bankCode } of paid) {
    if (!claim.serialNo || !claim.payDate || !claim.approvedAmount || !claim.accountNo) continue;
    const bytes = paymentReceiptPng({ serialNo: claim.serialNo, payDate: claim.payDate, amount: claim.approvedAmount, payeeAccount: claim.accountNo, payeeBankCode: bankCode, payeeCode: creditCode, claimNo: claim.claimNo });
    const filePath = await storeUpload(dataDir, VOUCHER_BIZ, 'png', bytes);
    const uploaded = claim.paidTime ?? claim.updateTime ?? new Date();
    await db.insert(sbFileInfo).values({
      id: newId(),
      fileName: `付款回单-${claim.serialNo}.png`,
      filePath,
      fileSize: bytes.length,
      sha256: sha256Of(bytes),
      fileExt: 'png',
      mimeType: 'image/png',
      fileType: FileType.payment,
      bizType: CLAIM_FILE_BIZ,
      bizId: claim.id,
      uploaderId: finance.id,
      sysOrgCode: finance.orgCode,
      createBy: finance.username,
      createTime: uploaded,
    });
    await db.update(finClaim).set({ payVoucher: filePath }).where(eq(finClaim.id, claim.id));
    await db.update(finClaimPayment).set({ voucher: filePath }).where(and(eq(finClaimPayment.claimId, claim.id), eq(finClaimPayment.result, PaymentResult.paid)));
  }
}

/** The folder an organisation's invoice scans are uploaded into (the claim form's upload). */
const INVOICE_BIZ = 'finance_claim';

/**
 * 发票 scans of the demo's claims: each invoice without a file gets its scan (code, number, date, amount,
 * the claiming organisation as buyer) as a PNG uploaded by the claim's submitter, listed in 文件信息 under
 * the organisation and linked as the claim form links it, so reviewers decide with the invoice in view.
 */
async function seedInvoiceScans(db: Db, dataDir: string): Promise<void> {
  const invoices = await db
    .select({ invoice: finClaimInvoice, claim: finClaim, creditCode: rightsOrg.creditCode, uploaderId: sysUser.id })
    .from(finClaimInvoice)
    .innerJoin(finClaim, eq(finClaim.id, finClaimInvoice.claimId))
    .leftJoin(rightsOrg, eq(rightsOrg.id, finClaim.orgId))
    .leftJoin(sysUser, eq(sysUser.username, finClaim.createBy))
    .where(isNull(finClaimInvoice.files));
  for (const { invoice, claim, creditCode, uploaderId } of invoices) {
    if (!uploaderId) continue;
    const bytes = invoicePng({ invoiceCode: invoice.invoiceCode, invoiceNo: invoice.invoiceNo, invoiceDate: invoice.invoiceDate, amount: invoice.amount, buyerCode: creditCode, claimNo: claim.claimNo });
    const filePath = await storeUpload(dataDir, INVOICE_BIZ, 'png', bytes);
    await db.insert(sbFileInfo).values({
      id: newId(),
      fileName: `发票-${invoice.invoiceNo}.png`,
      filePath,
      fileSize: bytes.length,
      sha256: sha256Of(bytes),
      fileExt: 'png',
      mimeType: 'image/png',
      fileType: FileType.invoice,
      bizType: CLAIM_FILE_BIZ,
      bizId: claim.id,
      uploaderId,
      sysOrgCode: claim.sysOrgCode,
      createBy: claim.createBy,
      createTime: claim.createTime ?? new Date(),
    });
    await db.update(finClaimInvoice).set({ files: filePath }).where(eq(finClaimInvoice.id, invoice.id));
  }
}
