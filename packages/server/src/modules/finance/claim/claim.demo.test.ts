import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ClaimStatus } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { createTestApp, dbKind } from '../../../test/harness.ts';
import { reconcile } from '../pool/pool-log.service.ts';

const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1'];

describe(`报销单 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await db.delete(sysSeed).where(inArray(sysSeed.key, UNITS));
  const applied = await runSeeds(db, { adminPassword: null, seedDemo: true, announce: () => undefined });

  it('DOMAIN claim: claims of 维权中/已结案 batches in many states, numbered BX…, with invoices and a timeline', async () => {
    expect(applied).toEqual(UNITS);
    const byStatus = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from fin_claim group by status`);
    expect(byStatus.length).toBeGreaterThanOrEqual(6);
    expect(byStatus.map((r) => r.status)).toContain(ClaimStatus.paid);
    const [{ wrong }] = await rows<{ wrong: number }>(
      db,
      sql`select count(*)::int as wrong from fin_claim c join rights_batch b on b.id = c.batch_id
           where b.status not in ('5', '7') or b.org_id <> c.org_id or c.claim_no not like 'BX%'
              or not exists (select 1 from fin_claim_invoice i where i.claim_id = c.id)
              or not exists (select 1 from fin_claim_log l where l.claim_id = c.id)`,
    );
    expect(wrong).toBe(0);
  });

  it('every paid claim has one 扣减 row in the pool log naming its number and batch; the ledger reconciles', async () => {
    const unmatched = await rows<{ id: string }>(
      db,
      sql`select c.id from fin_claim c where c.status = '5' and 1 <> (select count(*) from fin_capital_pool_log l
           where l.change_type = '4' and l.biz_no = c.claim_no and l.biz_ref = 'batch:' || c.batch_id and l.amount = c.approved_amount)`,
    );
    expect(unmatched).toEqual([]);
    const [{ stray }] = await rows<{ stray: number }>(db, sql`select count(*)::int as stray from fin_capital_pool_log l where l.change_type = '4' and not exists (select 1 from fin_claim c where c.claim_no = l.biz_no)`);
    expect(stray).toBe(0);
    expect((await reconcile(db)).differences).toEqual([]);
  });
});
