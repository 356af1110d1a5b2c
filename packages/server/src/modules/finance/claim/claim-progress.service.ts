import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AuditStatus,
  chinaToday,
  claimDeadline,
  ClaimStatus,
  fromCents,
  toCents,
  type AgencyApplyStatistic,
  type AgencyApplyStatisticsBody,
  type BatchMoneySummary,
  type ClaimBankOption,
  type ClaimBatchOption,
  type ClaimProgressEntry,
  type Page,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { dataVersion, underVersion } from '../../../platform/db/versioned-cache.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { visibleBatch } from '../../core/tables/batch-scope.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';
import { findMyOrg, isReady, isStaff, requireReadyOrg } from '../../core/org/org-context.ts';
import { CLAIMABLE_BATCH_STATUSES } from './claim-rules.ts';
import { batchAvailable, batchLedger } from '../../core/ledger/batch-money.ts';
import { visibleClaim } from './claim.service.ts';
import { finClaim, finClaimLog } from '../../core/tables/claim.table.ts';

/** 财务进度 of a claim: created, submitted, each review, each payment attempt — oldest first. */
export async function claimProgress(db: Db, user: SessionUser, id: string): Promise<ClaimProgressEntry[]> {
  await visibleClaim(db, user, id);
  const found = await db.select().from(finClaimLog).where(eq(finClaimLog.claimId, id)).orderBy(asc(finClaimLog.createTime), asc(finClaimLog.id));
  return found.map((r) => ({ action: r.action, result: r.result, remark: r.remark, operatorName: r.operatorName, time: formatDateTime(r.createTime) }));
}

