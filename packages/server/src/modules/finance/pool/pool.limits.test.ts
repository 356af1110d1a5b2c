import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_COLUMN_MAX, MoneyMsg, PoolLedgerMsg } from '@sbwq/contracts';
import { createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { reconcile } from './pool-log.service.ts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';

const PASSWORD = 'Passw0rd!limit';

/**
 * Every money column is numeric(14, 2) (DEVELOPERS: money is exact; bad input gets a clear message, never a
 * 500). The ledger refuses a 入账 or 调增 that would take a pool's 总额 past 999,999,999,999.99 — under the
 * pool lock, so concurrent deposits cannot pass it together — and changes nothing.
 */
describe(`资金池 amounts at the limit of their column on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await t.createUser({ username: 'finlimit', password: PASSWORD, roleIds: [RoleId.finance] });
  const finance = t.as(await t.loginAs('finlimit', PASSWORD));
  const addPool = async (totalAmount: string) => {
    const id = json(await finance('POST', '/rights/capitalPool/add', { poolName: `上限测试 ${totalAmount}`, fundSource: '1', poolYear: 2026, totalAmount }))
      .result as string;
    expect(json(await finance('PUT', '/rights/capitalPool/enable', { id })).success).toBe(true);
    return id;
  };
  const poolOf = async (id: string) => json(await finance('GET', `/rights/capitalPool/queryById?id=${id}`)).result;
  const logCount = async (id: string) => (await db.select().from(finCapitalPoolLog).where(eq(finCapitalPoolLog.poolId, id))).length;

  it('入账 of 999,999,999,999.99 into a pool that holds money is refused with the limit and the room left; nothing changes', async () => {
    const poolId = await addPool('1000.00');
    const res = await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: MONEY_COLUMN_MAX });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: false, message: PoolLedgerMsg.totalOverColumn('999999998999.99') });
    expect(json(res).message).toContain(MoneyMsg.overColumn('资金池总额'));
    expect(json(res).message).toContain('999,999,998,999.99');
    expect(await poolOf(poolId)).toMatchObject({ totalAmount: '1000.00', balanceAmount: '1000.00' });
    expect(await logCount(poolId)).toBe(1);
  });

  it('入账 up to exactly 999,999,999,999.99 is booked; one cent more is refused; 调增 likewise, 调减 always fits', async () => {
    const poolId = await addPool('1000.00');
    const deposit = async (amount: string) => json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount }));
    const adjust = async (amount: string) => json(await finance('POST', '/rights/capitalPool/adjust', { poolId, amount, reason: '上限测试' }));
    expect(await deposit('999999998999.99')).toMatchObject({ success: true, result: { totalAfter: MONEY_COLUMN_MAX, balanceAfter: MONEY_COLUMN_MAX } });
    expect(await deposit('0.01')).toMatchObject({ success: false, message: PoolLedgerMsg.totalOverColumn('0.00') });
    expect(await adjust('0.01')).toMatchObject({ success: false, message: PoolLedgerMsg.totalOverColumn('0.00') });
    expect(await adjust(MONEY_COLUMN_MAX)).toMatchObject({ success: false, message: PoolLedgerMsg.totalOverColumn('0.00') });
    expect(await poolOf(poolId)).toMatchObject({ totalAmount: MONEY_COLUMN_MAX });
    expect(await logCount(poolId)).toBe(2);
    expect(await adjust('-0.01')).toMatchObject({ success: true, result: { totalAfter: '999999999999.98' } });
    expect(await adjust('0.01')).toMatchObject({ success: true, result: { totalAfter: MONEY_COLUMN_MAX } });
    expect(await adjust('0.01')).toMatchObject({ success: false, message: PoolLedgerMsg.totalOverColumn('0.00') });
    expect(await logCount(poolId)).toBe(4);
    expect((await reconcile(db, poolId)).differences).toEqual([]);
  });

  it('a pool may be added and edited at exactly the limit while 筹备', async () => {
    const id = json(await finance('POST', '/rights/capitalPool/add', { poolName: '上限筹备', fundSource: '1', poolYear: 2026, totalAmount: MONEY_COLUMN_MAX }))
      .result as string;
    expect(await poolOf(id)).toMatchObject({ totalAmount: MONEY_COLUMN_MAX });
    expect(
      json(await finance('PUT', '/rights/capitalPool/edit', { id, poolName: '上限筹备', fundSource: '1', poolYear: 2026, totalAmount: '1' })).success,
    ).toBe(true);
    expect(
      json(await finance('PUT', '/rights/capitalPool/edit', { id, poolName: '上限筹备', fundSource: '1', poolYear: 2026, totalAmount: MONEY_COLUMN_MAX }))
        .success,
    ).toBe(true);
    expect(await poolOf(id)).toMatchObject({ totalAmount: MONEY_COLUMN_MAX });
  });

  it('two concurrent deposits that each fit but not together: one is booked, the other refused, the total stays within the column', async () => {
    const poolId = await addPool('999999000000.00');
    const half = '600000.00';
    const answers = await Promise.all([1, 2].map(() => finance('POST', '/rights/capitalPool/deposit', { poolId, amount: half }).then(json)));
    expect(answers.map((a) => a.success).sort()).toEqual([false, true]);
    expect(answers.find((a) => !a.success)?.message).toBe(PoolLedgerMsg.totalOverColumn('399999.99'));
    expect(await poolOf(poolId)).toMatchObject({ totalAmount: '999999600000.00' });
    expect((await reconcile(db, poolId)).differences).toEqual([]);
  });
});
