import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BatchLogAction,
  BatchStatus,
  claimWindow,
  claimWindowCutoff,
  claimWindowOpen,
  ClaimStatus,
  ClaimWindowMsg,
  fromCents,
  PoolChangeType,
  toCents,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { pushQuietly } from '../../core/notice/org-notice.ts';
import type { WrittenNotice } from '../../core/notice/delivery.ts';
import { DataTable, recordVersion, type Changer } from '../../core/datalog/datalog.service.ts';
import { RESERVING } from '../../core/ledger/batch-money.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';
import { finClaim } from '../../core/tables/claim.table.ts';
import { releaseRest } from './batch-flow.service.ts';
import { writeLog } from './batch-log.ts';
import { writeClaimExpiredNotice } from './batch-notice.ts';

/** Claims still being decided: the batch waits for them before the rest of its money is released. */
export const IN_REVIEW: string[] = [ClaimStatus.bizReview, ClaimStatus.financeReview];

/** The job's name in the data log (no session takes this step). */
const SYSTEM: Changer = { username: 'system', realname: '系统' };

/**
 * 已结案 batches past their 报销申请期限 on `today` that the ledger still holds more for than their
 * approved-but-unpaid claims reserve, and with no claim in 业务审核 / 财务审核; oldest closure first.
 * `waiting`: those that would qualify but for a claim in review.
 */
export async function expiredBatches(db: Db, today: string): Promise<{ ready: string[]; waiting: number }> {
  const found = await rows<{ id: string; in_review: boolean }>(
    db,
    sql`select b.id,
               exists (select 1 from fin_claim c where c.batch_id = b.id and c.status in (${sql.join(
                 IN_REVIEW.map((s) => sql`${s}`),
                 sql`, `,
               )})) as in_review
          from rights_batch b
         where b.status = ${BatchStatus.closed} and b.del_flag = '0' and b.approved_amount is not null
           and b.closed_time < ${claimWindowCutoff(today).toISOString()}::timestamptz
           and (select coalesce(sum(case l.change_type when ${PoolChangeType.freeze} then l.amount when ${PoolChangeType.release} then -l.amount
                                                       when ${PoolChangeType.deduct} then -l.amount else 0 end), 0)
                  from fin_capital_pool_log l where l.pool_id = b.pool_id and l.biz_ref = 'batch:' || b.id)
             > (select coalesce(sum(c.approved_amount), 0) from fin_claim c where c.batch_id = b.id and c.status in (${sql.join(
               RESERVING.map((s) => sql`${s}`),
               sql`, `,
             )}))
         order by b.closed_time, b.id`,
  );
  return { ready: found.filter((r) => !r.in_review).map((r) => r.id), waiting: found.filter((r) => r.in_review).length };
}

export type ExpiryRelease = { batchNo: string; released: bigint; reserved: bigint; notice: WrittenNotice | null };

/**
 * One batch's release, in one transaction: the batch row locked (claim approvals and payments lock it
 * too) and checked again as it stands, then the rest of its frozen money released through the ledger
 * (the pool locked), 已解冻金额, the 操作日志 line, the data-log version and the organisation's notice.
 * Null when there is nothing (any more) to release: the batch changed since it was listed, a claim of
 * it is in review, or another process released it first.
 */
export async function releaseExpired(db: Db, batchId: string, today: string): Promise<ExpiryRelease | null> {
  return db.transaction(async (t) => {
    const [row] = await t.select().from(rightsBatch).where(eq(rightsBatch.id, batchId)).for('update');
    if (!row || row.delFlag !== '0' || row.status !== BatchStatus.closed || !row.closedTime || claimWindowOpen(row.closedTime, today)) return null;
    const [busy] = await t
      .select({ id: finClaim.id })
      .from(finClaim)
      .where(and(eq(finClaim.batchId, row.id), inArray(finClaim.status, IN_REVIEW)))
      .limit(1);
    if (busy) return null;
    const money = await releaseRest(t, null, row, 'expired');
    if (!money || money.released <= 0n) return null;
    const now = new Date();
    // releaseRest wrote 已解冻金额; the job adds who and when, and the version records all three
    const stamp = { updateBy: SYSTEM.username, updateTime: now };
    await t.update(rightsBatch).set(stamp).where(eq(rightsBatch.id, row.id));
    await recordVersion(t, SYSTEM, DataTable.batch, row.id, row, { releasedAmount: fromCents(toCents(row.releasedAmount) + money.released), ...stamp }, now);
    await writeLog(t, null, row.id, BatchLogAction.claimExpired, ClaimWindowMsg.logText(money.released, money.reserved), now);
    const notice = await writeClaimExpiredNotice(t, row, money, claimWindow(row.closedTime).deadline);
    return { batchNo: row.batchNo, ...money, notice };
  });
}

/**
 * 结案报销期满解冻 (the job): every batch past its window is released in its own transaction, so one
 * refusal (its pool paused, say) stops only that batch and is named in the answer; the notices are
 * pushed after their commits. A re-run finds nothing more to release.
 */
export async function releaseExpiredBatches(db: Db, sockets: SocketHub, today: string): Promise<string> {
  const { ready, waiting } = await expiredBatches(db, today);
  let count = 0;
  let total = 0n;
  const refused: string[] = [];
  for (const id of ready) {
    try {
      const done = await releaseExpired(db, id, today);
      if (!done) continue;
      count += 1;
      total += done.released;
      if (done.notice) await pushQuietly(sockets, done.notice);
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      const [row] = await db.select({ batchNo: rightsBatch.batchNo }).from(rightsBatch).where(eq(rightsBatch.id, id));
      refused.push(`${row?.batchNo ?? id}：${error.message}`);
    }
  }
  return ClaimWindowMsg.runAnswer(count, total, waiting, refused);
}
