import { eq } from 'drizzle-orm';
import { DataTable, recordVersion } from '../../core/datalog/datalog.service.ts';
import {
  POOL_AMOUNT_TEXT,
  poolFlow,
  PoolLedgerMsg,
  PoolMsg,
  toCents,
  type Page,
  type PoolAddBody,
  type PoolEditBody,
  type PoolRecord,
  type PoolStatusAction,
  initialState,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import { created } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { columnsOf, toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { transition } from '../../../platform/flow/transition.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { nextCode } from '../../config/fill-rule/fill-rule.service.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { bookMove, lockPool, LEDGER_MOVES, type PoolRow } from '../../core/ledger/pool-ledger.service.ts';

export const poolWhitelist: ListResource = {
  table: finCapitalPool,
  fields: fieldsOf(finCapitalPool, {
    poolCode: 'string',
    poolName: 'string',
    fundSource: 'string',
    poolYear: 'number',
    status: 'string',
    validFrom: 'date',
    validTo: 'date',
    totalAmount: ['number', { filter: false }],
    balanceAmount: ['number', { filter: false }],
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

const DICTS = { fundSource: 'fund_source', status: 'pool_status' };

async function records(ctx: ResourceCtx, rows: PoolRow[]): Promise<PoolRecord[]> {
  // 余额 is generated from three NOT NULL amounts: never null, whatever the column's type says
  const plain = rows.map(({ logSeq: _seq, sysOrgCode: _org, ...row }) => withDateTexts({ ...row, balanceAmount: row.balanceAmount! }));
  return await ctx.deps.dicts.withDictText(plain, DICTS);
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
    const added = { id, poolCode, ...settings(body), status: initialState(poolFlow), sysOrgCode: ctx.user.orgCode, ...created(ctx.user) };
    await tx.insert(finCapitalPool).values(added);
    await recordVersion(tx, ctx.user, DataTable.pool, id, null, added);
    const cents = toCents(body.totalAmount ?? '0');
    if (cents > 0n) {
      const pool = await lockPool(tx, id);
      await bookMove(tx, ctx.user, pool, LEDGER_MOVES.deposit, cents, { opKey: `pool:${id}:initial`, remark: '初始入账' });
    }
  });
  return id;
}

/** The pools' table as their flow's transitions write it (`fin_capital_pool`'s versions in the data log). */
const poolStore = flowStore(finCapitalPool, DataTable.pool);

/** Settings change only while 筹备; a changed total is booked as an 调整 of the difference. */
export async function editPool(ctx: ResourceCtx, body: PoolEditBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const pool = await lockPool(tx, body.id).catch(() => {
      throw new BizError(PoolMsg.notFound);
    });
    await transition(tx, poolStore, poolFlow, 'edit', pool, ctx.user, settings(body));
    if (body.totalAmount === undefined) return;
    const diff = toCents(body.totalAmount) - toCents(pool.totalAmount);
    if (diff === 0n) return;
    const balance = toCents(pool.totalAmount) - toCents(pool.usedAmount) - toCents(pool.frozenAmount);
    if (-diff > balance) throw new BizError(PoolLedgerMsg.adjustBelowZero(pool.balanceAmount ?? '0.00'));
    const move = diff > 0n ? LEDGER_MOVES.adjustUp : LEDGER_MOVES.adjustDown;
    await bookMove(tx, ctx.user, pool, move, diff > 0n ? diff : -diff, { opKey: `pool:${pool.id}:prepare:${pool.logSeq + 1}`, remark: '筹备期修改总额' });
  });
}

/**
 * 启用 / 暂停 / 恢复 / 结清. Settling needs nothing frozen; what is left available is written off by an
 * 调整 row in the same transaction, so a settled pool's log ends at zero.
 */
export async function changeStatus(db: Db, user: SessionUser, id: string, action: PoolStatusAction): Promise<void> {
  await db.transaction(async (tx) => {
    const pool = await lockPool(tx, id).catch(() => {
      throw new BizError(PoolMsg.notFound);
    });
    // the version is of the status change: the 调整 of a settlement is in the pool's ledger
    let booked: PoolRow = pool;
    await transition(
      tx,
      poolStore,
      poolFlow,
      action,
      pool,
      user,
      {},
      {
        check: async () => {
          if (action !== 'settle') return;
          if (toCents(pool.frozenAmount) > 0n) throw new BizError(PoolMsg.settleFrozen);
          const remainder = toCents(pool.totalAmount) - toCents(pool.usedAmount);
          if (remainder > 0n) await bookMove(tx, user, pool, LEDGER_MOVES.adjustDown, remainder, { opKey: `pool:${id}:settle`, remark: '结清核销剩余余额' });
          booked = await lockPool(tx, id);
        },
        versionFrom: () => booked,
      },
    );
  });
}

const exportColumns = columnsOf<PoolRecord>({
  poolCode: ['编号', 14],
  poolName: ['名称', 30],
  fundSource: ['资金来源', (r) => r.fundSource_dictText || r.fundSource],
  poolYear: ['年度', 8],
  ...POOL_AMOUNT_TEXT,
  validFrom: ['有效期', 24, (r) => (r.validFrom || r.validTo ? `${r.validFrom ?? ''} 至 ${r.validTo ?? ''}` : '')],
  status: ['状态', (r) => r.status_dictText || r.status],
  remark: ['备注', 30],
});

export async function exportPools(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const rows = await exportRowsOf((query) => listPools(ctx, query), params);
  return { body: await toWorkbook('资金池', exportColumns, rows), fileName: '资金池.xlsx', asciiName: 'capital-pool.xlsx' };
}

export const resource = { list: listPools, byId: poolById, add: addPool, edit: editPool, exportXls: exportPools };
