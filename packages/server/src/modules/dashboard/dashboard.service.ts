import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BatchDict,
  chinaToday,
  ClaimStatus,
  type BatchResultGroup,
  type BatchResultRow,
  type PendingPaymentSummary,
  type RightExpiryStatistics,
} from '@sbwq/contracts';
import { finClaim } from '../core/tables/claim.table.ts';
import type { DictService } from '../config/dict/dict.service.ts';
import { rightsBatchResult } from './batch-result.table.ts';
import type { Db } from '../../platform/db/client.ts';
import type { SessionUser } from '../../platform/auth/session.ts';
import { viewerOf } from '../core/org/org-context.ts';
import { dataVersion, underVersion } from '../../platform/db/versioned-cache.ts';
import { expiryFlagCondition, rightScope } from '../rights/right/right.service.ts';
import { rightsRight } from '../rights/right/right.table.ts';

const monthOf = (day: string, add: number) => {
  const [y, m] = day.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + add, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * 即将到期 and the other derived flags (DOMAIN.md protected-rights record) counted with the list's own
 * scope and conditions, so each figure equals the total of the list filtered by that flag. Two
 * aggregate statements on idx_rights_right_expire; no record is read into the app.
 */
export async function rightExpiryStatistics(db: Db, user: SessionUser, today = chinaToday()): Promise<RightExpiryStatistics> {
  const scope = and(...rightScope(await viewerOf(db, user)));
  const soon = expiryFlagCondition('expiringSoon', today);
  const month = sql<string>`to_char(${rightsRight.expireDate}, 'YYYY-MM')`;
  // two statements side by side (separate connections on PostgreSQL): the answer waits for the slower only
  const [[flags], byMonth] = await Promise.all([
    db
      .select({
        expiringSoon: sql<number>`count(*) filter (where ${soon})`.mapWith(Number),
        inGracePeriod: sql<number>`count(*) filter (where ${expiryFlagCondition('inGracePeriod', today)})`.mapWith(Number),
        expired: sql<number>`count(*) filter (where ${expiryFlagCondition('expired', today)})`.mapWith(Number),
        authExpired: sql<number>`count(*) filter (where ${expiryFlagCondition('authExpired', today)})`.mapWith(Number),
      })
      .from(rightsRight)
      .where(scope),
    db
      .select({ month, count: sql<number>`count(*)`.mapWith(Number) })
      .from(rightsRight)
      .where(and(scope, soon))
      .groupBy(month),
  ]);
  const counts = new Map(byMonth.map((r) => [r.month, r.count]));
  // today + 12 months falls in the 13th calendar month counted from this one
  const months = Array.from({ length: 13 }, (_, i) => monthOf(today, i)).map((m) => ({ month: m, count: counts.get(m) ?? 0 }));
  return { today, ...flags, months };
}

const RESULT_GROUPS = {
  rightsMethod: { column: rightsBatchResult.rightsMethod, dict: BatchDict.rightsMethod },
  platform: { column: rightsBatchResult.platform, dict: BatchDict.platform },
} as const;

/**
 * 维权结果 by 维权方式 or 侵权平台: closed batches the caller may read (the batch list's own scope) and
 * the items they judged. Read from rights_batch_result, which triggers keep per organisation, 维权方式 and
 * 侵权平台 in each writing transaction (issue 35: summing every closed batch took 35 ms on PostgreSQL and
 * 135 ms embedded at 100k batches, again after every batch write). Every staff member sees every closed
 * batch (only drafts are hidden from them), so staff share one answer and each organisation has its own,
 * remembered per version of the batch table.
 */
export async function batchResultStatistics(db: Db, dicts: DictService, user: SessionUser, by: BatchResultGroup): Promise<BatchResultRow[]> {
  const group = RESULT_GROUPS[by];
  const viewer = await viewerOf(db, user);
  const version = await dataVersion(db, 'rights_batch');
  const found = await underVersion(db, `batch-results\n${by}\n${viewer.staff ? '*' : viewer.org.id}`, version, () =>
    db
      .select({
        value: group.column,
        batches: sql<number>`sum(${rightsBatchResult.batches})`.mapWith(Number),
        success: sql<number>`sum(${rightsBatchResult.successCount})`.mapWith(Number),
        failed: sql<number>`sum(${rightsBatchResult.failedCount})`.mapWith(Number),
        notInfringing: sql<number>`sum(${rightsBatchResult.notInfringingCount})`.mapWith(Number),
      })
      .from(rightsBatchResult)
      .where(viewer.staff ? undefined : eq(rightsBatchResult.orgId, viewer.org.id))
      .groupBy(group.column)
      // a group whose closed batches all left it keeps a row of zeros
      .having(sql`sum(${rightsBatchResult.batches}) > 0`)
      .orderBy(group.column),
  );
  const texts = await dicts.translate(
    group.dict,
    found.map((r) => r.value),
  );
  return found.map((r) => ({ ...r, text: texts.get(r.value) ?? r.value }));
}

/**
 * 待付款 for finance: what the payment queue holds, counted and added up exactly in the database; the sum
 * stays unbounded numeric, since many amounts may add up past what one numeric(14,2) column holds.
 */
export async function pendingPaymentSummary(db: Db): Promise<PendingPaymentSummary> {
  const [summary] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number), amount: sql<string>`coalesce(sum(${finClaim.approvedAmount}), 0.00)::text` })
    .from(finClaim)
    .where(inArray(finClaim.status, [ClaimStatus.toPay, ClaimStatus.payFailed]));
  return summary;
}
