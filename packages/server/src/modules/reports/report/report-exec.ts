import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import type { ReportFieldType, ReportParam } from '@sbwq/contracts';
import { DataSourceType, ReportMsg } from '@sbwq/contracts';
import { pgTimeouts, type Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { findMyOrg } from '../../core/org/org-context.ts';
import { APP_EMBEDDED, APP_SERVER, prepareReportSql, SOURCE, type SqlTarget } from './report-sql.ts';
import { markerValues, type CheckedSql } from './report-placeholders.ts';
import { reportTimeoutMs, runReadOnly } from './report-runner.ts';
import { runReadOnly as runOnSource, type QueryParam } from '../../operations/datasource/datasource.query.ts';
import { sourceRow } from '../../operations/datasource/datasource.source.ts';
import type { KeySource } from '../../operations/datasource/datasource.secret.ts';

// Running a checked report statement where the report runs (the main database or a 多数据源 source), and
// reading its rows as the answers carry them. The checks are report-sql.ts, the read-only transaction
// report-runner.ts.

/** What a run may take: the configured timeout, never above the connections' own statement limit. */
function timeoutMs(): number {
  const statement = pgTimeouts().statementMs;
  return statement > 0 ? Math.min(reportTimeoutMs(), statement) : reportTimeoutMs();
}

/**
 * Where a report runs: the main database, or the 多数据源 source its `dbSource` names (`config` opens the
 * source's stored password). The statement the report code builds is PostgreSQL's (quoting, casts,
 * `count(*) over ()`), so a source must be PostgreSQL; a MySQL / MariaDB source is refused in words.
 */
export type Target = { db: Db; config?: KeySource; dbSource?: string | null };

// format_type names → the oids TYPE_OF and cell() read, for rows from another PostgreSQL source.
const OID_OF: Record<string, number> = {
  bigint: 20,
  smallint: 21,
  integer: 23,
  real: 700,
  'double precision': 701,
  numeric: 1700,
  date: 1082,
  'timestamp without time zone': 1114,
  'timestamp with time zone': 1184,
};
const pgDialect = new PgDialect();

export async function run(t: Target, statement: SQL) {
  if (!t.dbSource) return runReadOnly(t.db, statement, { timeoutMs: timeoutMs() });
  if (!t.config) throw new Error('a data-source report run needs the key settings');
  const source = await sourceRow(t.db, { code: t.dbSource });
  if (source.dbType !== DataSourceType.postgresql) throw new BizError(ReportMsg.sourceNotPostgres(source.name));
  const query = pgDialect.sqlToQuery(statement);
  const result = await runOnSource({ db: t.db, config: t.config }, t.dbSource, query.sql, query.params as QueryParam[], {
    timeoutMs: timeoutMs(),
    maxRows: 10_000,
  });
  return { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: OID_OF[f.type] ?? 25 })) };
}

/**
 * What the check allows where the report runs: a 多数据源 source's own tables; on the application's
 * database REPORT_TABLES, and recursion only where a statement timeout can end it.
 */
export function sqlTarget(t: Target): SqlTarget {
  if (t.dbSource) return SOURCE;
  return (t.db as { $client?: unknown }).$client instanceof PGlite ? APP_EMBEDDED : APP_SERVER;
}

/** The checked text with its markers bound: values become parameters, never text. */
export function bound(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}

// PostgreSQL type oids → the stock field types.
export const TYPE_OF: Record<number, ReportFieldType> = {
  20: 'Long',
  21: 'Integer',
  23: 'Integer',
  700: 'Double',
  701: 'Double',
  1700: 'Double',
  1082: 'Date',
  1114: 'Datetime',
  1184: 'Datetime',
};

/** A value as the answer carries it: dates as JeecgBoot writes them (China time), 64-bit integers as numbers when exact. */
function cell(value: unknown, type: number | undefined): unknown {
  if (value instanceof Date) {
    const text = formatDateTime(value);
    return type === 1082 ? (text?.slice(0, 10) ?? null) : text;
  }
  // the embedded database hands timestamps over as PostgreSQL's text (`2026-11-23 07:49:00.123+00`), the server as Date
  if (typeof value === 'string' && (type === 1184 || type === 1114)) return formatDateTime(value) ?? value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (type === 20 && typeof value === 'string' && Number.isSafeInteger(Number(value))) return Number(value);
  return value;
}

export function plainRows(result: { rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }, keep?: ReadonlySet<string>) {
  const types = new Map(result.fields.map((f) => [f.name, f.dataTypeID]));
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) if (!keep || keep.has(key)) out[key] = cell(value, types.get(key));
    return out;
  });
}

/** The values a run binds for the caller: request or default for `${…}`, the caller's own for `#{…}`. */
export async function valuesFor(db: Db, user: SessionUser | null, checked: CheckedSql, params: ReportParam[], query: Record<string, unknown> = {}) {
  const given: Record<string, string | null> = {};
  for (const p of params) {
    const raw = query[`self_${p.paramName}`];
    const value = Array.isArray(raw) ? raw[0] : raw;
    given[p.paramName] = typeof value === 'string' ? value : (p.paramValue ?? '');
  }
  const system: Record<string, string> = { sys_user_code: user?.username ?? '', sys_org_code: user?.orgCode ?? '' };
  if (user && checked.markers.includes('#my_org_id')) system.my_org_id = (await findMyOrg(db, user))?.id ?? '';
  return markerValues(checked, { params: given, system });
}

/** Checks and runs the SQL once with no rows wanted: its result columns with their types. */
export async function describe(t: Target, user: SessionUser | null, cgrSql: string, params: ReportParam[], sample = 0) {
  const checked = await prepareReportSql(
    cgrSql,
    params.map((p) => p.paramName),
    sqlTarget(t),
  );
  const values = await valuesFor(t.db, user, checked, params);
  const result = await run(t, sql`select * from (${bound(`\n${checked.text}\n`, values)}) as rpt limit ${sample}`);
  return { checked, result };
}
