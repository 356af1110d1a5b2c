import { asc, inArray, sql } from 'drizzle-orm';
import {
  fromCents,
  POOL_ACCOUNT_TEXT,
  PoolPerm,
  toCents,
  type Page,
  type PoolLine,
  type PoolLogRecord,
  type PoolReconcileReport,
  type PoolStatistic,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { realnamesOf } from '../../../platform/db/user-names.ts';
import { columnsOf, toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { finCapitalPool, finCapitalPoolLog } from '../../core/ledger/pool.table.ts';

export const poolLogWhitelist: ListResource = {
  table: finCapitalPoolLog,
  fields: fieldsOf(finCapitalPoolLog, {
    poolId: 'string',
    poolCode: 'string',
    changeType: 'string',
    bizNo: 'string',
    bizRef: 'string',
    orgId: 'string',
    orgName: 'string',
    amount: 'number',
    seq: 'number',
    createBy: 'string',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type LogRow = typeof finCapitalPoolLog.$inferSelect;

async function records(ctx: ResourceCtx, list: LogRow[]): Promise<PoolLogRecord[]> {
  const ids = [...new Set(list.map((r) => r.poolId))];
  const names = ids.length
    ? await ctx.db.select({ id: finCapitalPool.id, name: finCapitalPool.poolName }).from(finCapitalPool).where(inArray(finCapitalPool.id, ids))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const personOf = await realnamesOf(
    ctx.db,
    list.map((r) => r.createBy),
  );
  const plain = list.map(({ opKey: _key, ...row }) => ({
    ...withDateTexts(row, ['createTime']),
    poolName: nameOf.get(row.poolId) ?? '',
    createByName: personOf(row.createBy),
  }));
  return await ctx.deps.dicts.withDictText(plain, { changeType: 'pool_change_type' });
}

export async function listPoolLogs(ctx: ResourceCtx, params: ListParams): Promise<Page<PoolLogRecord>> {
  // Within one instant rows keep their order in the pool's log.
  const page = await pageOf<LogRow>(ctx.db, poolLogWhitelist, params, { tieBreak: finCapitalPoolLog.id });
  return { ...page, records: await records(ctx, page.records) };
}

const flow = (r: PoolLogRecord) => `${POOL_ACCOUNT_TEXT[r.fromAccount]} → ${POOL_ACCOUNT_TEXT[r.toAccount]}`;
const exportColumns = columnsOf<PoolLogRecord>({
  poolCode: ['资金池编号', 14],
  poolName: ['资金池', 28],
  seq: ['序号', 8],
  changeType: ['变动类型', (r) => r.changeType_dictText || r.changeType],
  amount: '金额',
  flow: ['资金流向', flow],
  balanceBefore: '变动前余额',
  balanceAfter: '变动后余额',
  frozenAfter: '冻结',
  usedAfter: '已使用',
  totalAfter: '总额',
  bizNo: ['关联业务', 20],
  orgName: ['机构', 26],
  createByName: '操作人',
  createTime: ['时间', 20],
  remark: ['备注', 30],
});

export async function exportPoolLogs(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const list = await exportRowsOf((query) => listPoolLogs(ctx, query), params);
  return { body: await toWorkbook('资金池日志', exportColumns, list), fileName: '资金池日志.xlsx', asciiName: 'capital-pool-log.xlsx' };
}

type ReconcileRow = {
  id: string;
  pool_code: string;
  pool_name: string;
  total_amount: string;
  frozen_amount: string;
  used_amount: string;
  log_seq: number;
  n: string | number;
  max_seq: number | null;
  total: string | null;
  frozen: string | null;
  used: string | null;
  broken: string | number | null;
};

/**
 * 对账: recomputes every pool (or one) from its log — the sums of the moves into and out of each
 * account, the row count against the last seq, and that each row starts where the one before ended —
 * and lists every pool where the row and its log disagree.
 */
export async function reconcile(db: Db, poolId?: string): Promise<PoolReconcileReport> {
  const only = poolId ? sql`where p.id = ${poolId}` : sql``;
  const found = await rows<ReconcileRow>(
    db,
    sql`select p.id, p.pool_code, p.pool_name, p.total_amount::text, p.frozen_amount::text, p.used_amount::text, p.log_seq,
               coalesce(s.n, 0) as n, s.max_seq, s.total::text, s.frozen::text, s.used::text, coalesce(s.broken, 0) as broken
        from fin_capital_pool p
        left join (
          select pool_id, count(*) as n, max(seq) as max_seq,
                 sum(case when from_account = 'external' then amount when to_account = 'external' then -amount else 0 end) as total,
                 sum(case when to_account = 'frozen' then amount when from_account = 'frozen' then -amount else 0 end) as frozen,
                 sum(case when to_account = 'used' then amount when from_account = 'used' then -amount else 0 end) as used,
                 sum(case when balance_before <> prev_balance or seq <> prev_seq + 1 then 1 else 0 end) as broken
          from (select l.*, lag(balance_after, 1, 0::numeric) over w as prev_balance, lag(seq, 1, 0) over w as prev_seq
                from fin_capital_pool_log l window w as (partition by pool_id order by seq)) chained
          group by pool_id
        ) s on s.pool_id = p.id
        ${only}
        order by p.pool_code`,
  );
  let checkedLogs = 0;
  const differences: PoolReconcileReport['differences'] = [];
  for (const r of found) {
    const n = Number(r.n);
    checkedLogs += n;
    const problems: string[] = [];
    const compare = (label: string, book: string, log: string | null) => {
      if (toCents(book) !== toCents(log ?? '0')) problems.push(`${label}：账面 ${fromCents(toCents(book))}，日志合计 ${fromCents(toCents(log ?? '0'))}`);
    };
    compare('总额', r.total_amount, r.total);
    compare('冻结', r.frozen_amount, r.frozen);
    compare('已使用', r.used_amount, r.used);
    if (n !== r.log_seq || (r.max_seq ?? 0) !== r.log_seq) problems.push(`日志条数 ${n}，末条序号 ${r.max_seq ?? 0}，账面序号 ${r.log_seq}`);
    if (Number(r.broken) > 0) problems.push(`${Number(r.broken)} 条日志的变动前余额与上一条的变动后余额不符`);
    if (problems.length) differences.push({ poolId: r.id, poolCode: r.pool_code, poolName: r.pool_name, problems });
  }
  return { checkedPools: found.length, checkedLogs, differences };
}

/** Pools are the association's business: staff who may read them see all, organisations none (yet). */
const seesPools = (db: Db, user: SessionUser) => hasPermission(db, user.id, PoolPerm.list, user.accessVersion);

/** spec §7 资金池统计: per pool total, frozen, used and balance. */
export async function poolStatistics(db: Db, user: SessionUser): Promise<PoolStatistic[]> {
  if (!(await seesPools(db, user))) return [];
  const list = await db.select().from(finCapitalPool).orderBy(asc(finCapitalPool.poolCode));
  return list.map((p) => ({
    poolId: p.id,
    poolName: p.poolName,
    total: p.totalAmount,
    frozen: p.frozenAmount,
    used: p.usedAmount,
    balance: p.balanceAmount ?? '0.00',
  }));
}

const DAY_MS = 86_400_000;
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const MAX_LINE_DAYS = 366;

/**
 * spec §7 资金池余额走势: each pool's available balance and used amount at the end of each China day of
 * the range (default the last 30 days), carried over days without a log row.
 */
export async function poolLines(
  db: Db,
  user: SessionUser,
  query: { startDate?: string | null; endDate?: string | null; poolId?: string },
): Promise<PoolLine[]> {
  if (!(await seesPools(db, user))) return [];
  const end = query.endDate ?? chinaToday();
  const start = query.startDate ?? addDays(end, -29);
  if (start > end) throw new BizError('开始日期不能晚于结束日期');
  if ((Date.parse(end) - Date.parse(start)) / DAY_MS >= MAX_LINE_DAYS) throw new BizError(`日期范围不能超过${MAX_LINE_DAYS}天`);
  const onePool = query.poolId ? sql`and p.id = ${query.poolId}` : sql``;
  const daily = await rows<{ pool_id: string; pool_name: string; day: string; balance: string; used: string }>(
    db,
    sql`select distinct on (l.pool_id, day) l.pool_id, p.pool_name, to_char((l.create_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day,
               l.balance_after::text as balance, l.used_after::text as used
        from fin_capital_pool_log l join fin_capital_pool p on p.id = l.pool_id
        where l.create_time < (${addDays(end, 1)}::date - interval '8 hours') at time zone 'UTC' ${onePool}
        order by l.pool_id, day, l.seq desc`,
  );
  const byPool = new Map<string, { name: string; days: typeof daily }>();
  for (const d of daily) {
    const entry = byPool.get(d.pool_id) ?? { name: d.pool_name, days: [] };
    entry.days.push(d);
    byPool.set(d.pool_id, entry);
  }
  const lines: PoolLine[] = [];
  for (const [poolId, { name, days }] of byPool) {
    let i = 0;
    let last: { balance: string; used: string } | null = null;
    for (let day = start; day <= end; day = addDays(day, 1)) {
      while (i < days.length && days[i].day <= day) last = days[i++];
      if (last) lines.push({ date: day, poolId, poolName: name, balance: fromCents(toCents(last.balance)), used: fromCents(toCents(last.used)) });
    }
  }
  return lines.sort((a, b) => (a.date === b.date ? a.poolName.localeCompare(b.poolName) : a.date < b.date ? -1 : 1));
}

export const resource = { list: listPoolLogs, exportXls: exportPoolLogs };
