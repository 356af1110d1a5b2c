import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PoolLedgerMsg, PoolMsg } from '@sbwq/contracts';
import { createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { rows } from '../../../platform/db/client.ts';
import { reconcile } from './pool-log.service.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';

const PASSWORD = 'Passw0rd!pool';

describe(`资金池管理 and its ledger routes on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await t.createUser({ username: 'fin1', password: PASSWORD, roleIds: [RoleId.finance] });
  await t.createUser({ username: 'rev1', password: PASSWORD, roleIds: [RoleId.reviewer] });
  await t.createUser({ username: 'agent1', password: PASSWORD, roleIds: [RoleId.agency] });
  const finance = t.as(await t.loginAs('fin1', PASSWORD));
  const reviewer = t.as(await t.loginAs('rev1', PASSWORD));
  const agency = t.as(await t.loginAs('agent1', PASSWORD));
  const body = {
    poolName: '2026年度商标维权专项资金',
    fundSource: '1',
    poolYear: 2026,
    totalAmount: '1000.50',
    subsidyPerCase: '3000',
    orgCap: '200000',
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
  };
  let poolId = '';
  const pool = async () => json(await finance('GET', `/rights/capitalPool/queryById?id=${poolId}`)).result;
  const logsOf = async (query = '') => json(await finance('GET', `/rights/capitalPoolLog/list?poolId=${poolId}&column=seq&order=asc${query}`)).result;

  it('a finance user adds a pool: 筹备, a code from pool_code, the total booked as its first 入账', async () => {
    const added = json(await finance('POST', '/rights/capitalPool/add', body));
    expect(added).toMatchObject({ success: true, message: PoolMsg.added });
    poolId = added.result;
    const p = await pool();
    expect(p).toMatchObject({
      status: '1',
      status_dictText: '筹备',
      fundSource_dictText: '财政拨款',
      totalAmount: '1000.50',
      balanceAmount: '1000.50',
      frozenAmount: '0.00',
      usedAmount: '0.00',
    });
    expect(p.poolCode).toMatch(/^ZJC\d{7}$/);
    expect((await logsOf()).records).toMatchObject([
      { seq: 1, changeType: '1', changeType_dictText: '入账', amount: '1000.50', balanceBefore: '0.00', balanceAfter: '1000.50', remark: '初始入账' },
    ]);
    const list = json(await finance('GET', '/rights/capitalPool/list?poolName=*专项*&status=1')).result;
    expect(list.records.map((r: { id: string }) => r.id)).toContain(poolId);
  });

  it('edits while 筹备 book the change of total as 调整; after 启用 the pool is not editable', async () => {
    expect(json(await finance('PUT', '/rights/capitalPool/edit', { ...body, id: poolId, totalAmount: '2000' })).success).toBe(true);
    expect((await pool()).totalAmount).toBe('2000.00');
    expect((await logsOf()).records.at(-1)).toMatchObject({ changeType: '6', amount: '999.50', fromAccount: 'external', toAccount: 'available' });
    expect(json(await finance('PUT', '/rights/capitalPool/enable', { id: poolId })).message).toBe(PoolMsg.enabled);
    expect(json(await finance('PUT', '/rights/capitalPool/edit', { ...body, id: poolId }))).toMatchObject({ success: false, message: PoolMsg.notEditable });
    expect(json(await finance('PUT', '/rights/capitalPool/enable', { id: poolId }))).toMatchObject({ success: false, message: PoolMsg.notPreparing });
  });

  it('入账 is idempotent by requestKey: a resend answers the first result and books once', async () => {
    const first = json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: '500', remark: '补助', requestKey: 'dep-key-0001' }));
    expect(first).toMatchObject({ success: true, message: PoolLedgerMsg.deposited, result: { amount: '500.00', balanceAfter: '2500.00', repeated: false } });
    const again = json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: '500', remark: '补助', requestKey: 'dep-key-0001' }));
    expect(again.result).toMatchObject({ logId: first.result.logId, repeated: true });
    expect((await pool()).balanceAmount).toBe('2500.00');
    const other = json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: '600', requestKey: 'dep-key-0001' }));
    expect(other).toMatchObject({ success: false, message: PoolLedgerMsg.keyReused });
  });

  it('refuses an amount that is not a positive decimal with at most 2 places, and changes nothing', async () => {
    for (const amount of ['0', '-1', '1.234', 'abc', '', 0.30000000000000004, '1e3', '0001']) {
      const res = json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount }));
      expect(res.success, String(amount)).toBe(false);
      expect(res.message).toContain('金额须为大于0的数字，最多两位小数');
    }
    expect(json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: 12.5 })).result.amount).toBe('12.50');
    expect((await pool()).balanceAmount).toBe('2512.50');
  });

  it('调整 is signed and needs a reason; it may not take the available balance below zero', async () => {
    expect(json(await finance('POST', '/rights/capitalPool/adjust', { poolId, amount: '-12.50' })).message).toContain('请填写调整原因');
    expect(json(await finance('POST', '/rights/capitalPool/adjust', { poolId, amount: '0', reason: 'x' })).message).toContain('调整金额须为非0的数字');
    expect(json(await finance('POST', '/rights/capitalPool/adjust', { poolId, amount: '-12.50', reason: '更正手续费' }))).toMatchObject({
      success: true,
      result: { fromAccount: 'available', toAccount: 'external', balanceAfter: '2500.00' },
    });
    // spec §9 number filter: the amount in the refusal reads with thousands separators
    expect(json(await finance('POST', '/rights/capitalPool/adjust', { poolId, amount: '-2500.01', reason: '超额' })).message).toBe(
      '调整后可用余额将小于0（可用余额 2,500.00 元）',
    );
  });

  it('freeze, release, deduct and refund draw only on what their business reference holds', async () => {
    const req = (opKey: string, amount: string, bizRef = 'batch:B1') => ({ poolId, amount, opKey, bizRef, bizNo: 'XS20261122001' });
    await expect(ledger.freeze(db, null, req('f-over', '2500.01'))).rejects.toThrow(PoolLedgerMsg.overdraw('2500.00'));
    expect(await ledger.freeze(db, null, req('f1', '1000'))).toMatchObject({ balanceAfter: '1500.00', frozenAfter: '1000.00' });
    await expect(ledger.release(db, null, req('r-over', '1000.01'))).rejects.toThrow(PoolLedgerMsg.releaseTooMuch('1000.00'));
    await expect(ledger.deduct(db, null, req('d-other', '1', 'batch:B2'))).rejects.toThrow(PoolLedgerMsg.deductTooMuch('0.00'));
    expect(await ledger.deduct(db, null, req('d1', '600'))).toMatchObject({ frozenAfter: '400.00', usedAfter: '600.00' });
    await expect(ledger.refund(db, null, req('rf-over', '600.01'))).rejects.toThrow(PoolLedgerMsg.refundTooMuch('600.00'));
    expect(await ledger.refund(db, null, req('rf1', '100'))).toMatchObject({ usedAfter: '500.00', balanceAfter: '1600.00' });
    expect(await ledger.deduct(db, null, req('d1', '600'))).toMatchObject({ repeated: true, usedAfter: '600.00' });
    expect(await pool()).toMatchObject({ totalAmount: '2500.00', frozenAmount: '400.00', usedAmount: '500.00', balanceAmount: '1600.00' });
  });

  it("a missing pool, a pool not yet 启用, and a hold without its business are refused; inside a caller's transaction the refusal leaves its work intact", async () => {
    await expect(ledger.deposit(db, null, { poolId: 'no-such-pool', amount: '1', opKey: 'dep-missing' })).rejects.toThrow(PoolLedgerMsg.notFound);
    const preparing = json(await finance('POST', '/rights/capitalPool/add', { ...body, poolName: '筹备中的资金池', totalAmount: undefined })).result;
    await expect(ledger.freeze(db, null, { poolId: preparing, amount: '1', opKey: 'f-preparing', bizRef: 'batch:P1' })).rejects.toThrow(
      PoolLedgerMsg.notActive,
    );
    await expect(ledger.freeze(db, null, { poolId, amount: '1', opKey: 'f-no-ref' })).rejects.toThrow(PoolLedgerMsg.bizRefRequired);
    await expect(ledger.deduct(db, null, { poolId, amount: '1', opKey: 'd-no-ref' })).rejects.toThrow(PoolLedgerMsg.bizRefRequired);
    // The caller's work before and after a refusal stands; the caller's own rollback takes it all back.
    const before = await pool();
    const rollback = new Error('caller rolls back');
    await expect(
      db.transaction(async (tx) => {
        const frozen = await ledger.freeze(tx, null, { poolId, amount: '1', opKey: 'f-in-tx', bizRef: 'batch:T1' });
        await expect(ledger.freeze(tx, null, { poolId, amount: '999999', opKey: 'f-in-tx-over', bizRef: 'batch:T1' })).rejects.toThrow(
          PoolLedgerMsg.overdraw(frozen.balanceAfter),
        );
        expect(await ledger.release(tx, null, { poolId, amount: '1', opKey: 'r-in-tx', bizRef: 'batch:T1' })).toMatchObject({
          frozenAfter: before.frozenAmount,
          seq: frozen.seq + 1,
        });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await pool()).toMatchObject({ frozenAmount: before.frozenAmount, balanceAmount: before.balanceAmount });
    expect((await logsOf('&bizNo=')).records.some((r: { opKey: string }) => r.opKey === 'f-in-tx')).toBe(false);
  });

  it('a paused pool refuses every operation; 结清 needs nothing frozen and writes off the remainder', async () => {
    expect(json(await finance('PUT', '/rights/capitalPool/pause', { id: poolId })).message).toBe(PoolMsg.paused);
    expect(json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: '1' })).message).toBe(PoolLedgerMsg.paused);
    await expect(ledger.release(db, null, { poolId, amount: '1', opKey: 'r-paused', bizRef: 'batch:B1' })).rejects.toThrow(PoolLedgerMsg.paused);
    expect(json(await finance('PUT', '/rights/capitalPool/resume', { id: poolId })).message).toBe(PoolMsg.resumed);
    expect(json(await finance('PUT', '/rights/capitalPool/settle', { id: poolId })).message).toBe(PoolMsg.settleFrozen);
    await ledger.release(db, null, { poolId, amount: '400', opKey: 'r-all', bizRef: 'batch:B1' });
    expect(json(await finance('PUT', '/rights/capitalPool/settle', { id: poolId })).message).toBe(PoolMsg.settled);
    expect(await pool()).toMatchObject({ status: '4', totalAmount: '500.00', balanceAmount: '0.00', usedAmount: '500.00' });
    expect((await logsOf()).records.at(-1)).toMatchObject({ changeType: '6', amount: '2000.00', remark: '结清核销剩余余额' });
    expect(json(await finance('POST', '/rights/capitalPool/deposit', { poolId, amount: '1' })).message).toBe(PoolLedgerMsg.settled);
  });

  it('the log filters by type and business number, exports, and reconciles with the pool', async () => {
    expect((await logsOf('&changeType=2')).records.map((r: { amount: string }) => r.amount)).toEqual(['1000.00']);
    expect((await logsOf('&bizNo=XS20261122001')).total).toBe(3);
    const exported = await finance('GET', `/rights/capitalPoolLog/exportXls?poolId=${poolId}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await finance('GET', '/rights/capitalPool/exportXls')).statusCode).toBe(200);
    const report = json(await finance('GET', '/rights/capitalPool/reconcile'));
    expect(report).toMatchObject({ success: true, message: PoolLedgerMsg.reconciled, result: { differences: [] } });
    expect(report.result.checkedLogs).toBe((await logsOf()).total);
  });

  it('the database refuses to change or delete a log row, to move money without one, and any overdraft', async () => {
    await expect(db.execute(sql`update fin_capital_pool_log set amount = 1 where pool_id = ${poolId}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from fin_capital_pool_log where pool_id = ${poolId}`)).rejects.toThrow();
    await expect(db.execute(sql`update fin_capital_pool set total_amount = total_amount + 1 where id = ${poolId}`)).rejects.toThrow();
    await expect(db.execute(sql`update fin_capital_pool set used_amount = total_amount + 1, log_seq = log_seq + 1 where id = ${poolId}`)).rejects.toThrow();
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it('reconciliation reports a pool whose row disagrees with its log', async () => {
    // Only a superuser bypassing the trigger could do this; the report must still see it.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table fin_capital_pool disable trigger fin_capital_pool_amounts_by_log`);
        await tx.execute(sql`update fin_capital_pool set total_amount = total_amount + 1 where id = ${poolId}`);
        const report = await reconcile(tx, poolId);
        expect(report.differences[0].problems[0]).toContain('总额');
        tx.rollback();
      })
      .catch((error: Error) => expect(error.message).toContain('Rollback'));
  });

  it('reviewers read pools and logs but may not change them; organisations see no pool statistics', async () => {
    expect(json(await reviewer('GET', '/rights/capitalPool/list')).success).toBe(true);
    expect(json(await reviewer('GET', '/rights/capitalPoolLog/list')).success).toBe(true);
    expect((await reviewer('POST', '/rights/capitalPool/add', body)).statusCode).toBe(403);
    expect((await reviewer('POST', '/rights/capitalPool/deposit', { poolId, amount: '1' })).statusCode).toBe(403);
    expect((await agency('GET', '/rights/capitalPool/list')).statusCode).toBe(403);
    expect(json(await agency('GET', '/sys/api/capitalPoolStatisticalList')).result).toEqual([]);
    expect(json(await agency('GET', '/sys/api/poolLines')).result).toEqual([]);
  });

  it('spec §7 statistics: per pool totals, and daily balance and used over a range', async () => {
    const stats = json(await reviewer('GET', '/sys/api/capitalPoolStatisticalList')).result;
    expect(stats.find((s: { poolId: string }) => s.poolId === poolId)).toMatchObject({ total: '500.00', frozen: '0.00', used: '500.00', balance: '0.00' });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const lines = json(await finance('GET', `/sys/api/poolLines?startDate=${today}&endDate=${today}&poolId=${poolId}`)).result;
    expect(lines).toEqual([{ date: today, poolId, poolName: body.poolName, balance: '0.00', used: '500.00' }]);
    expect(json(await finance('GET', '/sys/api/poolLines?startDate=2026-01-02&endDate=2026-01-01')).success).toBe(false);
  });

  it('keeps the invariant on every row it wrote', async () => {
    const bad = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from fin_capital_pool_log where total_after - used_after - frozen_after <> balance_after or balance_after < 0`,
    );
    expect(bad[0].n).toBe(0);
  });
});
