import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../platform/db/client.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { createTestApp, dbKind } from '../../../test/harness.ts';
import { sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';

const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1', 'demo:data-log:v1'];

// Issue #25 数据日志: the demo's business records have versions consistent with their dates, and the chain over them holds.
describe(`数据日志 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-datalog-demo-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  await db.delete(sysSeed).where(inArray(sysSeed.key, UNITS));
  const applied = await runSeeds(db, { adminPassword: null, seedDemo: true, announce: () => undefined, dataDir });

  it('every demo batch, claim, pool, organisation, right and bank account has its creation at its creation time, and a later status change when it moved', async () => {
    expect(applied).toEqual(UNITS);
    const [missing] = await rows<{ n: number; late: number; moved: number }>(
      db,
      sql`select
            (select count(*)::int from (select id, create_time from rights_batch union all select id, create_time from fin_claim union all select id, create_time from fin_capital_pool
               union all select id, create_time from rights_org union all select id, create_time from rights_right union all select id, create_time from rights_bank_account) r
              where not exists (select 1 from sys_data_log l where l.data_id = r.id and l.data_version = 1 and l.op = 'add' and l.create_time = r.create_time)) as n,
            (select count(*)::int from sys_data_log l join sys_data_log p on p.data_table = l.data_table and p.data_id = l.data_id and p.data_version = l.data_version - 1
              where l.create_time < p.create_time) as late,
            (select count(*)::int from rights_batch b where b.status <> '1'
              and not exists (select 1 from sys_data_log l where l.data_id = b.id and l.fields ? 'status' and l.new_values->>'status' = b.status)) as moved`,
    );
    expect(missing).toEqual({ n: 0, late: 0, moved: 0 });
    expect(await sealChain(db)).toBeGreaterThan(100);
    expect(await verifyChain(db)).toMatchObject({ ok: true });
  });
});
