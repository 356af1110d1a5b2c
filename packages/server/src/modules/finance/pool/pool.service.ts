import { eq } from 'drizzle-orm';
import { PoolLedgerMsg, PoolMsg, PoolStatus, toCents, type Page, type PoolAddBody, type PoolEditBody, type PoolRecord, type PoolStatusAction } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { toWorkbook, type ExcelColumn } from '../../../platform/excel/excel.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { nextCode } from '../../system/fill-rule/fill-rule.service.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { bookMove, lockPool, LEDGER_MOVES, type PoolRow } from '../../core/ledger/pool-ledger.service.ts';

export const poolWhitelist: ListResource = {
  table: finCapitalPool,
  fields: {
    poolCode: { column: finCapitalPool.poolCode, type: 'string' },
    poolName: { column: finCapitalPool.poolName, type: 'string' },
    fundSource: { column: finCapitalPool.fundSource, type: 'string' },
    poolYear: { column: finCapitalPool.poolYear, type: 'number' },
    status: { column: finCapitalPool.status, type: 'string' },
    validFrom: { column: finCapitalPool.validFrom, type: 'date' },
    validTo: { column: finCapitalPool.validTo, type: 'date' },
    totalAmount: { column: finCapitalPool.totalAmount, type: 'number', filter: false },
    balanceAmount: { column: finCapitalPool.balanceAmount, type: 'number', filter: false },
    createTime: { column: finCapitalPool.createTime, type: 'datetime' },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
};

const DICTS = { fundSource: 'fund_source', status: 'pool_status' };

async function records(ctx: ResourceCtx, rows: PoolRow[]): Promise<PoolRecord[]> {
  const plain = rows.map(({ logSeq: _seq, sysOrgCode: _org, ...row }) => withDateTexts(row));
  return (await ctx.deps.dicts.withDictText(plain, DICTS)) as unknown as PoolRecord[];
}

export async function listPools(ctx: ResourceCtx, params: ListParams): Promise<Page<PoolRecord>> {
  const page = await pageOf<PoolRow>(ctx.db, poolWhitelist, params, { tieBreak: finCapitalPool.id });
  return { ...page, records: await records(ctx, page.records) };
}

export async function poolById(ctx: ResourceCtx, id: string): Promise<PoolRecord> {
  const [row] = await ctx.db.select().from(finCapitalPool).where(eq(finCapitalPool.id, id));
  if (!row) throw new BizError(PoolMsg.notFound);
  return (await records(ctx, [row]))[0];
}

const settings = (body: PoolAddBody) => ({
  poolName: body.poolName,
  fundSource: body.fundSource,
  poolYear: body.poolYear,
  subsidyPerCase: body.subsidyPerCase ?? null,
  orgCap: body.orgCap ?? null,
  validFrom: body.validFrom,
  validTo: body.validTo,
  remark: body.remark,
});

/**
 * A new pool is 筹备 with a code from the pool_code rule; a total given at once is booked as its first
 * 入账, so the log explains every yuan from the start.
 */
export async function addPool(ctx: ResourceCtx, body: PoolAddBody): Promise<string> {
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    const poolCode = await nextCode(tx, 'pool_code');
    await tx.insert(finCapitalPool).values({ id, poolCode, ...settings(body), status: PoolStatus.preparing, sysOrgCode: ctx.user.orgCode, ...created(ctx.user) });
    const cents = toCents(body.totalAmount ?? '0');
    if (cents > 0n) {
      const pool = await lockPool(tx, id);
      await bookMove(tx, ctx.user, pool, LEDGER_MOVES.deposit, cents, { opKey: `pool:${id}:initial`, remark: '初始入账' });
    }
  });
  return id;
}

