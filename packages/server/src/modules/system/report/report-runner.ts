import { is, sql, type SQL } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { REPORT_TIMEOUT_MS, ReportMsg } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { rootMessage } from '../../../platform/db/errors.ts';
import { DENIED_TABLES } from './report-sql.ts';

/** The role reports run as on PostgreSQL: it may read the public tables except DENIED_TABLES. */
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

const roles = new WeakMap<Db, Promise<boolean>>();

/**
 * Creates the report role when missing and grants it SELECT on every public table but the denied ones;
 * done once per process (after the migrations, so new tables are covered). Roles belong to the whole
 * server: a concurrent creation elsewhere is fine. When the connecting user may not create roles the
 * reports run under its own rights, guarded by the parser and the READ ONLY transaction only; the reason
 * is written to the log.
 */
async function ensureReportRole(db: Db, log: (message: string) => void): Promise<boolean> {
  const denied = [...DENIED_TABLES];
  try {
    await db.execute(sql.raw(`do $$ begin create role ${REPORT_ROLE} nologin; exception when duplicate_object or unique_violation then null; end $$`));
    await db.execute(sql.raw(`grant usage on schema public to ${REPORT_ROLE}`));
    await db.execute(sql.raw(`grant select on all tables in schema public to ${REPORT_ROLE}`));
    for (const table of denied) {
      await db.execute(sql.raw(`do $$ begin if to_regclass('public.${table}') is not null then execute 'revoke all on public.${table} from ${REPORT_ROLE}'; end if; end $$`));
    }
    // A superuser may SET ROLE to any role; anyone else needs membership.
    await db.execute(sql.raw(`do $$ begin if not (select rolsuper from pg_roles where rolname = current_user) then execute format('grant ${REPORT_ROLE} to %I', current_user); end if; end $$`));
    return true;
  } catch (error) {
    log(`报表只读角色 ${REPORT_ROLE} 未能创建或授权（${rootMessage(error)}）：报表仅由 SQL 解析与只读事务保护`);
    return false;
  }
}

export type RunOptions = { timeoutMs: number; log?: (message: string) => void };

/**
 * Runs a checked report statement in a READ ONLY transaction with a statement timeout (PostgreSQL
 * cancels it on the server, so the connection and the other requests go on), as REPORT_ROLE on
 * PostgreSQL. PGlite runs one statement at a time in this process and has no timer to cancel with:
 * there the parser's refusals (pg_sleep, writes, secret tables) are the guard.
 */
export async function runReadOnly(db: Db, statement: SQL, opts: RunOptions): Promise<{ rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }> {
  let asRole = false;
  if (is(db, NodePgDatabase)) {
    let pending = roles.get(db);
    if (!pending) {
      pending = ensureReportRole(db, opts.log ?? ((message) => void process.stderr.write(`${message}\n`)));
      roles.set(db, pending);
    }
    asRole = await pending;
  }
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw('set transaction read only'));
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(opts.timeoutMs)}`));
      if (asRole) await tx.execute(sql.raw(`set local role ${REPORT_ROLE}`));
      const result: unknown = await tx.execute(statement);
      const out = result as { rows?: unknown; fields?: unknown };
      if (!Array.isArray(out.rows)) throw new Error('report query answered without rows');
      const fields = Array.isArray(out.fields) ? (out.fields as { name: string; dataTypeID: number }[]) : [];
      return { rows: out.rows as Record<string, unknown>[], fields };
    });
  } catch (error) {
    throw reportError(error, opts.timeoutMs);
  }
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
  if (code === '42501') return new BizError(ReportMsg.tableDenied('（无权读取的表）'));
  if (code.startsWith('22')) return new BizError(`查询条件格式不正确：${rootMessage(error)}`);
  if (code) return new BizError(ReportMsg.sqlFailed(rootMessage(error)));
  return error instanceof Error ? error : new Error(String(error));
}