const sumOf = async (db: Db, batchId: string, statuses: string[], column: 'apply' | 'approved') => {
  const col = column === 'apply' ? finClaim.applyAmount : finClaim.approvedAmount;
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${col}), 0)::text` })
    .from(finClaim)
    .where(and(eq(finClaim.batchId, batchId), inArray(finClaim.status, statuses)));
  return toCents(r.total);
};

/** 财务进度 per batch: the ledger's numbers (frozen, released, paid) beside what its claims ask and were approved for. */
export async function batchSummary(db: Db, user: SessionUser, batchId: string): Promise<BatchMoneySummary> {
  const { row } = await visibleBatch(db, user, batchId);
  const money = await batchLedger(db, row.poolId, row.id);
  const live = [ClaimStatus.bizReview, ClaimStatus.financeReview, ClaimStatus.toPay, ClaimStatus.paid, ClaimStatus.payFailed, ClaimStatus.returned];
  return {
    batchId: row.id,
    batchNo: row.batchNo,
    batchName: row.batchName,
    approved: row.approvedAmount ?? '0.00',
    frozen: fromCents(money.frozen),
    claimed: fromCents(await sumOf(db, row.id, live, 'apply')),
    claimApproved: fromCents(await sumOf(db, row.id, [ClaimStatus.toPay, ClaimStatus.payFailed, ClaimStatus.paid], 'approved')),
    paid: fromCents(money.paid),
    released: fromCents(money.released),
    available: fromCents(await batchAvailable(db, row)),
  };
}

/**
 * The form's 关联批次: the caller's 维权中 batches and 已结案 ones within their 报销申请期限, with money still
 * frozen for claims; a closed batch names its last day.
 */
export async function batchOptions(db: Db, user: SessionUser): Promise<ClaimBatchOption[]> {
  const org = await requireReadyOrg(db, user);
  const batches = await db
    .select()
    .from(rightsBatch)
    .where(and(eq(rightsBatch.orgId, org.id), eq(rightsBatch.delFlag, '0'), inArray(rightsBatch.status, CLAIMABLE_BATCH_STATUSES)))
    .orderBy(asc(rightsBatch.batchNo));
  const options: ClaimBatchOption[] = [];
  const today = chinaToday();
  for (const b of batches) {
    const deadline = claimDeadline(b);
    if (deadline !== null && today > deadline) continue;
    const { frozen } = await batchLedger(db, b.poolId, b.id);
    if (frozen <= 0n) continue;
    options.push({
      id: b.id,
      batchNo: b.batchNo,
      batchName: b.batchName,
      poolName: b.poolName,
      frozen: fromCents(frozen),
      available: fromCents(await batchAvailable(db, b)),
      deadline,
    });
  }
  return options;
}

/** The form's 收款账户: the caller's approved, valid accounts, the default first. */
export async function bankOptions(db: Db, user: SessionUser): Promise<ClaimBankOption[]> {
  const org = await requireReadyOrg(db, user);
  const found = await db
    .select()
    .from(rightsBankAccount)
    .where(
      and(
        eq(rightsBankAccount.orgId, org.id),
        eq(rightsBankAccount.auditStatus, AuditStatus.approved),
        eq(rightsBankAccount.status, '1'),
        eq(rightsBankAccount.delFlag, '0'),
      ),
    );
  return found
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .map((a) => ({
      id: a.id,
      label: `${a.accountName} ${a.bankName} 尾号${a.accountNo.slice(-4)}`,
      accountName: a.accountName,
      bankName: a.bankName,
      accountNo: a.accountNo,
      isDefault: a.isDefault === '1',
    }));
}

/** China-time day bounds as UTC instants for `[start, end]`. */
const dayStart = (d: string) => sql`(${d}::timestamp - interval '8 hours') at time zone 'UTC'`;
const dayEnd = (d: string) => sql`(${d}::timestamp + interval '16 hours') at time zone 'UTC'`;
const within = (column: string, body: AgencyApplyStatisticsBody) =>
  sql.join(
    [
      sql.raw(`${column} is not null`),
      ...(body.startDate ? [sql`${sql.raw(column)} >= ${dayStart(body.startDate)}`] : []),
      ...(body.endDate ? [sql`${sql.raw(column)} < ${dayEnd(body.endDate)}`] : []),
    ],
    sql` and `,
  );
/** A date column (no time of day) in `[start, end]`: compared as dates, as the lists' date ranges compare it. */
const onDays = (column: string, body: AgencyApplyStatisticsBody) =>
  sql.join(
    [
      sql.raw(`${column} is not null`),
      ...(body.startDate ? [sql`${sql.raw(column)} >= ${body.startDate}::date`] : []),
      ...(body.endDate ? [sql`${sql.raw(column)} <= ${body.endDate}::date`] : []),
    ],
    sql` and `,
  );

/**
 * spec §7 机构申请排行 (POST /sys/api/agencyCApplyStatisticsList): per organisation, in the date range,
 * batches submitted (applyNum) and of those approved (passNum), claims submitted (amount, not 驳回) and
 * paid (paidAmount, by 付款日期: the day the money left, which 报销管理 shows and filters on, not the
 * moment finance recorded it). Most applications first. Staff see every organisation; an
 * organisation's users their own row; anyone else nothing.
 */
export async function agencyApplyStatistics(db: Db, user: SessionUser, body: AgencyApplyStatisticsBody): Promise<Page<AgencyApplyStatistic>> {
  if (body.startDate && body.endDate && body.endDate < body.startDate) throw new BizError('结束日期不能早于开始日期');
  let scope = sql`true`;
  let scopeKey = '*';
  if (!(await isStaff(db, user.id, user.accessVersion))) {
    const org = await findMyOrg(db, user);
    scope = isReady(org) ? sql`o.id = ${org!.id}` : sql`false`;
    scopeKey = isReady(org) ? org!.id : '';
  }
  // Remembered until a batch, a claim or an organisation changes (issue 35: every organisation's figures are
  // summed over all their batches and claims, 27 ms at 100k batches, on every visit of the dashboard). Versions
  // only grow, so their sum changes whenever one of them does.
  const [batches, claims, orgs] = await Promise.all([dataVersion(db, 'rights_batch'), dataVersion(db, 'fin_claim'), dataVersion(db, 'rights_org')]);
  const key = `agency-apply\n${scopeKey}\n${body.startDate ?? ''}\n${body.endDate ?? ''}\n${body.pageNo}\n${body.pageSize}`;
  return underVersion(db, key, batches + claims + orgs, () => computeAgencyApplyStatistics(db, scope, body));
}

async function computeAgencyApplyStatistics(db: Db, scope: SQL, body: AgencyApplyStatisticsBody): Promise<Page<AgencyApplyStatistic>> {
  // One pass over each organisation's batches for both counts (idx_rights_batch_submit_stat includes
  // 审核时间: migration 0039), computed once: the filter, the order and the page below would otherwise
  // each evaluate the per-organisation subqueries again (issue 35).
  const stats = sql`
    select o.id as org_id, o.org_name, b.apply_num, b.pass_num,
           (select coalesce(sum(c.apply_amount), 0)::text from fin_claim c where c.org_id = o.id and c.status <> ${ClaimStatus.rejected} and ${within('c.submit_time', body)}) as amount,
           (select coalesce(sum(c.approved_amount), 0)::text from fin_claim c where c.org_id = o.id and c.status = ${ClaimStatus.paid} and ${onDays('c.pay_date', body)}) as paid_amount
      from rights_org o
      cross join lateral (select count(*)::int as apply_num, count(b.approve_time)::int as pass_num
                            from rights_batch b where b.org_id = o.id and b.del_flag = '0' and ${within('b.submit_time', body)}) b
     where ${scope}`;
  const filtered = sql`select * from s where s.apply_num > 0 or s.amount::numeric > 0 or s.paid_amount::numeric > 0`;
  const offset = (body.pageNo - 1) * body.pageSize;
  // the page and the total from one pass over the statistics (issue 35: counting them in a query of its own
  // computed every organisation's figures twice, 27 ms at 100k batches); only a page past the end counts apart
  const found = await rows<{ org_id: string; org_name: string; apply_num: number; pass_num: number; amount: string; paid_amount: string; total: number }>(
    db,
    sql`with s as materialized (${stats}) select f.*, count(*) over ()::int as total from (${filtered}) f order by f.apply_num desc, f.amount::numeric desc, f.org_name limit ${body.pageSize} offset ${offset}`,
  );
  const total =
    found[0]?.total ??
    (offset === 0
      ? 0
      : (await rows<{ total: number }>(db, sql`with s as materialized (${stats}) select count(*)::int as total from (${filtered}) f`))[0]!.total);
  const records = found.map((r) => ({
    orgId: r.org_id,
    orgName: r.org_name,
    applyNum: r.apply_num,
    passNum: r.pass_num,
    amount: fromCents(toCents(r.amount)),
    paidAmount: fromCents(toCents(r.paid_amount)),
  }));
  return { records, total, size: body.pageSize, current: body.pageNo, pages: Math.ceil(total / body.pageSize) };
}