/** Settings change only while 筹备; a changed total is booked as an 调整 of the difference. */
export async function editPool(ctx: ResourceCtx, body: PoolEditBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const pool = await lockPool(tx, body.id).catch(() => {
      throw new BizError(PoolMsg.notFound);
    });
    if (pool.status !== PoolStatus.preparing) throw new BizError(PoolMsg.notEditable);
    await tx.update(finCapitalPool).set({ ...settings(body), ...updated(ctx.user) }).where(eq(finCapitalPool.id, body.id));
    if (body.totalAmount === undefined) return;
    const diff = toCents(body.totalAmount) - toCents(pool.totalAmount);
    if (diff === 0n) return;
    const balance = toCents(pool.totalAmount) - toCents(pool.usedAmount) - toCents(pool.frozenAmount);
    if (-diff > balance) throw new BizError(PoolLedgerMsg.adjustBelowZero(pool.balanceAmount ?? '0.00'));
    const move = diff > 0n ? LEDGER_MOVES.adjustUp : LEDGER_MOVES.adjustDown;
    await bookMove(tx, ctx.user, pool, move, diff > 0n ? diff : -diff, { opKey: `pool:${pool.id}:prepare:${pool.logSeq + 1}`, remark: '筹备期修改总额' });
  });
}

const TRANSITIONS: Record<PoolStatusAction, { from: string[]; to: string; refused: string; done: string }> = {
  enable: { from: [PoolStatus.preparing], to: PoolStatus.active, refused: PoolMsg.notPreparing, done: PoolMsg.enabled },
  pause: { from: [PoolStatus.active], to: PoolStatus.paused, refused: PoolMsg.notActive, done: PoolMsg.paused },
  resume: { from: [PoolStatus.paused], to: PoolStatus.active, refused: PoolMsg.notPaused, done: PoolMsg.resumed },
  settle: { from: [PoolStatus.active, PoolStatus.paused], to: PoolStatus.settled, refused: PoolMsg.notSettleable, done: PoolMsg.settled },
};

/**
 * 启用 / 暂停 / 恢复 / 结清. Settling needs nothing frozen; what is left available is written off by an
 * 调整 row in the same transaction, so a settled pool's log ends at zero.
 */
export async function changeStatus(db: Db, user: SessionUser, id: string, action: PoolStatusAction): Promise<string> {
  const rule = TRANSITIONS[action];
  await db.transaction(async (tx) => {
    const pool = await lockPool(tx, id).catch(() => {
      throw new BizError(PoolMsg.notFound);
    });
    if (!rule.from.includes(pool.status)) throw new BizError(rule.refused);
    if (action === 'settle') {
      if (toCents(pool.frozenAmount) > 0n) throw new BizError(PoolMsg.settleFrozen);
      const remainder = toCents(pool.totalAmount) - toCents(pool.usedAmount);
      if (remainder > 0n) await bookMove(tx, user, pool, LEDGER_MOVES.adjustDown, remainder, { opKey: `pool:${id}:settle`, remark: '结清核销剩余余额' });
    }
    await tx.update(finCapitalPool).set({ status: rule.to, ...updated(user) }).where(eq(finCapitalPool.id, id));
  });
  return rule.done;
}

const exportColumns: ExcelColumn<PoolRecord>[] = [
  { title: '编号', key: 'poolCode', width: 14 },
  { title: '名称', key: 'poolName', width: 30 },
  { title: '资金来源', key: 'fundSource', value: (r) => r.fundSource_dictText || r.fundSource },
  { title: '年度', key: 'poolYear', width: 8 },
  { title: '总额', key: 'totalAmount' },
  { title: '冻结', key: 'frozenAmount' },
  { title: '已使用', key: 'usedAmount' },
  { title: '余额', key: 'balanceAmount' },
  { title: '单件补贴标准', key: 'subsidyPerCase' },
  { title: '单机构上限', key: 'orgCap' },
  { title: '有效期', key: 'validFrom', width: 24, value: (r) => (r.validFrom || r.validTo ? `${r.validFrom ?? ''} 至 ${r.validTo ?? ''}` : '') },
  { title: '状态', key: 'status', value: (r) => r.status_dictText || r.status },
  { title: '备注', key: 'remark', width: 30 },
];

export async function exportPools(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const rows = await exportRowsOf((query) => listPools(ctx, query), params);
  return { body: await toWorkbook('资金池', exportColumns, rows), fileName: '资金池.xlsx', asciiName: 'capital-pool.xlsx' };
}
