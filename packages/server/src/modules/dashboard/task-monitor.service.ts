import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ApprovalResult, chinaToday, ClaimStatus, ONLINE_WINDOW_MINUTES, type MonitorToday, type TaskThroughput } from '@sbwq/contracts';
import { finClaim } from '../core/tables/claim.table.ts';
import { rightsApproval } from '../core/approval/approval.table.ts';
import { rightsBatch } from '../core/tables/batch.table.ts';
import { sysSession } from '../../platform/auth/session.table.ts';
import type { Db } from '../../platform/db/client.ts';

/** Start of a China day, as an instant: China keeps UTC+8 all year. */
const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(chinaDayStart(day).getTime() + 86_400_000);
const daysBetween = (start: string, end: string) => {
  const out: string[] = [];
  for (let t = chinaDayStart(start).getTime(); t <= chinaDayStart(end).getTime(); t += 86_400_000) out.push(chinaToday(new Date(t)));
  return out;
};
/** The China calendar day of a timestamptz, without relying on the server's time zone data. */
const chinaDayOf = (column: unknown) => sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const avgDays = (from: unknown, to: unknown) =>
  sql<string | null>`round((avg(extract(epoch from (${to} - ${from}))) / 86400)::numeric, 1)::text`.mapWith((v: string | null) =>
    v === null ? null : Number(v),
  );

/**
 * Work handled per day (approval records on idx_rights_approval_time) and, per 初审人, the batches
 * submitted in the range (idx_rights_batch_submit_time) with their average days to 审核通过 and to 结案.
 * Every day of the range is present, 0 when nothing was decided.
 */
export async function taskThroughput(db: Db, range: { start: string; end: string }): Promise<TaskThroughput> {
  const from = chinaDayStart(range.start);
  const to = nextDay(range.end);
  const day = chinaDayOf(rightsApproval.approveTime);
  const [perDay, reviewers] = await Promise.all([
    db
      .select({
        date: day,
        decisions: sql<number>`count(*)`.mapWith(Number),
        approved: sql<number>`count(*) filter (where ${rightsApproval.result} = ${ApprovalResult.pass})`.mapWith(Number),
        rejected: sql<number>`count(*) filter (where ${rightsApproval.result} <> ${ApprovalResult.pass})`.mapWith(Number),
      })
      .from(rightsApproval)
      .where(and(gte(rightsApproval.approveTime, from), lt(rightsApproval.approveTime, to)))
      .groupBy(day),
    db
      .select({
        reviewerId: rightsBatch.firstReviewerId,
        reviewerName: sql<string>`max(${rightsBatch.firstReviewerName})`,
        batches: sql<number>`count(*)`.mapWith(Number),
        approvedBatches: sql<number>`count(${rightsBatch.approveTime})`.mapWith(Number),
        avgDaysToApprove: avgDays(rightsBatch.submitTime, rightsBatch.approveTime),
        closedBatches: sql<number>`count(${rightsBatch.closedTime})`.mapWith(Number),
        avgDaysToClose: avgDays(rightsBatch.submitTime, rightsBatch.closedTime),
      })
      .from(rightsBatch)
      .where(and(gte(rightsBatch.submitTime, from), lt(rightsBatch.submitTime, to), isNotNull(rightsBatch.firstReviewerId), eq(rightsBatch.delFlag, '0')))
      .groupBy(rightsBatch.firstReviewerId)
      .orderBy(rightsBatch.firstReviewerId),
  ]);
  const byDay = new Map(perDay.map((d) => [d.date, d]));
  return {
    days: daysBetween(range.start, range.end).map((date) => byDay.get(date) ?? { date, decisions: 0, approved: 0, rejected: 0 }),
    reviewers: reviewers.map((r) => ({ ...r, reviewerId: r.reviewerId ?? '', reviewerName: r.reviewerName ?? '' })),
  };
}

/** Today's figures for 监控: four small counts side by side, each bounded by the China day. */
export async function monitorToday(db: Db, now = new Date()): Promise<MonitorToday> {
  const today = chinaToday(now);
  const from = chinaDayStart(today);
  const to = nextDay(today);
  const count = sql<number>`count(*)`.mapWith(Number);
  const [[batches], [claims], [decisions], [payments], [online]] = await Promise.all([
    db
      .select({ n: count })
      .from(rightsBatch)
      .where(and(gte(rightsBatch.submitTime, from), lt(rightsBatch.submitTime, to), eq(rightsBatch.delFlag, '0'))),
    db
      .select({ n: count })
      .from(finClaim)
      .where(and(gte(finClaim.submitTime, from), lt(finClaim.submitTime, to))),
    db
      .select({ n: count })
      .from(rightsApproval)
      .where(and(gte(rightsApproval.approveTime, from), lt(rightsApproval.approveTime, to))),
    // by 付款日期, the date the list shows and filters on, so the figure opens exactly its rows
    db
      .select({ n: count, amount: sql<string>`coalesce(sum(${finClaim.approvedAmount}), 0.00)::text` })
      .from(finClaim)
      .where(and(eq(finClaim.status, ClaimStatus.paid), eq(finClaim.payDate, today))),
    db
      .select({ n: sql<number>`count(distinct ${sysSession.userId})`.mapWith(Number) })
      .from(sysSession)
      .where(
        and(
          isNull(sysSession.revokedAt),
          sql`${sysSession.expiresAt} > ${now}`,
          sql`${sysSession.lastSeenAt} > ${new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000)}`,
        ),
      ),
  ]);
  return {
    today,
    batchesSubmitted: batches.n,
    claimsSubmitted: claims.n,
    decisions: decisions.n,
    payments: { count: payments.n, amount: payments.amount },
    onlineUsers: online.n,
  };
}
