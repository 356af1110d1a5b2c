import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { createTestApp, dbKind } from '../../../test/harness.ts';
import { finCapitalPool } from './pool.table.ts';
import { reconcile } from './pool-log.service.ts';

describe(`资金池 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  // The harness seeds without demo data; run the unit again as a first start with SEED_DEMO=1 would.
  await db.delete(sysSeed).where(eq(sysSeed.key, 'demo:finance-pool:v1'));
  const applied = await runSeeds(db, { adminPassword: null, seedDemo: true, announce: () => undefined });

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
});
