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
};


// Arbitrary constant: every process that migrates the same server takes this advisory lock first.
const MIGRATION_LOCK = 72_410_001;

/**
 * Opens the embedded database under `dir` (created when missing) or a PostgreSQL server, and migrates it.
 * Without a dir the embedded database lives in memory, empty or a copy of `pgliteImage`.
 */
export async function openDatabase(opts: { databaseUrl: string | null; pgliteDir: string | null; pgliteImage?: Blob }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  let client: PGlite;
  if (opts.pgliteDir) {
    // PGlite creates only the last folder of its data dir.
    fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    client = new PGlite(opts.pgliteDir, { extensions: { pg_trgm } });
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}) });
  }
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  // The embedded database lives in memory: a random page costs about what a sequential one does, and
  // with the default (4) the planner hashes whole tables where a few index lookups would do.
  await client.exec('set random_page_cost = 1.1');
  return { db, kind: 'pglite', close: () => client.close(), image: () => client.dumpDataDir('none') };
}

async function openPostgres(url: string): Promise<Database> {
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lockClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle client losing its connection (server restart, dropped database) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL 空闲连接出错：${error.message}\n`);
  });
  const db = drizzlePg(pool);
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** Rows of a raw query on either driver. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
