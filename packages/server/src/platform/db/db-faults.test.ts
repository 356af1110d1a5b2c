import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from './errors.ts';
import { createDatabase } from '../../test/scratch-database.ts';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../../test/private-postgres.ts';
import { call, startServer, stopServer, type ServerProcess } from '../../test/server-process.ts';

/*
 * Issue #24, spec §9 (the browser gives up after 9 s): a real server process on a PostgreSQL cluster of
 * this file's own, which is restarted under load and then frozen with SIGSTOP. Every request answers
 * within the 9 s — success, or HTTP 503 with the Chinese message — and the same process serves again
 * once the database is back. The deposits sent meanwhile are booked once or not at all, and resending
 * them all books each exactly once. Runs with the PostgreSQL tests (TEST_DB=postgres); the machine's
 * shared server is never stopped.
 */

const enabled = process.env.TEST_DB === 'postgres' && privatePostgresAvailable();
const ADMIN_PASSWORD = 'FaultTest12345';
const CLIENT_TIMEOUT_MS = 9_000;

type Outcome = { ok: boolean; status: number; message: string; ms: number; startedAt: number };

describe.runIf(enabled)('PostgreSQL restarted or hung under a running server (issue #24, spec §9)', () => {
  let cluster: PrivatePostgres | undefined;
  let server: ServerProcess | undefined;
  let dataDir = '';
  let dbUrl = '';
  let token = '';
  let poolId = '';
  const depositKeys: string[] = [];
  const answeredKeys = new Set<string>();

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    dbUrl = (await createDatabase(cluster.url(), 'sbwq_fault')).url;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-fault-'));
    server = await startServer({ DATABASE_URL: dbUrl, ADMIN_PASSWORD, SEED_DEMO: '0', DATA_DIR: dataDir, NODE_ENV: 'test' });
    token = (await call(server, null, 'POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD })).result.token;
    poolId = (await call(server, token, 'POST', '/rights/capitalPool/add', { poolName: '故障测试', fundSource: '1', poolYear: 2026 })).result;
    expect((await call(server, token, 'PUT', '/rights/capitalPool/enable', { id: poolId })).success).toBe(true);
  });

  afterAll(async () => {
    await stopServer(server);
    await cluster?.cleanup();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request, timed; a request the client had to abort counts as hung. */
  const timed = async (method: string, route: string, body?: object): Promise<Outcome> => {
    const startedAt = Date.now();
    try {
      const response = await fetch(`${server!.url}${route}`, {
        method,
        headers: { 'X-Access-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await response.json()) as { success: boolean; message: string };
      return { ok: answer.success, status: response.status, message: answer.message, ms: Date.now() - startedAt, startedAt };
    } catch (error) {
      return { ok: false, status: 0, message: `no answer: ${String(error)}`, ms: Date.now() - startedAt, startedAt };
    }
  };

  /** `n` clients alternating a list read and a deposit until `stop` resolves; every outcome. */
  const load = (n: number) => {
    const outcomes: Outcome[] = [];
    let running = true;
    const client = async (c: number) => {
      for (let i = 0; running; i++) {
        if (i % 2 === 0) {
          outcomes.push(await timed('GET', '/rights/capitalPool/list?pageNo=1&pageSize=10'));
        } else {
          const requestKey = `fault${c}x${i}x${randomBytes(3).toString('hex')}`;
          depositKeys.push(requestKey);
          const outcome = await timed('POST', '/rights/capitalPool/deposit', { poolId, amount: '1.01', requestKey });
          if (outcome.ok) answeredKeys.add(requestKey);
          outcomes.push(outcome);
        }
      }
    };
    const clients = Array.from({ length: n }, (_, c) => client(c));
    return {
      outcomes,
      successesSince: (t: number) => outcomes.filter((o) => o.ok && o.startedAt >= t).length,
      stop: async () => {
        running = false;
        await Promise.all(clients);
        return outcomes;
      },
    };
  };

  const until = async (what: string, done: () => boolean, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  /** Every failure is the database's 503 with the Chinese message; none took the client's 9 s. */
  const expectBounded = (outcomes: Outcome[], within: number) => {
    expect(Math.max(...outcomes.map((o) => o.ms)), 'the slowest answer (ms)').toBeLessThan(within);
    const failures = outcomes.filter((o) => !o.ok);
    expect(failures.length, 'the fault was met by some requests').toBeGreaterThan(0);
    for (const f of failures) expect({ status: f.status, message: f.message }).toEqual({ status: 503, message: DATABASE_UNAVAILABLE });
  };

  it(
    'a restart under load: requests meanwhile fail fast with 503 and the Chinese message, and the same process serves again',
    { timeout: 90_000 },
    async () => {
      const pid = server!.child.pid;
      const traffic = load(8);
      await until('successes before the restart', () => traffic.successesSince(0) >= 30, 20_000);
      await cluster!.stop();
      // down for a moment, as a service restart is: connections are refused meanwhile
      await new Promise((r) => setTimeout(r, 1_500));
      await cluster!.start();
      const back = Date.now();
      await until('successes after the restart', () => traffic.successesSince(back) >= 20, 20_000);
      const outcomes = await traffic.stop();
      // refused connections answer at once; the bound leaves room for a busy CI machine, and is still
      // the ≤ 6 s aimed at for a hung database
      expectBounded(outcomes, 6_000);
      expect(server!.child.exitCode).toBeNull();
      expect(server!.child.pid).toBe(pid);
    },
  );

  it('a hung database (SIGSTOP): every request answers within 9 s, and service resumes after SIGCONT', { timeout: 90_000 }, async () => {
    const traffic = load(6);
    await until('successes before the hang', () => traffic.successesSince(0) >= 20, 20_000);
    cluster!.pause();
    // longer than the client's 9 s: without the timeouts a request sent at once would wait it out
    await new Promise((r) => setTimeout(r, 9_500));
    cluster!.resume();
    const back = Date.now();
    await until('successes after SIGCONT', () => traffic.successesSince(back) >= 20, 20_000);
    const outcomes = await traffic.stop();
    expectBounded(outcomes, CLIENT_TIMEOUT_MS);
    expect(server!.child.exitCode).toBeNull();
  });

  it(
    'the deposits sent through both faults are booked once or not at all; resent, each is booked exactly once and the pool reconciles',
    { timeout: 90_000 },
    async () => {
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      try {
        const booked = new Set(
          (await db.query<{ op_key: string }>('select op_key from fin_capital_pool_log where pool_id = $1', [poolId])).rows.map((r) => r.op_key),
        );
        for (const key of answeredKeys) expect(booked.has(`api:deposit:${key}`), key).toBe(true);
        // nothing a timed-out request left behind: no session idles in a transaction it will never end
        const idle = await db.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = 'sbwq_fault' and state like 'idle in transaction%'",
        );
        expect(idle.rows[0].n).toBe(0);
        expect((await call(server!, token, 'GET', `/rights/capitalPool/reconcile?id=${poolId}`)).result.differences).toEqual([]);

        for (const requestKey of depositKeys) {
          expect((await call(server!, token, 'POST', '/rights/capitalPool/deposit', { poolId, amount: '1.01', requestKey })).success, requestKey).toBe(true);
        }
        const { rows } = await db.query<{ n: number; total: string }>(
          "select count(*)::int as n, sum(amount)::text as total from fin_capital_pool_log where pool_id = $1 and op_key like 'api:deposit:%'",
          [poolId],
        );
        expect(rows[0].n).toBe(depositKeys.length);
        const cents = depositKeys.length * 101;
        expect(rows[0].total).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        expect((await call(server!, token, 'GET', `/rights/capitalPool/reconcile?id=${poolId}`)).result.differences).toEqual([]);
      } finally {
        await db.end();
      }
    },
  );
});
