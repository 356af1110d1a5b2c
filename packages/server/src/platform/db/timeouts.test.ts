import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgTimeouts, rows, type Database } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { createDatabase } from '../../test/scratch-database.ts';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../../test/private-postgres.ts';

/*
 * Issue #24: the request connections' timeouts (client.ts) on a private PostgreSQL cluster — the
 * server's own limit for a live database, the client's for a frozen one, and no transaction a timeout
 * left open reaching a later request. The maintenance connections (seeds, seed:large) keep no limit.
 */

const enabled = process.env.TEST_DB === 'postgres' && privatePostgresAvailable();

describe('the timeouts come from the environment', () => {
  it('defaults keep a request inside the 9 s client timeout of spec §9, and each can be set or turned off', () => {
    const t = pgTimeouts({});
    expect(t.connectMs + t.queryMs).toBeLessThan(9_000);
    expect(t.queryMs).toBeGreaterThan(t.statementMs);
    expect(pgTimeouts({ PG_STATEMENT_TIMEOUT_MS: '20000' })).toMatchObject({ statementMs: 20_000, queryMs: 21_000 });
    expect(pgTimeouts({ PG_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({ statementMs: 0, queryMs: 0 });
    expect(() => pgTimeouts({ PG_CONNECT_TIMEOUT_MS: '3s' })).toThrow('PG_CONNECT_TIMEOUT_MS 须为不小于 0 的整数（毫秒），当前为「3s」');
  });
});

describe.runIf(enabled)('PostgreSQL request connections are bounded (issue #24)', () => {
  let cluster: PrivatePostgres | undefined;
  let url = '';
  const opened: Database[] = [];
  const open = async (role: 'requests' | 'maintenance') => {
    const database = await openDatabase({ databaseUrl: url, pgliteDir: null, role, timeouts: { connectMs: 1_000, statementMs: 500, queryMs: 1_000 } });
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    url = (await createDatabase(cluster.url(), 'sbwq_timeouts')).url;
  });

  afterAll(async () => {
    cluster?.resume();
    for (const database of opened) await database.close().catch(() => undefined);
    await cluster?.cleanup();
  });

  it('a statement longer than the limit is cancelled on request connections and runs to the end on maintenance ones', async () => {
    const requests = await open('requests');
    const error = await requests.db.execute(sql`select pg_sleep(1.5)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    const maintenance = await open('maintenance');
    expect(await rows<{ ok: number }>(maintenance.db, sql`select 1 as ok from pg_sleep(1.5)`)).toEqual([{ ok: 1 }]);
    // the start's seeds run this way on the request database too
    expect(await requests.maintenance((db) => rows<{ ok: number }>(db, sql`select 1 as ok from pg_sleep(1.5)`))).toEqual([{ ok: 1 }]);
  });

  it('a frozen server: the statement fails after the read timeout, its connection is closed, and nothing it began is committed later', async () => {
    const database = await open('requests');
    await database.db.execute(sql`create table fault_probe (n int)`);
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    const started = Date.now();
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into fault_probe values (1)`);
      release();
      // the second statement leaves while the server is stopped: it waits in the socket until SIGCONT
      await new Promise((r) => setTimeout(r, 100));
      await t.execute(sql`insert into fault_probe values (2)`);
    });
    await paused;
    cluster!.pause();
    const error = await tx.then(
      () => null,
      (e: unknown) => e,
    );
    const waited = Date.now() - started;
    cluster!.resume();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(waited).toBeLessThan(3_000);

    // After SIGCONT the server reads the queued insert: had the connection gone back to the pool, its
    // transaction would stay open and the next request on it would commit both rows.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await new Promise((r) => setTimeout(r, 500));
      const open = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = 'sbwq_timeouts' and state like 'idle in transaction%'",
      );
      expect(open.rows[0].n).toBe(0);
      await database.db.transaction(async (t) => {
        await t.execute(sql`insert into fault_probe values (3)`);
      });
      expect((await admin.query<{ n: number }>('select n from fault_probe order by n')).rows).toEqual([{ n: 3 }]);
    } finally {
      await admin.end();
    }
  });

  it('a frozen server: a new connection gives up after the connect timeout', async () => {
    const database = await open('requests');
    cluster!.pause();
    const started = Date.now();
    try {
      // more than the pool holds: some wait for a free connection, the rest open new ones
      const errors = await Promise.all(
        Array.from({ length: 12 }, () =>
          database.db.execute(sql`select 1`).then(
            () => null,
            (e: unknown) => e,
          ),
        ),
      );
      expect(errors.every(isDatabaseUnavailable)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      cluster!.resume();
    }
    expect(await rows<{ ok: number }>(database.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
  });
});
