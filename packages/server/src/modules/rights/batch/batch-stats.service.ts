import { sql, type SQL } from 'drizzle-orm';
import { addMonths, chinaToday, type MonthNum } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { dataVersion, underVersion } from '../../../platform/db/versioned-cache.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { findMyOrg, isReady, isStaff } from '../../core/org/org-context.ts';

/**
 * Spec §7 statistics of clue batches. 申请 = a batch handed to the association (it has a submit time);
 * 通过 = a batch that passed its final review (approve time). Staff count every organisation; an
 * organisation's users their own; anyone else (an organisation not yet enrolled) nothing.
 */
async function scopeOf(db: Db, user: SessionUser): Promise<{ key: string; where: SQL }> {
  if (await isStaff(db, user.id, user.accessVersion)) return { key: '*', where: sql`true` };
  const org = await findMyOrg(db, user);
  return isReady(org) ? { key: org!.id, where: sql`org_id = ${org!.id}` } : { key: '', where: sql`false` };
}

type Kind = 'apply' | 'pass';
const column = (kind: Kind) => (kind === 'apply' ? sql.raw('submit_time') : sql.raw('approve_time'));

/**
 * Counts come from the partial indexes of migration batch_indexes and are remembered per version of the
 * batch table: the dashboard asks on every visit, the batches change far less often.
 */
async function remembered<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const version = await dataVersion(db, 'rights_batch');
  return underVersion(db, `batch-stats\n${key}`, version, compute);
}

export async function batchCount(db: Db, user: SessionUser, kind: Kind): Promise<number> {
  const scope = await scopeOf(db, user);
  if (!scope.key) return 0;
  return remembered(db, `${kind}\n${scope.key}`, async () => {
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rights_batch where del_flag = '0' and ${column(kind)} is not null and ${scope.where}`,
    );
    return n;
  });
}

/** The last 12 months (China time), oldest first, each with its count; months without batches give 0. */
export async function monthlyCounts(db: Db, user: SessionUser, kind: Kind, today = chinaToday()): Promise<MonthNum[]> {
  const months = Array.from({ length: 12 }, (_, i) => addMonths(`${today.slice(0, 7)}-01`, i - 11).slice(0, 7));
  const scope = await scopeOf(db, user);
  if (!scope.key) return months.map((month) => ({ month, num: 0 }));
  const at = column(kind);
  // Month starts in China time as instants; width_bucket files each batch under its month without
  // formatting a date per row (bucket 13 holds anything after this month).
  const starts = [...months, addMonths(`${months[11]}-01`, 1).slice(0, 7)].map((m) => sql`${`${m}-01T00:00:00+08:00`}::timestamptz`);
  const found = await remembered(db, `${kind}\n${scope.key}\n${months[0]}`, () =>
    rows<{ bucket: number; num: number }>(
      db,
      sql`select width_bucket(${at}, array[${sql.join(starts, sql`, `)}]) as bucket, count(*)::int as num
            from rights_batch
           where del_flag = '0' and ${at} is not null and ${scope.where} and ${at} >= ${`${months[0]}-01T00:00:00+08:00`}::timestamptz
           group by 1`,
    ),
  );
  const byBucket = new Map(found.map((r) => [Number(r.bucket), r.num]));
  return months.map((month, i) => ({ month, num: byBucket.get(i + 1) ?? 0 }));
}
