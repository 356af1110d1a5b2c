import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { REPORT_TIMEOUT_MS, ReportMsg } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { rootMessage } from '../../../platform/db/errors.ts';
import { REPORT_TABLES } from './report-sql.ts';

/** The role reports run as, on both engines: it may read REPORT_TABLES and nothing else. */
export const REPORT_ROLE = 'sbwq_report_reader';

/**
 * Statement timeout of a report run: REPORT_TIMEOUT_MS, default 4 s — inside the browser's 9 s (spec §9)
 * and not above the connections' own statement limit (PG_STATEMENT_TIMEOUT_MS), whose client-side read
 * timeout would otherwise close the connection first.
 */
export function reportTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.REPORT_TIMEOUT_MS?.trim();
  if (!raw) return REPORT_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 60_000) throw new Error(`REPORT_TIMEOUT_MS 须为 100 到 60000 之间的整数（毫秒），当前为「${raw}」`);
  return value;
}

const roles = new WeakMap<object, Promise<boolean>>();

/**
 * Creates the report role when missing and grants it SELECT on exactly REPORT_TABLES (what else it held
 * is revoked first, so a table taken off the list, or a grant from an older version, is gone after the
 * next start); done once per process, after the migrations. The embedded database supports roles as the
 * server does, so the same role guards both. Roles belong to the whole server: a concurrent creation
 * elsewhere is fine. When the connecting user may not create roles the reports run under its own rights,
 * guarded by the check and the READ ONLY transaction only; the reason is written to the log.
 */
async function ensureReportRole(exec: (text: string) => Promise<unknown>, log: (message: string) => void): Promise<boolean> {
  try {
    await exec(`do $$ begin create role ${REPORT_ROLE} nologin; exception when duplicate_object or unique_violation then null; end $$`);
    await exec(`grant usage on schema public to ${REPORT_ROLE}`);
    await exec(`revoke all on all tables in schema public from ${REPORT_ROLE}`);
    for (const table of [...REPORT_TABLES].sort()) {
      await exec(`do $$ begin if to_regclass('public.${table}') is not null then execute 'grant select on public.${table} to ${REPORT_ROLE}'; end if; end $$`);
    }
    // A superuser may SET ROLE to any role; anyone else needs membership.
    await exec(
      `do $$ begin if not (select rolsuper from pg_roles where rolname = current_user) then execute format('grant ${REPORT_ROLE} to %I', current_user); end if; end $$`,
    );
    return true;
  } catch (error) {
    log(`报表只读角色 ${REPORT_ROLE} 未能创建或授权（${rootMessage(error)}）：报表仅由 SQL 检查与只读事务保护`);
    return false;
  }
}

function roleReady(key: object, exec: (text: string) => Promise<unknown>, log?: (message: string) => void): Promise<boolean> {
  let pending = roles.get(key);
  if (!pending) {
    pending = ensureReportRole(exec, log ?? ((message) => void process.stderr.write(`${message}\n`)));
    roles.set(key, pending);
  }
  return pending;
}

/**
 * The embedded database has no timer to cancel a statement with, and runs in this process: a report that
 * the planner expects to cost more than this is refused before it runs (REPORT_MAX_COST, in the planner's
 * units: measured at 5–10 µs each on the embedded database, so the default is a second or two of work;
 * a grouped summary of 100,000 batches costs about 15,000).
 */
export function reportMaxCost(env: Record<string, string | undefined> = process.env): number {
  const raw = env.REPORT_MAX_COST?.trim();
  if (!raw) return 250_000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1_000 || value > 1_000_000_000)
    throw new Error(`REPORT_MAX_COST 须为 1000 到 1000000000 之间的整数，当前为「${raw}」`);
  return value;
}

export type RunOptions = { timeoutMs: number; log?: (message: string) => void };
export type RunResult = { rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] };

const dialect = new PgDialect();
// as drizzle's PGlite driver reads them, so a report's cells look the same on both engines
const PGLITE_PARSERS = { 1082: (v: string) => v, 1114: (v: string) => v, 1184: (v: string) => v, 1186: (v: string) => v };

