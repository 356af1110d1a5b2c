import { createHash } from 'node:crypto';
import pg from 'pg';
import type mysql from 'mysql2/promise';
import { DataSourceType, TEST_CONNECTION_TIMEOUT_MS } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { connectionFailureText, isConnectionFailure, mysqlDriver, mysqlOptions, pgOptions, type ConnectionSpec } from './datasource.connect.ts';
import { sourceRow, specOf, type DataSourceRow } from './datasource.source.ts';
import type { KeySource } from './datasource.secret.ts';

/*
 * runReadOnly: one read-only statement on a 多数据源 source — what the online reports (and any feature
 * reading another database) call. The contract:
 *
 *   runReadOnly(deps, code, sql, params?, { timeoutMs?, maxRows? }) → { fields, rows, truncated }
 *
 * - `deps`: `{ db, config }` (a route's `c.deps` will do): the source is read from `db`, its password
 *   opened with the key `config` names (DATASOURCE_SECRET or DATA_DIR/datasource.key).
 * - `code`: the source's 数据源编码. None such: DataSourceQueryError kind `notFound` (数据源不存在：code).
 * - `sql`: ONE query — SELECT, WITH … SELECT, VALUES (PostgreSQL runs it as a cursor, which admits
 *   nothing else); a trailing `;` is dropped; a second statement is refused by the server. Placeholders
 *   are `$1 … $n` on both kinds (for MySQL / MariaDB they become `?` outside quotes and comments);
 *   PostgreSQL infers a parameter's type from where it stands: write `$1::date` where it cannot.
 * - `params`: bound values, never spliced into the text: string, number, bigint, boolean, null, Date.
 * - `timeoutMs` (default 5000, kept within 100–60000): the server cancels the statement past it
 *   (PostgreSQL `SET LOCAL statement_timeout`; MariaDB `max_statement_time`, MySQL `max_execution_time`),
 *   and the client gives up one second later whatever the server does: kind `timeout`.
 * - `maxRows` (default 1000, kept within 1–10000): at most this many rows come back, `truncated` says
 *   there were more (PostgreSQL fetches maxRows + 1 from the cursor; MySQL sets `sql_select_limit`).
 * - Read only: PostgreSQL `BEGIN READ ONLY` (= SET TRANSACTION READ ONLY) around the cursor; MySQL /
 *   MariaDB connections are `SET SESSION TRANSACTION READ ONLY` and each call is a `START TRANSACTION
 *   READ ONLY`. A write is refused by the database: kind `readOnly`. READ ONLY stops writes to tables,
 *   not reading whatever the source's user may read: give a source a user that may only read what the
 *   reports need.
 * - Answer: `fields` in column order, `{ name, type }`, the type as the database names it (PostgreSQL
 *   `format_type`: integer, text, numeric, timestamp with time zone …; MySQL: LONGLONG, VAR_STRING,
 *   NEWDECIMAL, DATETIME …); `rows` as objects keyed by column name (a repeated name keeps the last
 *   value). Values: numbers for integer and float types, numeric / decimal / bigint as strings (exact),
 *   dates and times as the database's text, JSON parsed, binary as Buffer.
 * - Failures are DataSourceQueryError, a BizError: uncaught, the client reads its Chinese message, never
 *   a 500. kind `connect` (主机不可达 / 认证失败 / 数据库不存在 / 超时, as 测试连接 words them), `timeout`,
 *   `readOnly`, `sql` (`SQL执行失败：…` with the database's message), `notFound`, `key` (the password
 *   cannot be opened with this key).
 * - Pools: one small pool per source in each process (2 connections, idle ones closed after 30 s). Each
 *   call compares the record with the one the pool was made for, so a source edited in any process gets
 *   a new pool at once; an edit or delete here closes the old pool straight away; all close with the app.
 */

export type ReadOnlyField = { name: string; type: string };
export type ReadOnlyResult = { fields: ReadOnlyField[]; rows: Record<string, unknown>[]; truncated: boolean };
export type ReadOnlyOptions = { timeoutMs?: number; maxRows?: number };
export type QueryParam = string | number | bigint | boolean | null | Date;
export type DataSourceDeps = { db: Db; config: KeySource };
export type QueryFailureKind = 'connect' | 'timeout' | 'readOnly' | 'sql' | 'notFound' | 'key';

export class DataSourceQueryError extends BizError {
  constructor(
    readonly kind: QueryFailureKind,
    message: string,
  ) {
    super(message);
  }
}

const POOL_SIZE = 2;
const IDLE_MS = 30_000;
const CURSOR = 'sbwq_read_only';

const clamp = (value: number | undefined, min: number, max: number, fallback: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value!))) : fallback;

type TimeoutVariable = 'max_statement_time' | 'max_execution_time';
type Entry = { kind: 'pg'; fingerprint: string; pool: pg.Pool } | { kind: 'mysql'; fingerprint: string; pool: mysql.Pool; timeoutVariable: TimeoutVariable };

const pools = new Map<string, Entry>();

