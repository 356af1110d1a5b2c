import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ApprovalBizType,
  ApprovalNode,
  ApprovalResult,
  AuditStatus,
  BatchStatus,
  chinaToday,
  claimWindowOpen,
  ClaimStatus,
  fromCents,
  PaymentResult,
  toCents,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { nextCode } from '../../config/fill-rule/fill-rule.service.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';
import { finClaim, finClaimInvoice, finClaimLog, finClaimPayment } from '../../core/tables/claim.table.ts';
import { type DemoPayment, bookDemoMoney } from './claim.demo-money.ts';

type Who = { id: string; username: string; realname: string };
const C = ClaimStatus;
/** The state each demo claim stops at, one per claimable batch in turn. */
const PLAN: string[] = [
  C.paid,
  C.paid,
  C.toPay,
  C.financeReview,
  C.paid,
  C.bizReview,
  C.payFailed,
  C.returned,
  C.paid,
  C.draft,
  C.rejected,
  C.toPay,
  C.paid,
  C.bizReview,
];
const REACHED: Record<string, number> = {
  [C.draft]: 0,
  [C.bizReview]: 1,
  [C.returned]: 2,
  [C.rejected]: 2,
  [C.financeReview]: 2,
  [C.toPay]: 3,
  [C.payFailed]: 4,
  [C.paid]: 4,
};

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
      .where(
        and(
          eq(rightsBankAccount.orgId, batch.orgId),
          eq(rightsBankAccount.auditStatus, AuditStatus.approved),
          eq(rightsBankAccount.status, '1'),
          eq(rightsBankAccount.delFlag, '0'),
        ),
      )
      .limit(1);
    if (!bank) continue;
    const [submitter] = await rows<{ id: string; username: string; realname: string }>(
      db,
      sql`select id, username, realname from sys_user where org_code = ${batch.sysOrgCode} order by create_time limit 1`,
    );
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
      [first, apply - first].map((amount, k) => ({
        id: newId(),
        claimId: id,
        invoiceCode: '033002600111',
        invoiceNo: String(++invoiceNo),
        invoiceDate: at(-5 + k)
          .toISOString()
          .slice(0, 10),
        amount: fromCents(amount),
        createTime: at(0),
      })),
    );
    const log = (days: number, action: string, result: string | null, remark: string | null, who: { username: string; realname: string }) =>
      db
        .insert(finClaimLog)
        .values({ id: newId(), claimId: id, action, result, remark, operatorName: who.realname, createBy: who.username, createTime: at(days) });
    const decision = (days: number, node: string, result: string, opinion: string | null, who: Who) =>
      db.insert(rightsApproval).values({
        id: newId(),
        bizType: ApprovalBizType.claim,
        bizId: id,
        bizTitle: `${claimNo} ${batch.orgName}`,
        node,
        result,
        opinion,
        approverId: who.id,
        approverName: who.realname,
        approveTime: at(days),
        orgId: batch.orgId,
        sysOrgCode: batch.sysOrgCode,
        createBy: who.username,
        createTime: at(days),
      });
    await log(0, '创建', null, `报销单号 ${claimNo}，申请金额 ${fromCents(apply)} 元`, submitter);
    if (step >= 1) await log(1, '提交', null, `申请金额 ${fromCents(apply)} 元，扣减项 ${fromCents(deductions)} 元`, submitter);
    if (status === C.returned || status === C.rejected) {
      const returned = status === C.returned;
      await decision(
        3,
        ApprovalNode.first,
        returned ? ApprovalResult.returned : ApprovalResult.reject,
        returned ? '发票金额与公证书不一致，请补充发票' : '费用与本批次维权无关',
        reviewer,
      );
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
      await db.insert(finClaimPayment).values({
        id: newId(),
        claimId: id,
        claimNo,
        orgName: batch.orgName,
        amount: fromCents(approved),
        result: PaymentResult.failed,
        reason: '收款账户户名不符，银行退票',
        createBy: finance.username,
        createTime: at(7),
      });
      await log(7, '付款失败', null, '收款账户户名不符，银行退票', finance);
    }
    if (serialNo && payDate) {
      payments.push({
        id: newId(),
        claimId: id,
        claimNo,
        orgName: batch.orgName,
        amount: fromCents(approved),
        result: PaymentResult.paid,
        payDate,
        serialNo,
        createBy: finance.username,
        createTime: at(7),
        poolId: batch.poolId,
        batchId: batch.id,
        orgId: batch.orgId,
        paidTime: at(7),
      });
      await log(7, '付款', `${fromCents(approved)} 元`, `付款日期 ${payDate}，流水号 ${serialNo}`, finance);
    }
  }
  return payments;
}
