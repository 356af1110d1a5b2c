import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { runSeeds } from '../src/seed/seed.ts';
import { buildApp } from '../src/app.ts';
import { PASSWORD, record, scratchPostgres } from './kit.ts';

/**
 * The app the route benches measure: a fresh database (embedded, or a scratch PostgreSQL one) with the
 * system data and 40 numbering rules — a full first page of `/sys/fillRule/list`, as a real list shows —
 * served on a free port, with an administrator's token. Null when PostgreSQL is asked for and none is
 * reachable; the row `untested` then says so.
 */
export async function fillRuleServer(kind: 'pglite' | 'postgres', untested: string, env: Record<string, string> = {}) {
  const scratch = kind === 'postgres' ? await scratchPostgres() : null;
  if (kind === 'postgres' && !scratch) {
    record(untested, '未测（无可用的 PostgreSQL）');
    return null;
  }
  const config = loadConfig({ API_BASE: '/jeecg-boot', ...env, ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null });
  await runSeeds(database.db, { adminPassword: PASSWORD, seedDemo: false, announce: () => undefined });
  await database.db.execute(sql`
    insert into sys_fill_rule (id, rule_name, rule_code, prefix, date_pattern, seq_width, reset_cycle, description, create_by, create_time)
    select 'bench-rule-' || g, '测量规则 ' || g, 'bench_rule_' || g, 'B', 'yyyyMMdd', 4, 'day', '性能测量', 'admin', now() - g * interval '1 minute'
      from generate_series(1, 40) g`);
  const { app } = await buildApp(config, database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const base = `${origin}/jeecg-boot`;
  const login = await fetch(`${base}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const close = async () => {
    await app.close();
    await database.close();
    await scratch?.drop();
  };
  return { app, config, db: database.db, origin, base, token, close };
}
