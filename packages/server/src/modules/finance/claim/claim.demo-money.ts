import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  BatchLogAction,
  ClaimStatus,
  BatchStatus,
  claimWindow,
  ClaimWindowMsg,
  fromCents,
  JOB_DEFINITIONS,
  nextRunAfter,
  toCents,
} from '@sbwq/contracts';
import { type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { rightsBatch, rightsBatchLog } from '../../core/tables/batch.table.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';
import { batchRef, RELEASE_REMARK, releaseOpKey } from '../../core/ledger/batch-money.ts';
import { finClaim, finClaimPayment } from '../../core/tables/claim.table.ts';

/** A claim paid in the demo: its payment record waits for the 扣减 row it names. */
export type DemoPayment = Omit<typeof finClaimPayment.$inferInsert, 'poolLogId'> & { poolId: string; batchId: string; orgId: string; paidTime: Date };

export type Move = { at: Date; order: number; book: () => Promise<unknown> };

export type BatchRow = typeof rightsBatch.$inferSelect;
export type Expiry = { b: BatchRow; at: Date; amount: bigint; reserved: bigint };

/**
 * What the 结案报销期满解冻 job (DOMAIN.md claim flow, 报销申请期限) would have released by now: for each
 * closed batch past its window, at the job's first run after both the deadline and the last decision of
 * its claims in review (a claim still in review keeps the batch waiting), what is frozen beyond the
 * claims approved and not yet paid at that moment — the claims paid later were still reserved then.
 */
export async function expiryReleases(db: Db, batches: BatchRow[]): Promise<Expiry[]> {
  const cron = JOB_DEFINITIONS.closedBatchRelease.cron;
  const now = new Date();
  const found: Expiry[] = [];
  for (const b of batches) {
    if (b.status !== BatchStatus.closed || !b.closedTime) continue;
    const { deadline } = claimWindow(b.closedTime);
    const claims = await db.select().from(finClaim).where(eq(finClaim.batchId, b.id));
    if (claims.some((c) => c.status === ClaimStatus.bizReview || c.status === ClaimStatus.financeReview)) continue;
    const decided = claims
      .map((c) => (c.status === ClaimStatus.returned || c.status === ClaimStatus.rejected ? c.bizReviewTime : c.financeReviewTime))
      .filter((d): d is Date => d !== null);
    const after = new Date(Math.max(new Date(`${addDays(deadline, 1)}T00:00:00+08:00`).getTime(), ...decided.map((d) => d.getTime())));
    const at = nextRunAfter(cron, after);
    if (!at || at > now) continue;
    const approved = (statuses: string[], paidAfter = false) =>
      claims
        .filter((c) => statuses.includes(c.status) && (!paidAfter || (c.paidTime !== null && c.paidTime > at)))
        .reduce((sum, c) => sum + toCents(c.approvedAmount ?? '0'), 0n);
    const paid = approved([ClaimStatus.paid]);
    const reserved = approved([ClaimStatus.toPay, ClaimStatus.payFailed]) + approved([ClaimStatus.paid], true);
    const amount = toCents(b.approvedAmount!) - toCents(b.releasedAmount) - paid - approved([ClaimStatus.toPay, ClaimStatus.payFailed]);
    if (amount > 0n) found.push({ b, at, amount, reserved });
  }
  return found;
}

/** The batch's side of an expiry release, as the job writes it: 已解冻金额 and the 操作日志 line (by 系统). */
export async function recordExpiry(db: Db, { b, at, amount, reserved }: Expiry) {
  await db
    .update(rightsBatch)
    .set({ releasedAmount: sql`${rightsBatch.releasedAmount} + ${fromCents(amount)}::numeric`, updateBy: 'system', updateTime: at })
    .where(eq(rightsBatch.id, b.id));
  await db.insert(rightsBatchLog).values({
    id: newId(),
    batchId: b.id,
    action: BatchLogAction.claimExpired,
    detail: ClaimWindowMsg.logText(amount, reserved),
    operatorName: '系统',
    createBy: 'system',
    createTime: at,
  });
}

/**
 * The demo's money after the pools' own deposits: each approved batch freezes its 核定金额 at its approval
 * time, a withdrawn batch or one closed without success releases it when that happened, and each paid
 * claim's 扣减 is booked at its payment time — all through the ledger's checked operations, in time order,
 * so each log row's balances are those of its day and the 资金池 trend shows the year as it went.
 */
export async function bookDemoMoney(db: Db, payments: DemoPayment[]): Promise<void> {
  const batches = await db
    .select()
    .from(rightsBatch)
    .where(
      and(
        eq(rightsBatch.delFlag, '0'),
        sql`${rightsBatch.approvedAmount} is not null and ${rightsBatch.approveTime} is not null and ${rightsBatch.poolId} is not null`,
      ),
    );
  const withdrawn = new Map(
    (
      await db
        .select({ batchId: rightsBatchLog.batchId, at: rightsBatchLog.createTime })
        .from(rightsBatchLog)
        .where(eq(rightsBatchLog.action, BatchLogAction.withdraw))
    ).map((r) => [r.batchId, r.at]),
  );
  // Each move names who took its step, as a live flow's session would: the person behind the batch's
  // log entry at that moment (the reviewer who approved or closed it, the user who withdrew it).
  const steps = await db
    .select({ batchId: rightsBatchLog.batchId, by: rightsBatchLog.createBy, at: rightsBatchLog.createTime })
    .from(rightsBatchLog)
    .orderBy(rightsBatchLog.createTime);
  const byAt = (batchId: string, at: Date) =>
    steps.filter((s) => s.batchId === batchId && s.at !== null && s.at.getTime() <= at.getTime() && s.by && s.by !== 'system').at(-1)?.by ?? undefined;
  const moves: Move[] = [];
  for (const b of batches) {
    const req = { poolId: b.poolId!, amount: b.approvedAmount!, bizRef: batchRef(b.id), bizNo: b.batchNo, orgId: b.orgId, orgName: b.orgName };
    moves.push({
      at: b.approveTime!,
      order: 0,
      book: () =>
        ledger.freeze(db, null, { ...req, opKey: `batch:${b.id}:freeze`, remark: '线索批次审核通过冻结', at: b.approveTime!, by: byAt(b.id, b.approveTime!) }),
    });
    if (toCents(b.releasedAmount) === 0n) continue;
    const reason = b.status === BatchStatus.withdrawn ? 'withdraw' : 'closure';
    const at = reason === 'withdraw' ? withdrawn.get(b.id) : b.closedTime;
    if (!at) throw new Error(`demo batch ${b.batchNo}: released without the time it was ${reason === 'withdraw' ? 'withdrawn' : 'closed'}`);
    moves.push({
      at,
      order: 1,
      book: () =>
        ledger.release(db, null, {
          ...req,
          amount: b.releasedAmount,
          opKey: releaseOpKey(b.id, reason, 0n),
          remark: RELEASE_REMARK[reason],
          at,
          by: byAt(b.id, at),
        }),
    });
  }
  for (const expiry of await expiryReleases(db, batches)) {
    const { b, at, amount } = expiry;
    const req = { poolId: b.poolId!, amount: fromCents(amount), bizRef: batchRef(b.id), bizNo: b.batchNo, orgId: b.orgId, orgName: b.orgName };
    moves.push({
      at,
      order: 1,
      book: () => ledger.release(db, null, { ...req, opKey: releaseOpKey(b.id, 'expired', toCents(b.releasedAmount)), remark: RELEASE_REMARK.expired, at }),
    });
    moves.push({ at, order: 3, book: () => recordExpiry(db, expiry) });
  }
  for (const { poolId, batchId, orgId, paidTime, ...payment } of payments) {
    moves.push({
      at: paidTime,
      order: 2,
      book: async () => {
        const booked = await ledger.deduct(db, null, {
          poolId,
          amount: payment.amount,
          opKey: `claim:${payment.claimId}:pay`,
          bizRef: batchRef(batchId),
          bizNo: payment.claimNo,
          orgId,
          orgName: payment.orgName,
          remark: `报销付款 流水号 ${payment.serialNo}`,
          at: paidTime,
          by: payment.createBy ?? undefined,
        });
        await db.insert(finClaimPayment).values({ ...payment, poolLogId: booked.logId });
      },
    });
  }
  moves.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  for (const move of moves) await move.book();
}