/** What a pool was made for: a change of any connection field or of the password gives a new pool. */
const fingerprintOf = (row: DataSourceRow) =>
  createHash('sha256')
    .update(JSON.stringify([row.dbType, row.host, row.port, row.databaseName, row.username, row.passwordEnc]))
    .digest('hex');

function endEntry(entry: Entry) {
  void entry.pool.end().catch(() => undefined);
}

/** Closes the pools of these sources (all of them without ids): after an edit or a delete, and when the app closes. */
export function closeDataSourcePools(ids?: readonly string[]): void {
  for (const id of ids ?? [...pools.keys()]) {
    const entry = pools.get(id);
    if (!entry) continue;
    pools.delete(id);
    endEntry(entry);
  }
}

/** The pool of a source as its record stands now; made synchronously, so two callers never make two. */
function poolOf(row: DataSourceRow, spec: ConnectionSpec): Entry {
  const fingerprint = fingerprintOf(row);
  const known = pools.get(row.id);
  if (known?.fingerprint === fingerprint) return known;
  if (known) endEntry(known);
  let entry: Entry;
  if (spec.dbType === DataSourceType.postgresql) {
    const pool = new pg.Pool({ ...pgOptions(spec, TEST_CONNECTION_TIMEOUT_MS), max: POOL_SIZE, idleTimeoutMillis: IDLE_MS, allowExitOnIdle: true });
    // an idle connection the server drops must not become an unhandled 'error' event
    pool.on('error', () => undefined);
    entry = { kind: 'pg', fingerprint, pool };
  } else {
    const pool = mysqlDriver().createPool({
      ...mysqlOptions(spec, TEST_CONNECTION_TIMEOUT_MS),
      connectionLimit: POOL_SIZE,
      maxIdle: POOL_SIZE,
      idleTimeout: IDLE_MS,
      maxPreparedStatements: 50,
    });
    pool.pool.on('connection', (connection) => {
      connection.on('error', () => undefined);
      // every statement on this connection is read only, whatever a call forgets (each call also starts a
      // READ ONLY transaction, so a failure here is not fatal; the callback keeps it from being an 'error' event)
      connection.query('SET SESSION TRANSACTION READ ONLY', () => undefined);
    });
    entry = { kind: 'mysql', fingerprint, pool, timeoutVariable: 'max_statement_time' };
  }
  pools.set(row.id, entry);
  return entry;
}

/** `select …;` → `select …`: the one statement without its terminator. */
const withoutTerminator = (sql: string) => sql.replace(/[\s;]+$/, '');

/**
 * `$1 … $n` → `?` for MySQL / MariaDB, with the values in the order the marks appear; quoted text,
 * quoted names and comments are copied as they are.
 */
export function mysqlPlaceholders(sql: string, params: readonly unknown[]): { sql: string; values: unknown[] } {
  let out = '';
  const values: unknown[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === '\\' && c !== '`') j += 2;
        else if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j += 1;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '#' || (c === '-' && sql[i + 1] === '-' && /\s/.test(sql[i + 2] ?? ' '))) {
      const end = sql.indexOf('\n', i);
      const j = end < 0 ? sql.length : end;
      out += sql.slice(i, j);
      i = j;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const j = end < 0 ? sql.length : end + 2;
      out += sql.slice(i, j);
      i = j;
    } else {
      const mark = c === '$' && !/[\w$]/.test(sql[i - 1] ?? '') ? /^\$(\d+)/.exec(sql.slice(i, i + 8)) : null;
      if (mark) {
        const n = Number(mark[1]);
        if (n < 1 || n > params.length) throw new DataSourceQueryError('sql', `SQL执行失败：参数 $${n} 没有对应的值`);
        values.push(params[n - 1]);
        out += '?';
        i += mark[0].length;
      } else {
        out += c;
        i += 1;
      }
    }
  }
  return { sql: out, values };
}

type DriverError = Error & { code?: string; errno?: number };

function failure(error: unknown, spec: ConnectionSpec, timeoutMs: number): BizError {
  if (error instanceof BizError) return error;
  const e = error as DriverError;
  const message = e?.message ?? String(error);
  // PostgreSQL 25006 read_only_sql_transaction; MySQL / MariaDB 1792
  if (e?.code === '25006' || e?.errno === 1792) return new DataSourceQueryError('readOnly', `只能查询：数据源以只读事务执行，不能修改数据（${message}）`);
  // PostgreSQL 57014 query_canceled; MariaDB 1969 max_statement_time; MySQL 3024 max_execution_time; the client's own limit
  if (e?.code === '57014' || e?.errno === 1969 || e?.errno === 3024 || e?.code === 'PROTOCOL_SEQUENCE_TIMEOUT' || /Query read timeout/i.test(message))
    return new DataSourceQueryError('timeout', `查询超时：超过 ${timeoutMs / 1000} 秒未完成，已取消`);
  if (isConnectionFailure(e)) return new DataSourceQueryError('connect', connectionFailureText(e, spec, TEST_CONNECTION_TIMEOUT_MS));
  return new DataSourceQueryError('sql', `SQL执行失败：${message.slice(0, 500)}`);
}

