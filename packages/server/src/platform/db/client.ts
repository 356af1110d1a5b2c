import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { continuationsFirst } from './request-scope.ts';

/**
 * The one database type services use; both drivers speak the PostgreSQL dialect. No relational schema:
 * services query with select/insert and raw SQL, so the platform needs no list of the features' tables.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The embedded database's data folder as one archive (PGlite only), to open copies of it. */
  image?: () => Promise<Blob>;
  /** Runs long work (the start's seeds) on a connection without the request timeouts (PostgreSQL); on PGlite on `db`. */
  maintenance: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
};

// Arbitrary constant: every process that migrates the same server takes this advisory lock first.
const MIGRATION_LOCK = 72_410_001;

/**
 * Opens the embedded database under `dir` (created when missing) or a PostgreSQL server, and migrates it.
 * Without a dir the embedded database lives in memory, empty or a copy of `pgliteImage`.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  pgliteImage?: Blob;
  /** PostgreSQL: `requests` (the server; default) bounds every wait, `maintenance` (scripts) lets long statements run. */
  role?: 'requests' | 'maintenance';
  /** Overrides of the environment's timeouts (pgTimeouts), for tests. */
  timeouts?: Partial<PgTimeouts>;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.role ?? 'requests', { ...pgTimeouts(), ...opts.timeouts });
  let client: PGlite;
  if (opts.pgliteDir) {
    // PGlite creates only the last folder of its data dir.
    fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    // shared_buffers 32 MB instead of PostgreSQL's 128 MB: the pages also sit in the operating system's file
    // cache, and every buffer touched stays in the process's WASM memory for good (idle RSS 476 → 402 MB; issue 35).
    client = new PGlite(opts.pgliteDir, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}) });
  }
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  // The embedded database lives in memory: a random page costs about what a sequential one does, and
  // with the default (4) the planner hashes whole tables where a few index lookups would do.
  await client.exec('set random_page_cost = 1.1');
  return { db, kind: 'pglite', close: () => client.close(), image: () => client.dumpDataDir('none'), maintenance: (work) => work(db) };
}

/**
 * How long the PostgreSQL connections wait (spec §9: the browser gives up on a request after 9 s). A
 * database that refuses (restarting, down) fails at once; one that hangs (a stopped process, dropped
 * packets) answers nothing, and each wait below ends it instead, well inside the 9 s:
 * - connectMs: a new connection, and a request's wait for a free one in the pool;
 * - statementMs: the server cancels a statement running longer (a live server: lock waits, runaway plans);
 * - queryMs: the client gives up on a server that has not answered at all (above statementMs, so a live
 *   server's own cancel comes first), and closes that connection;
 * - idleInTransactionMs: the server ends a session idle inside a transaction (its client vanished), freeing its locks;
 * - keepAliveMs: TCP keepalive after this much silence, so a dead peer on an idle connection is noticed.
 * A request waits at most connectMs for a connection and queryMs for one statement: 3 + 5 s by default.
 */
export type PgTimeouts = { connectMs: number; statementMs: number; queryMs: number; idleInTransactionMs: number; keepAliveMs: number };

/** The timeouts from PG_CONNECT_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS, PG_QUERY_TIMEOUT_MS, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS, PG_KEEPALIVE_MS (0 turns one off). */
export function pgTimeouts(env: Record<string, string | undefined> = process.env): PgTimeouts {
  const ms = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} 须为不小于 0 的整数（毫秒），当前为「${raw}」`);
    return value;
  };
  const statementMs = ms('PG_STATEMENT_TIMEOUT_MS', 4_000);
  return {
    connectMs: ms('PG_CONNECT_TIMEOUT_MS', 3_000),
    statementMs,
    queryMs: ms('PG_QUERY_TIMEOUT_MS', statementMs > 0 ? statementMs + 1_000 : 0),
    idleInTransactionMs: ms('PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000),
    keepAliveMs: ms('PG_KEEPALIVE_MS', 10_000),
  };
}

/**
 * Connection settings by role. `requests` serve HTTP requests: every timeout applies. `maintenance`
 * runs long legitimate work (migrations, seeds, seed:large): it keeps the connect timeout and keepalive
 * but no statement, read or idle-in-transaction limit.
 */
function connectionConfig(url: string, role: 'requests' | 'maintenance', t: PgTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    keepAlive: t.keepAliveMs > 0,
    keepAliveInitialDelayMillis: t.keepAliveMs,
    ...(role === 'requests'
      ? {
          // sent in the startup packet: no extra round trip per connection
          ...(t.statementMs > 0 ? { statement_timeout: t.statementMs } : {}),
          ...(t.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: t.idleInTransactionMs } : {}),
          ...(t.queryMs > 0 ? { query_timeout: t.queryMs } : {}),
        }
      : {}),
  };
}

/**
 * After pg's read timeout the statement may still be in the server's socket buffer: the server runs it
 * when it wakes, and the connection, given back to the pool, would carry a transaction nobody commits or
 * rolls back into the next request. So a connection whose read timed out is closed at once — the server
 * then rolls back whatever it held — and the pool drops it.
 */
function closeOnReadTimeout(client: pg.PoolClient): void {
  const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';
  const close = () => (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg-pool calls with a callback, drizzle's transactions with a promise: both are watched
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (isReadTimeout(error)) close();
        return (last as (e: unknown, r: unknown) => unknown)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch((error: unknown) => (isReadTimeout(error) ? close() : undefined));
    return result;
  };
  // A connection lost while checked out (between a transaction's statements) reports through the next
  // query; without a listener its 'error' event would end the process.
  client.on('error', () => undefined);
}

async function openPostgres(url: string, role: 'requests' | 'maintenance', timeouts: PgTimeouts): Promise<Database> {
  const lockClient = new pg.Client(connectionConfig(url, 'maintenance', timeouts));
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lockClient.end();
  }
  const pool = new pg.Pool({ ...connectionConfig(url, role, timeouts), max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle client losing its connection (server restart, dropped database) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL 空闲连接出错：${error.message}\n`);
  });
  if (role === 'requests' && timeouts.queryMs > 0) pool.on('connect', closeOnReadTimeout);
  continuationsFirst(pool);
  const db = drizzlePg(pool);
  const maintenance = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const client = new pg.Client(connectionConfig(url, 'maintenance', timeouts));
    await client.connect();
    try {
      return await work(drizzlePg(client));
    } finally {
      await client.end();
    }
  };
  return { db, kind: 'postgres', close: () => pool.end(), maintenance };
}

/** Rows of a raw query on either driver. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer `{ rows }`; the shared Db type leaves the result unknown, so it is checked here.
  const res: unknown = await db.execute(query);
  if (typeof res !== 'object' || res === null || !('rows' in res) || !Array.isArray(res.rows)) throw new Error('raw query answered without rows');
  return res.rows;
}

/**
 * A statement of fixed text asked on (nearly) every request, such as the session lookup. On PostgreSQL it
 * is a named prepared statement: each pooled connection parses and plans it once, later calls send only
 * the parameters (a PgBouncer in front must then run in session mode, or 1.21+ with max_prepared_statements).
 * On PGlite, and in a transaction, it runs as any other statement.
 */
export type FixedStatement = { name: string; text: string };

export async function fixedRows<T>(db: Db, statement: FixedStatement, params: unknown[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as T[];
  if (client instanceof PGlite) return (await client.query<T>(statement.text, params)).rows;
  // $1, $2 … become bound parameters of an ordinary statement
  const parts = statement.text.split(/\$(\d+)/);
  return rows<T>(db, sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`))));
}
