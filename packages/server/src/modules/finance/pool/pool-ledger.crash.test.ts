import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../../test/scratch-database.ts';
import { call, startServer, type ServerProcess } from '../../../test/server-process.ts';

/*
 * A server process booking deposits is killed with SIGKILL mid-run. After a restart every deposit whose
 * request was answered with success is in the log, no half-written operation exists, reconciliation
 * finds no difference, and resending every request (answered or not) books each exactly once.
 * PostgreSQL only: the embedded database lives inside the killed process.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl);
const ADMIN_PASSWORD = 'CrashTest12345';

describe.runIf(enabled)('the ledger survives a SIGKILL of the server process', () => {
  const name = `sbwq_crash_${randomBytes(6).toString('hex')}`;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await dropDatabase(baseUrl!, name);
  });

  it('every answered deposit is booked once, nothing is half-written, and the pools reconcile', { timeout: 300_000 }, async () => {
    const dbUrl = (await createDatabase(baseUrl!, name)).url;
    // a fixed server secret: without it the process would write DATA_DIR/app.key, making '/nonexistent' exist
    const env = {
      DATABASE_URL: dbUrl,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      DATA_DIR: '/nonexistent',
      NODE_ENV: 'test',
      APP_SECRET: 'test-only-app-secret-0123456789abcdef0123',
    };
    server = await startServer(env);
    const login = async () => (await call(server!, null, 'POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).result.token as string;
    let token = await login();
    const added = await call(server, token, 'POST', '/rights/capitalPool/add', { poolName: '崩溃测试', fundSource: '1', poolYear: 2026 });
    const poolId = added.result as string;
    expect((await call(server, token, 'PUT', '/rights/capitalPool/enable', { id: poolId })).success).toBe(true);

    const keys: string[] = [];
    const answered = new Set<string>();
    let alive = true;
    const caller = async (n: number) => {
      for (let i = 0; alive; i++) {
        const requestKey = `crash${n}x${i}x${randomBytes(3).toString('hex')}`;
        keys.push(requestKey);
        try {
          const answer = await call(server!, token, 'POST', '/rights/capitalPool/deposit', { poolId, amount: '10.01', requestKey });
          if (answer.success) answered.add(requestKey);
        } catch {
          return;
        }
      }
    };
    const callers = Array.from({ length: 10 }, (_, n) => caller(n));
    while (answered.size < 60) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    alive = false;
    await Promise.all(callers);

    server = await startServer(env);
    token = await login();
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const booked = new Set(
      (await db.query<{ op_key: string }>('select op_key from fin_capital_pool_log where pool_id = $1', [poolId])).rows.map((r) => r.op_key),
    );
    for (const key of answered) expect(booked.has(`api:deposit:${key}`), key).toBe(true);
    const report = await call(server, token, 'GET', `/rights/capitalPool/reconcile?id=${poolId}`);
    expect(report.result.differences).toEqual([]);

    // Resending every request, answered or lost: each is booked once.
    for (const requestKey of keys)
      expect((await call(server, token, 'POST', '/rights/capitalPool/deposit', { poolId, amount: '10.01', requestKey })).success).toBe(true);
    const { rows } = await db.query<{ n: number; total: string }>(
      'select count(*)::int as n, sum(amount)::text as total from fin_capital_pool_log where pool_id = $1',
      [poolId],
    );
    expect(rows[0].n).toBe(keys.length);
    const [pool] = (await db.query<{ total_amount: string }>('select total_amount::text from fin_capital_pool where id = $1', [poolId])).rows;
    expect(pool.total_amount).toBe(rows[0].total);
    await db.end();
    expect((await call(server, token, 'GET', `/rights/capitalPool/reconcile?id=${poolId}`)).result.differences).toEqual([]);
  });
});
