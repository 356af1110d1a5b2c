import { parse } from 'pgsql-ast-parser';
import { REPORT_SYSTEM_VARS, ReportMsg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';

/**
 * The guard of a report's SQL. An administrator writes it, but it runs with the server's connection, so
 * what may run is decided here, on the parse tree of a real PostgreSQL parser (pgsql-ast-parser), never
 * by searching the text:
 * - exactly one statement, a SELECT (or UNION / VALUES / WITH of them): no INTO, no FOR UPDATE/SHARE,
 *   no INSERT/UPDATE/DELETE inside a WITH, no other statement anywhere;
 * - only the functions of FUNCTIONS (aggregates, text, numbers, dates): pg_sleep, pg_read_file, lo_*,
 *   dblink, set_config, nextval and every function of the application itself are refused;
 * - no table of DENIED_TABLES (passwords, sessions, login records, secrets) and nothing outside the public
 *   schema (pg_catalog, information_schema).
 * The text PostgreSQL gets is the one checked: parameters become bind markers in it and nothing is
 * concatenated. So that both parsers read the same text, the two ways PostgreSQL and a second parser
 * may disagree on where a string ends are refused before parsing: backslashes and `$` (dollar quoting,
 * positional parameters). The transaction it runs in is READ ONLY with a statement timeout, and on
 * PostgreSQL under a role that cannot read the denied tables (report-runner.ts) — each guard holds
 * should another fail.
 */

/** Tables a report never reads: credentials, sessions and their traces, secrets. */
export const DENIED_TABLES = new Set([
  'sys_user', // password hashes and salts
  'sys_session',
  'sys_captcha',
  'sys_login_attempt',
  'sys_log', // login log: who signed in from where
  'sys_data_source', // connection passwords
  'sys_seed',
  '__drizzle_migrations',
]);

/** Functions a report may call: none reads files, sleeps, writes, changes settings or reaches another server. */
export const FUNCTIONS = new Set([
  // aggregates and windows
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // conditionals (the parser reads EXISTS (subquery) as a call; the subquery is walked like any other)
  'coalesce', 'nullif', 'greatest', 'least', 'any', 'some', 'all', 'exists',
  // numbers
  'round', 'floor', 'ceil', 'ceiling', 'abs', 'trunc', 'mod', 'power', 'sqrt', 'sign',
  // text
  'upper', 'lower', 'length', 'char_length', 'character_length', 'substring', 'substr', 'trim', 'btrim', 'ltrim', 'rtrim',
  'concat', 'concat_ws', 'replace', 'left', 'right', 'lpad', 'rpad', 'position', 'strpos', 'split_part', 'initcap', 'reverse',
  'array_to_string', 'array_length', 'cardinality',
  // dates
  'now', 'date', 'to_char', 'to_date', 'to_timestamp', 'to_number', 'date_trunc', 'date_part', 'age', 'make_date', 'timezone',
]);

const STATEMENT_ROOTS = new Set(['select', 'union', 'union all', 'with', 'with recursive', 'values']);
const WRITES = new Set(['insert', 'update', 'delete']);
const fail = (message: string): never => {
  throw new BizError(message);
};

export type ReportSqlValues = { params: Record<string, string | null>; system: Record<string, string> };
/**
 * `plain`: one SELECT that reads rows as they are — no aggregate, window, GROUP BY, HAVING, DISTINCT,
 * LIMIT or set operation anywhere in it — so a page of it is found without reading all of it, and its
 * total counted apart (report.service.ts pageRows).
 */
export type CheckedSql = BoundSql & { plain: boolean };
/** The SQL with its placeholders as bind markers, and the names of the markers in order. */
export type BoundSql = { text: string; markers: readonly string[] };

/**
 * Turns `${name}` and `#{name}` into bind markers `$1…` (one per distinct name), splitting a string that
 * holds one (`'%${kw}%'` → `('%' || $1::text || '%')`), so JeecgBoot's way of writing a LIKE still works
 * and no value is ever written into the text. Identifiers and comments may not hold one.
 */
export function bindPlaceholders(source: string): BoundSql {
  if (source.includes('\\')) fail(ReportMsg.backslash);
  if (/\$(?!\{)/.test(source)) fail(ReportMsg.dollar);
  const markers: string[] = [];
  const markerOf = (key: string) => {
    let index = markers.indexOf(key);
    if (index < 0) index = markers.push(key) - 1;
    return `$${index + 1}`;
  };
  let out = '';
  let i = 0;
  let state: 'code' | 'string' | 'ident' | 'line' | 'block' = 'code';
  let depth = 0;
  let stringStart = -1;
  let stringSplit = false;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    const placeholder = (c === '$' || c === '#') && next === '{' ? /^[$#]\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(source.slice(i)) : null;
    if (state === 'code') {
      if (placeholder) {
        out += `${markerOf(`${c}${placeholder[1]}`)}`;
        i += placeholder[0].length;
        continue;
      }
      if (c === '$') fail(ReportMsg.dollar);
      if (c === "'") {
        state = 'string';
        stringStart = out.length;
        stringSplit = false;
      } else if (c === '"') state = 'ident';
      else if (c === '-' && next === '-') state = 'line';
      else if (c === '/' && next === '*') {
        state = 'block';
        depth = 1;
        out += '/*';
        i += 2;
        continue;
      }
      out += c;
      i++;
      continue;
    }
    if (state === 'string') {
      if (placeholder) {
        out += `' || ${markerOf(`${c}${placeholder[1]}`)}::text || '`;
        stringSplit = true;
        i += placeholder[0].length;
        continue;
      }
      if (c === '$') fail(ReportMsg.dollar);
      if (c === "'" && next === "'") {
        out += "''";
        i += 2;
        continue;
      }
      out += c;
      i++;
      if (c === "'") {
        state = 'code';
        if (stringSplit) out = `${out.slice(0, stringStart)}(${out.slice(stringStart)})`;
      }
      continue;
    }
    if (placeholder) fail(ReportMsg.placeholderPlace);
    if (c === '$') fail(ReportMsg.dollar);
    if (state === 'ident' && c === '"') state = 'code';
    else if (state === 'line' && c === '\n') state = 'code';
    else if (state === 'block') {
      // PostgreSQL nests block comments; counting them keeps this reading the same as the server's.
      if (c === '/' && next === '*') {
        depth++;
        out += '/*';
        i += 2;
        continue;
      }
      if (c === '*' && next === '/') {
        depth--;
        out += '*/';
        i += 2;
        if (depth === 0) state = 'code';
        continue;
      }
    }
    out += c;
    i++;
  }
  return { text: out, markers };
}

type Node = { type?: unknown; [key: string]: unknown };

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  visit(node as Node);
  for (const value of Object.values(node)) walk(value, visit);
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');

function checkTable(name: Node): void {
  const table = lower(name.name);
  const schema = lower(name.schema);
  if (schema && schema !== 'public') fail(ReportMsg.schemaDenied(`${schema}.${table}`));
  if (DENIED_TABLES.has(table)) fail(ReportMsg.tableDenied(table));
  if (table.startsWith('pg_') || table === 'information_schema') fail(ReportMsg.schemaDenied(table));
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every']);

/** Whether a passed statement is `plain` (see CheckedSql). */
function isPlain(root: Node): boolean {
  if (root.type !== 'select') return false;
  let plain = true;
  walk(root, (n) => {
    if (n.type === 'select' && (n.groupBy || n.having || n.distinct || n.limit)) plain = false;
    if (n.type === 'union' || n.type === 'union all' || n.type === 'values') plain = false;
    if (n.type === 'call' && (n.over || AGGREGATES.has(lower((n.function as Node | undefined)?.name)))) plain = false;
  });
  return plain;
}

/** Refuses a statement that is anything but one plain SELECT over allowed tables and functions. */
export function checkStatement(text: string): { plain: boolean } {
  let statements: unknown[];
  try {
    statements = parse(text);
  } catch (error) {
    // The parser's English (and its echo of the text) stays here: the answer says where, in Chinese.
    const at = /line (\d+) col (\d+)/.exec(error instanceof Error ? error.message : '');
    return fail(ReportMsg.parseFailed(at ? `第 ${at[1]} 行第 ${at[2]} 列附近有语法错误，或用了不支持的写法` : '有语法错误，或用了不支持的写法'));
  }
  if (statements.length !== 1) fail(statements.length === 0 ? ReportMsg.onlySelect : ReportMsg.oneStatement);
  const root = statements[0] as Node;
  if (WRITES.has(lower(root.type))) fail(ReportMsg.noWrites);
  if (!STATEMENT_ROOTS.has(String(root.type))) fail(ReportMsg.onlySelect);
  walk(root, (n) => {
    const type = typeof n.type === 'string' ? n.type : null;
    // A WITH's bound statements and every statement nested anywhere are statements too.
    if ('statement' in n && n.statement && typeof n.statement === 'object') {
      const inner = lower((n.statement as Node).type);
      if (WRITES.has(inner)) fail(ReportMsg.noWrites);
      if (!STATEMENT_ROOTS.has(inner)) fail(ReportMsg.onlySelect);
    }
    if (type === 'select' && n.for) fail(ReportMsg.noLocking);
    if (type === 'select' && n.into) fail(ReportMsg.onlySelect);
    if (type === 'table' && n.name && typeof n.name === 'object') checkTable(n.name as Node);
    if (type === 'call') {
      const fn = (n.function ?? {}) as Node;
      const name = lower(fn.name);
      const schema = lower(fn.schema);
      if ((schema && schema !== 'pg_catalog') || !FUNCTIONS.has(name)) fail(ReportMsg.functionDenied(schema ? `${schema}.${name}` : name));
    }
    // Lock clauses (`for: { type: 'update' }`) were refused above, so an `update` here is a statement.
    if (type !== null && WRITES.has(type)) fail(ReportMsg.noWrites);
  });
  return { plain: isPlain(root) };
}

// Parsing costs 2–4 ms of CPU for a report of a dozen lines, on every run: the checked text of the SQL
// that passed is kept (a pure function of the text and the declared names; a refusal is not kept).
const checkedTexts = new Map<string, CheckedSql>();
const CHECKED_TEXTS_KEPT = 500;

/**
 * Checks a report's SQL and turns its placeholders into bind markers. `declared` are the report's
 * parameter names; a `${name}` not among them, or an unknown `#{name}`, is refused.
 */
export function prepareReportSql(source: string, declared: readonly string[]): CheckedSql {
  const key = `${declared.join(',')}\n${source}`;
  const known = checkedTexts.get(key);
  if (known) return known;
  const checked = Object.freeze(checkReportSql(source, declared));
  if (checkedTexts.size >= CHECKED_TEXTS_KEPT) checkedTexts.delete(checkedTexts.keys().next().value!);
  checkedTexts.set(key, checked);
  return checked;
}

function checkReportSql(source: string, declared: readonly string[]): CheckedSql {
  const bound = bindPlaceholders(source);
  for (const key of bound.markers) {
    const name = key.slice(1);
    if (key.startsWith('$') && !declared.includes(name)) fail(ReportMsg.paramUndeclared(name));
    if (key.startsWith('#') && !(REPORT_SYSTEM_VARS as readonly string[]).includes(name)) fail(ReportMsg.systemVarUnknown(name));
  }
  return { ...bound, ...checkStatement(bound.text) };
}

/** The values of the markers, in order: a parameter's from the request or its default, a system variable's from the caller. */
export function markerValues(checked: CheckedSql, values: ReportSqlValues): (string | null)[] {
  return checked.markers.map((key) => (key.startsWith('$') ? (values.params[key.slice(1)] ?? null) : (values.system[key.slice(1)] ?? '')));
}
