import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../platform/paths.ts';

/*
 * A server process booking deposits is killed with SIGKILL mid-run. After a restart every deposit whose
 * request was answered with success is in the log, no half-written operation exists, reconciliation
 * finds no difference, and resending every request (answered or not) books each exactly once.
 * PostgreSQL only: the embedded database lives inside the killed process.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl);
const ADMIN_PASSWORD = 'CrashTest12345';
const API = '/jeecg-boot';

type Server = { url: string; child: ChildProcess };
type Answer = { success: boolean; message: string; result: any };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD, SEED_DEMO: '0', DATA_DIR: '/nonexistent', NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}${API}`;
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/sys/annountCement/listByUser`);
      return { url, child };
    } catch {
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function call(server: Server, token: string | null, method: string, route: string, body?: object): Promise<Answer> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...(token ? { 'X-Access-Token': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Answer;
}

describe.runIf(enabled)('the ledger survives a SIGKILL of the server process', () => {
  const name = `sbwq_crash_${randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(baseUrl ?? 'postgres://x/y');
  dbUrl.pathname = `/${name}`;
  let server: Server | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('every answered deposit is booked once, nothing is half-written, and the pools reconcile', { timeout: 300_000 }, async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();

    server = await startServer(dbUrl.toString());
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

    server = await startServer(dbUrl.toString());
    token = await login();
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const booked = new Set((await db.query<{ op_key: string }>('select op_key from fin_capital_pool_log where pool_id = $1', [poolId])).rows.map((r) => r.op_key));
    for (const key of answered) expect(booked.has(`api:deposit:${key}`), key).toBe(true);
    const report = await call(server, token, 'GET', `/rights/capitalPool/reconcile?id=${poolId}`);
    expect(report.result.differences).toEqual([]);

    // Resending every request, answered or lost: each is booked once.
    for (const requestKey of keys) expect((await call(server, token, 'POST', '/rights/capitalPool/deposit', { poolId, amount: '10.01', requestKey })).success).toBe(true);
    const { rows } = await db.query<{ n: number; total: string }>('select count(*)::int as n, sum(amount)::text as total from fin_capital_pool_log where pool_id = $1', [poolId]);
    expect(rows[0].n).toBe(keys.length);
    const [pool] = (await db.query<{ total_amount: string }>('select total_amount::text from fin_capital_pool where id = $1', [poolId])).rows;
    expect(pool.total_amount).toBe(rows[0].total);
    await db.end();
    expect((await call(server, token, 'GET', `/rights/capitalPool/reconcile?id=${poolId}`)).result.differences).toEqual([]);
  });
});