function checkedParams(params: readonly unknown[]): QueryParam[] {
  for (const p of params) {
    const ok = p === null || p instanceof Date || ['string', 'number', 'bigint', 'boolean'].includes(typeof p);
    if (!ok) throw new DataSourceQueryError('sql', 'SQL执行失败：查询参数只能是文字、数字、布尔值、日期或空值');
  }
  return params as QueryParam[];
}

async function runPg(pool: pg.Pool, sql: string, params: QueryParam[], timeoutMs: number, maxRows: number): Promise<ReadOnlyResult> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${timeoutMs}`);
    // Extended protocol even without parameters: the simple one would run `…; commit; delete …` as three statements.
    await client.query({ text: `declare ${CURSOR} no scroll cursor for ${sql}`, values: params, queryMode: 'extended' } as pg.QueryConfig);
    const fetched = await client.query({ text: `fetch forward ${maxRows + 1} from ${CURSOR}`, query_timeout: timeoutMs + 1000 } as pg.QueryConfig);
    const oids = [...new Set(fetched.fields.map((f) => f.dataTypeID))];
    const types = await client.query<{ oid: number; name: string }>({
      text: 'select oid::int as oid, format_type(oid, null) as name from pg_type where oid = any($1::int[])',
      values: [oids],
    });
    await client.query('commit');
    const typeName = new Map(types.rows.map((t) => [t.oid, t.name]));
    return {
      fields: fetched.fields.map((f) => ({ name: f.name, type: typeName.get(f.dataTypeID) ?? String(f.dataTypeID) })),
      rows: fetched.rows.slice(0, maxRows),
      truncated: fetched.rows.length > maxRows,
    };
  } catch (error) {
    // the transaction is aborted or the connection is in doubt: it is not handed to the next call
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

let mysqlTypeNames: Map<number, string> | undefined;
const MYSQL_TYPE_NAMES = () => (mysqlTypeNames ??= new Map(Object.entries(mysqlDriver().Types).map(([name, id]) => [id, name])));

async function runMysql(
  entry: Extract<Entry, { kind: 'mysql' }>,
  sql: string,
  params: QueryParam[],
  timeoutMs: number,
  maxRows: number,
): Promise<ReadOnlyResult> {
  const { sql: text, values } = mysqlPlaceholders(sql, params);
  const connection = await entry.pool.getConnection();
  let broken = false;
  try {
    const limits = (variable: TimeoutVariable) =>
      variable === 'max_statement_time' ? `max_statement_time = ${timeoutMs / 1000}` : `max_execution_time = ${timeoutMs}`;
    try {
      await connection.query(`SET SESSION ${limits(entry.timeoutVariable)}, sql_select_limit = ${maxRows + 1}`);
    } catch (error) {
      // MySQL has no max_statement_time (1193 unknown system variable): it limits SELECTs by max_execution_time
      if ((error as DriverError).errno !== 1193 || entry.timeoutVariable !== 'max_statement_time') throw error;
      entry.timeoutVariable = 'max_execution_time';
      await connection.query(`SET SESSION ${limits(entry.timeoutVariable)}, sql_select_limit = ${maxRows + 1}`);
    }
    await connection.query('START TRANSACTION READ ONLY');
    const [rows, fields] = await connection.execute({ sql: text, values: values as QueryParam[], timeout: timeoutMs + 1000 });
    await connection.query('COMMIT');
    const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    return {
      fields: (fields ?? []).map((f) => ({ name: f.name, type: MYSQL_TYPE_NAMES().get(f.columnType ?? f.type ?? -1) ?? String(f.columnType) })),
      rows: list.slice(0, maxRows),
      truncated: list.length > maxRows,
    };
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    if (broken) connection.destroy();
    else connection.release();
  }
}

/** One read-only statement on the source `code` (the contract is at the top of this file). */
export async function runReadOnly(
  deps: DataSourceDeps,
  code: string,
  sql: string,
  params: readonly unknown[] = [],
  options: ReadOnlyOptions = {},
): Promise<ReadOnlyResult> {
  const timeoutMs = clamp(options.timeoutMs, 100, 60_000, 5000);
  const maxRows = clamp(options.maxRows, 1, 10_000, 1000);
  let row: DataSourceRow;
  try {
    row = await sourceRow(deps.db, { code });
  } catch (error) {
    throw error instanceof BizError ? new DataSourceQueryError('notFound', error.message) : error;
  }
  let spec: ConnectionSpec;
  try {
    spec = specOf(row, deps.config);
  } catch (error) {
    throw error instanceof BizError ? new DataSourceQueryError('key', error.message) : error;
  }
  const values = checkedParams(params);
  const statement = withoutTerminator(sql);
  if (statement.trim() === '') throw new DataSourceQueryError('sql', 'SQL执行失败：SQL 为空');
  const entry = poolOf(row, spec);
  try {
    return entry.kind === 'pg' ? await runPg(entry.pool, statement, values, timeoutMs, maxRows) : await runMysql(entry, statement, values, timeoutMs, maxRows);
  } catch (error) {
    throw failure(error, spec, timeoutMs);
  }
}
