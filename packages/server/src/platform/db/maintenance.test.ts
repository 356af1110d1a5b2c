import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbKind } from '../../test/harness.ts';
import { rows } from './client.ts';
import { startEmbeddedMaintenance } from './maintenance.ts';

describe.runIf(dbKind === 'pglite')('the embedded database is vacuumed and analyzed in the background (it has no autovacuum)', async () => {
  const t = await createTestApp();
  const db = t.database.db;

  it('each round vacuums every table; only the first of every n rounds also analyzes', async () => {
    await db.execute(sql`create table maint_probe (id int primary key, v text)`);
    await db.execute(sql`insert into maint_probe select g, 'x' from generate_series(1, 2000) g`);
    await db.execute(sql`delete from maint_probe where id > 1000`);
    const errors: unknown[] = [];
    const stop = startEmbeddedMaintenance(db, { everyMs: 50, analyzeEvery: 100, onError: (e) => errors.push(e) });
    const stats = async () =>
      (
        await rows<{ vacuums: number; analyzes: number; live: number }>(
          db,
          sql`select vacuum_count::int as vacuums, analyze_count::int as analyzes, n_live_tup::int as live from pg_stat_user_tables where relname = 'maint_probe'`,
        )
      )[0];
    for (let i = 0; i < 100 && ((await stats()).vacuums ?? 0) < 2; i++) await new Promise((r) => setTimeout(r, 50));
    await stop();
    const after = await stats();
    expect(errors).toEqual([]);
    expect(after.vacuums).toBeGreaterThanOrEqual(2);
    expect(after.analyzes).toBe(1);
    expect(after.live).toBe(1000);
  });
});