/**
 * Runs a checked report statement in a READ ONLY transaction that is always rolled back, as REPORT_ROLE,
 * on a connection no other request shares meanwhile, and leaves nothing of it behind for later requests:
 * - PostgreSQL: a connection of its own from the pool, with a statement timeout (the server cancels it,
 *   the other requests go on); afterwards the connection is closed, not given back, so no session state a
 *   statement might have set (a setting, an advisory lock) reaches another request.
 * - PGlite: one session for the whole process. The rollback undoes every setting made in the transaction,
 *   session-level advisory locks are released after it (the application itself takes only transaction
 *   locks), and a statement the planner expects to cost more than REPORT_MAX_COST is refused before it
 *   runs, since nothing could stop it once started.
 */
export async function runReadOnly(db: Db, statement: SQL, opts: RunOptions): Promise<RunResult> {
  const query = dialect.sqlToQuery(statement);
  const client = (db as { $client?: unknown }).$client;
  try {
    if (client instanceof pg.Pool) return await runOnServer(client, query, opts);
    if (client instanceof PGlite) return await runEmbedded(client, query, opts);
  } catch (error) {
    throw reportError(error, opts.timeoutMs);
  }
  throw new Error('a report runs on the application database');
}

async function runOnServer(pool: pg.Pool, query: { sql: string; params: unknown[] }, opts: RunOptions): Promise<RunResult> {
  const asRole = await roleReady(pool, (text) => pool.query(text), opts.log);
  const conn = await pool.connect();
  try {
    await conn.query('begin transaction read only');
    await conn.query(`set local statement_timeout = ${Math.trunc(opts.timeoutMs)}`);
    if (asRole) await conn.query(`set local role ${REPORT_ROLE}`);
    const result = await conn.query(query.sql, query.params);
    return { rows: result.rows as Record<string, unknown>[], fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
  } finally {
    await conn.query('rollback').catch(() => undefined);
    conn.release(true);
  }
}

async function runEmbedded(client: PGlite, query: { sql: string; params: unknown[] }, opts: RunOptions): Promise<RunResult> {
  const asRole = await roleReady(client, (text) => client.exec(text), opts.log);
  const maxCost = reportMaxCost();
  let out: RunResult | null = null;
  try {
    await client.transaction(async (tx) => {
      await tx.exec('set transaction read only');
      if (asRole) await tx.exec(`set local role ${REPORT_ROLE}`);
      const plan = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query.sql}`, query.params);
      const cost = planCost(plan.rows[0]?.['QUERY PLAN']);
      if (cost > maxCost) throw new BizError(ReportMsg.tooCostly(Math.round(cost).toLocaleString('en-US'), maxCost.toLocaleString('en-US')));
      const result = await tx.query<Record<string, unknown>>(query.sql, query.params, { parsers: PGLITE_PARSERS });
      out = { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
      await tx.rollback();
    });
  } finally {
    await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
  }
  if (!out) throw new Error('report query answered without rows');
  return out;
}

/** The planner's total cost of an `explain (format json)` answer (text or parsed). */
function planCost(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Total Cost'?: unknown } } | undefined) : undefined;
  const cost = Number(top?.Plan?.['Total Cost']);
  return Number.isFinite(cost) ? cost : Number.POSITIVE_INFINITY;
}

/** A failed run told in Chinese: the timeout, a write, a refused table, a bad search value, or PostgreSQL's own words. */
function reportError(error: unknown, timeoutMs: number): Error {
  if (error instanceof BizError) return error;
  let code = '';
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      code = e.code;
      break;
    }
  }
  if (code === '57014') return new BizError(ReportMsg.timeout(Math.round(timeoutMs / 100) / 10));
  if (code === '25006') return new BizError(ReportMsg.noWrites);
  if (code === '42501') return new BizError(ReportMsg.privilegeDenied);
  if (code.startsWith('22')) return new BizError(`查询条件格式不正确：${rootMessage(error)}`);
  if (code) return new BizError(ReportMsg.sqlFailed(rootMessage(error)));
  return error instanceof Error ? error : new Error(String(error));
}
