import { asc, sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.ts';
import { describe, expect, it } from 'vitest';
import { dbKind } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { reconcile } from './pool-log.service.ts';

describe(`资金池 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const { db, applied } = await appWithDemo(['demo:finance-pool:v1']);

  it('three pools in three states whose log history adds up to their balances', async () => {
    expect(applied).toEqual(['demo:finance-pool:v1']);
    const pools = await db.select().from(finCapitalPool).orderBy(asc(finCapitalPool.poolYear));
    expect(pools.map((p) => [p.poolYear, p.status, p.totalAmount, p.frozenAmount, p.usedAmount, p.balanceAmount])).toEqual([
      [2025, '3', '280000.00', '0.00', '0.00', '280000.00'],
      [2026, '2', '2499000.00', '0.00', '0.00', '2499000.00'],
      [2027, '1', '1000000.00', '0.00', '0.00', '1000000.00'],
    ]);
    const report = await reconcile(db);
    expect(report).toMatchObject({ checkedPools: 3, checkedLogs: 6, differences: [] });
  });

  it("DOMAIN pool log: the pools' deposits and corrections carry the days they happened, each log oldest first, none stamped today", async () => {
    const found = await rows<{ pool_year: number; day: string }>(
      db,
      sql`select p.pool_year, to_char(l.create_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
            from fin_capital_pool_log l join fin_capital_pool p on p.id = l.pool_id order by p.pool_year, l.seq`,
    );
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const year of [2025, 2026, 2027]) {
      const days = found.filter((r) => r.pool_year === year).map((r) => r.day);
      expect(days).toEqual([...days].sort());
      expect(new Set(days).size).toBe(days.length);
      expect(days.every((d) => d < today)).toBe(true);
    }
    // last year's fund was filled a year and more ago
    const lastYear = found.filter((r) => r.pool_year === 2025).map((r) => r.day);
    expect(Date.parse(today) - Date.parse(lastYear[0])).toBeGreaterThan(365 * 86_400_000);
  });
});
