import { REPORT_SYSTEM_VARS, ReportMsg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { bindPlaceholders, type CheckedSql } from './report-placeholders.ts';

/**
 * The guard of a report's SQL. An administrator writes it, but it runs with the server's connection, so
 * what may run is decided on the parse tree of PostgreSQL's own parser (libpg_query, compiled to WASM),
 * never by searching the text, and what runs is exactly what was checked:
 *
 *   text → tree (PostgreSQL's parser) → checked → re-printed from the tree → parsed again → checked again → run
 *
 * The re-printed text has no comments and no unusual characters, so no reader — this one, the server of
 * another PostgreSQL version, a pooler — can find in it a statement the check did not see; and the text
 * that runs is the one whose tree passed (an earlier guard checked one parser's reading of the text and
 * ran the original beside it: comments that parser ended early ran as SQL).
 *
 * What passes is an allow-list, not a deny-list:
 * - exactly one statement, a SELECT (with UNION / VALUES / WITH): no INTO, no FOR UPDATE/SHARE, no
 *   INSERT/UPDATE/DELETE/MERGE anywhere;
 * - only the syntax of SYNTAX (expressions, joins, subqueries, CTEs, windows, casts); TABLESAMPLE, XMLTABLE,
 *   JSON_TABLE and the rest are refused;
 * - only the functions of FUNCTIONS and the types of TYPES;
 * - on the application's database, only the tables of REPORT_TABLES (business data and dictionaries);
 *   on a 多数据源 source, any table but the system catalogs;
 * - WITH RECURSIVE only where a statement timeout can stop it (PostgreSQL, not the embedded database).
 * The run adds its own guards (report-runner.ts): a READ ONLY transaction that is always rolled back, a
 * role that may read REPORT_TABLES and nothing else (on both engines), a statement timeout on PostgreSQL
 * and a cost ceiling on the embedded database — each holds should another fail.
 */

/**
 * The tables (and views) a report on the application's database may read: business records and the
 * dictionaries that label them. Users, sessions, logs, codes, bindings, configuration and the audit trail
 * are not here, and a table added later is not readable until it is listed. The report role is granted
 * SELECT on exactly these (report-runner.ts), so the database refuses what this list leaves out even if
 * the check were wrong.
 */
// The lists below are laid out by hand, a group per line (prettier-ignore keeps them so).
// prettier-ignore
export const REPORT_TABLES: ReadonlySet<string> = new Set([
  'rights_org',
  'rights_right',
  'rights_bank_account',
  'rights_batch',
  'rights_batch_item',
  'rights_batch_log',
  'rights_batch_progress',
  'rights_approval',
  'fin_capital_pool',
  'fin_capital_pool_log',
  'fin_claim',
  'fin_claim_invoice',
  'fin_claim_log',
  'fin_claim_payment',
  'sb_file_info',
  'sys_depart',
  'sys_position',
  'sys_category',
  'sys_dict',
  'sys_dict_item',
  'sys_announcement',
  // role codes and names: reports count people and grants by role; the table holds nothing secret
  'sys_role',
]);

/** Functions a report may call: none reads files, sleeps, writes, changes settings, takes locks or reaches another server. */
// prettier-ignore
export const FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates and windows
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // numbers
  'round', 'floor', 'ceil', 'ceiling', 'abs', 'trunc', 'mod', 'power', 'sqrt', 'sign',
  // text (no padding or repeating: their length is the caller's, and the embedded database shares the server's memory)
  'upper', 'lower', 'length', 'char_length', 'character_length', 'substring', 'substr', 'trim', 'btrim', 'ltrim', 'rtrim',
  'concat', 'concat_ws', 'replace', 'left', 'right', 'position', 'strpos', 'split_part', 'initcap', 'reverse',
  'array_to_string', 'array_length', 'cardinality',
  // dates
  'now', 'date', 'to_char', 'to_date', 'to_timestamp', 'to_number', 'date_trunc', 'date_part', 'extract', 'age', 'make_date', 'timezone',
]);

/** Type names a cast may name (as the parser spells them). */
// prettier-ignore
const TYPES: ReadonlySet<string> = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real',
  'text', 'varchar', 'bpchar', 'char', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bool', 'boolean', 'json', 'jsonb', 'uuid',
]);

/** The parse-tree nodes a report may contain: a query's own syntax and nothing that reaches outside it. */
// prettier-ignore
const SYNTAX: ReadonlySet<string> = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'A_Star', 'String', 'Integer', 'Float', 'Boolean', 'BitString', 'A_Const', 'ParamRef',
  'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'SubLink', 'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr', 'NullIfExpr',
  'FuncCall', 'NamedArgExpr', 'TypeCast', 'TypeName', 'CollateClause', 'SQLValueFunction', 'A_ArrayExpr', 'A_Indirection', 'A_Indices', 'RowExpr',
  'RangeVar', 'JoinExpr', 'RangeSubselect', 'RangeFunction', 'Alias', 'SortBy', 'WindowDef', 'GroupingSet', 'GroupingFunc',
  'WithClause', 'CommonTableExpr', 'List',
]);

const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
/** What a refused node is called in the message: the SQL words, not the parser's. */
const SYNTAX_WORDS: Record<string, string> = {
  RangeTableSample: 'TABLESAMPLE',
  RangeTableFunc: 'XMLTABLE',
  JsonTable: 'JSON_TABLE',
  XmlExpr: 'XML 函数',
  XmlSerialize: 'XMLSERIALIZE',
  CurrentOfExpr: 'CURRENT OF',
  SetToDefault: 'DEFAULT',
};

const fail = (message: string): never => {
  throw new BizError(message);
};

/** Where the report runs decides which tables it may name and whether recursion is bounded. */
export type SqlTarget = { tables: 'app' | 'source'; recursive: boolean };
export const APP_EMBEDDED: SqlTarget = { tables: 'app', recursive: false };
export const APP_SERVER: SqlTarget = { tables: 'app', recursive: true };
export const SOURCE: SqlTarget = { tables: 'source', recursive: true };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A wrapped node `{ Tag: {…} }` as the parser writes every node but the few embedded structs. */
function tagOf(v: Obj): string | null {
  const keys = Object.keys(v);
  return keys.length === 1 && /^[A-Z]/.test(keys[0]) && isObj(v[keys[0]]) ? keys[0] : null;
}
const names = (list: unknown): string[] => (Array.isArray(list) ? list.map((n) => (isObj(n) && isObj(n.String) ? String(n.String.sval ?? '') : '')) : []);
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');

type Walk = { target: SqlTarget; params: number };

function checkRelation(rv: Obj, scope: ReadonlySet<string>, target: SqlTarget): void {
  const name = lower(rv.relname);
  const schema = lower(rv.schemaname);
  if (rv.catalogname) fail(ReportMsg.schemaDenied(`${lower(rv.catalogname)}.${schema}.${name}`));
  // an unqualified name that a WITH in scope defines is that CTE, not a table
  if (!schema && scope.has(name)) return;
  if (schema === 'pg_catalog' || schema === 'information_schema' || schema.startsWith('pg_') || name.startsWith('pg_') || name === 'information_schema') {
    fail(ReportMsg.schemaDenied(schema ? `${schema}.${name}` : name));
  }
  if (target.tables === 'source') return;
  if (schema && schema !== 'public') fail(ReportMsg.schemaDenied(`${schema}.${name}`));
  if (!REPORT_TABLES.has(name)) fail(ReportMsg.tableDenied(name));
}

function checkFunction(call: Obj): void {
  const parts = names(call.funcname).map((n) => n.toLowerCase());
  const name = parts.at(-1) ?? '';
  const qualified = parts.join('.');
  if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog') || !FUNCTIONS.has(name)) fail(ReportMsg.functionDenied(qualified));
}

function checkType(typeName: Obj): void {
  const parts = names(typeName.names).map((n) => n.toLowerCase());
  const name = parts.at(-1) ?? '';
  if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog') || !TYPES.has(name) || typeName.setof || typeName.pct_type)
    fail(ReportMsg.typeDenied(parts.join('.')));
}

/** An operator named with its schema (`OPERATOR(public.x)`) must be a built-in one. */
function checkOperator(expr: Obj): void {
  const parts = names(expr.name).map((n) => n.toLowerCase());
  if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog')) fail(ReportMsg.syntaxDenied(`OPERATOR(${parts.join('.')})`));
}

/** Walks a SELECT's body: its WITH names scope its CTEs (as PostgreSQL resolves them) and the rest of it. */
function walkSelect(body: Obj, scope: ReadonlySet<string>, w: Walk): void {
  if (body.intoClause) fail(ReportMsg.onlySelect);
  if (body.lockingClause) fail(ReportMsg.noLocking);
  let inner = scope;
  const withClause = isObj(body.withClause) ? body.withClause : null;
  if (withClause) {
    const ctes = (Array.isArray(withClause.ctes) ? withClause.ctes : []).map((c) => (isObj(c) && isObj(c.CommonTableExpr) ? c.CommonTableExpr : {}));
    const cteNames = ctes.map((c) => lower(c.ctename));
    if (withClause.recursive && !w.target.recursive) fail(ReportMsg.recursiveDenied);
    // a recursive WITH's names are visible in every one of its CTEs; a plain WITH's only in the ones after
    ctes.forEach((cte, i) => {
      const visible = new Set([...scope, ...(withClause.recursive ? cteNames : cteNames.slice(0, i))]);
      walkNode(cte, visible, w);
    });
    inner = new Set([...scope, ...cteNames]);
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === 'withClause') continue;
    if ((key === 'larg' || key === 'rarg') && isObj(value)) walkSelect(value, inner, w);
    else walkNode(value, inner, w);
  }
}

function walkNode(node: unknown, scope: ReadonlySet<string>, w: Walk): void {
  if (Array.isArray(node)) {
    for (const item of node) walkNode(item, scope, w);
    return;
  }
  if (!isObj(node)) return;
  const tag = tagOf(node);
  if (!tag) {
    // an embedded struct (a CTE's fields, a window, a type name, a constant's value)
    if (node.intoClause) fail(ReportMsg.onlySelect);
    if (node.lockingClause) fail(ReportMsg.noLocking);
    if ('names' in node && 'typemod' in node) checkType(node);
    for (const value of Object.values(node)) walkNode(value, scope, w);
    return;
  }
  if (WRITES.has(tag)) fail(ReportMsg.noWrites);
  if (tag.endsWith('Stmt') && tag !== 'SelectStmt') fail(ReportMsg.onlySelect);
  if (!SYNTAX.has(tag)) fail(ReportMsg.syntaxDenied(SYNTAX_WORDS[tag] ?? tag));
  const body = node[tag] as Obj;
  if (tag === 'SelectStmt') return walkSelect(body, scope, w);
  if (tag === 'RangeVar') checkRelation(body, scope, w.target);
  if (tag === 'FuncCall') checkFunction(body);
  if (tag === 'TypeName') checkType(body);
  if (tag === 'A_Expr') checkOperator(body);
  if (tag === 'ParamRef') w.params++;
  for (const value of Object.values(body)) walkNode(value, scope, w);
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every']);

/** Whether a passed statement is `plain` (see CheckedSql). */
function isPlain(root: Obj): boolean {
  let plain = true;
  const summarises = (select: Obj) =>
    Boolean(
      select.groupClause ||
      select.havingClause ||
      select.distinctClause ||
      select.limitCount ||
      select.limitOffset ||
      select.valuesLists ||
      select.windowClause,
    ) ||
    (typeof select.op === 'string' && select.op !== 'SETOP_NONE');
  const visit = (node: unknown, isSelect: boolean): void => {
    if (!plain) return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, false));
    if (!isObj(node)) return;
    const tag = tagOf(node);
    const body = tag ? (node[tag] as Obj) : node;
    if ((isSelect || tag === 'SelectStmt') && summarises(body)) plain = false;
    if (tag === 'FuncCall' && (body.over || AGGREGATES.has(names(body.funcname).at(-1)?.toLowerCase() ?? ''))) plain = false;
    for (const [key, value] of Object.entries(body)) visit(value, key === 'larg' || key === 'rarg');
  };
  visit(root, false);
  return plain;
}

type SqlParser = { parseSync: (text: string) => unknown; deparseSync: (tree: never) => string };
let parser: SqlParser | null = null;
let loaded: Promise<void> | null = null;
/**
 * The parser is WASM, imported and loaded on the first report check, not at start: importing libpg-query
 * reserves its 128 MB of WASM memory, which a server that runs no report never needs (issue 35: idle
 * memory). Every caller awaits this before the synchronous calls below.
 */
export function loadSqlParser(): Promise<void> {
  loaded ??= Promise.all([import('libpg-query'), import('pgsql-deparser')]).then(async ([lib, deparser]) => {
    await lib.loadModule();
    parser = { parseSync: lib.parseSync, deparseSync: deparser.deparseSync as SqlParser['deparseSync'] };
  });
  return loaded;
}

function sqlParser(): SqlParser {
  if (!parser) throw new Error('loadSqlParser() must be awaited before a report check');
  return parser;
}

type Parsed = { stmts?: { stmt?: Obj }[] };

function parseOne(text: string): Obj {
  let parsed: Parsed;
  try {
    parsed = sqlParser().parseSync(text) as Parsed;
  } catch (error) {
    // The parser's English (and its echo of the text) stays here: the answer says where, in Chinese.
    const cursor = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails?.cursorPosition;
    if (typeof cursor === 'number' && cursor >= 0) {
      const before = text.slice(0, cursor);
      const line = before.split('\n').length;
      const col = cursor - before.lastIndexOf('\n');
      return fail(ReportMsg.parseFailed(`第 ${line} 行第 ${col} 列附近有语法错误，或用了不支持的写法`));
    }
    return fail(ReportMsg.parseFailed('有语法错误，或用了不支持的写法'));
  }
  const statements = parsed.stmts ?? [];
  if (statements.length !== 1) fail(statements.length === 0 ? ReportMsg.onlySelect : ReportMsg.oneStatement);
  const root = statements[0].stmt ?? {};
  const tag = tagOf(root) ?? '';
  if (WRITES.has(tag)) fail(ReportMsg.noWrites);
  if (tag !== 'SelectStmt') fail(ReportMsg.onlySelect);
  return root;
}

function checkTree(root: Obj, target: SqlTarget): number {
  const w: Walk = { target, params: 0 };
  walkNode(root, new Set(), w);
  return w.params;
}

/**
 * Refuses a statement that is anything but one SELECT of allowed syntax, tables, functions and types, and
 * answers the text to run: re-printed from the checked tree, parsed and checked again. Call
 * `loadSqlParser()` first.
 */
export function checkStatement(text: string, target: SqlTarget): { text: string; plain: boolean } {
  const first = parseOne(text);
  checkTree(first, target);
  let printed: string;
  try {
    printed = sqlParser().deparseSync({ version: 170004, stmts: [{ stmt: first }] } as never);
  } catch {
    return fail(ReportMsg.parseFailed('有不支持的写法'));
  }
  const root = parseOne(printed);
  const params = checkTree(root, target);
  // every `$` left is a parameter of the tree: the run binds `$n` in this text, so none may hide in a literal
  if ((printed.match(/\$/g) ?? []).length !== params || (printed.match(/\$\d+/g) ?? []).length !== params) fail(ReportMsg.dollar);
  return { text: printed, plain: isPlain(root) };
}

// Parsing and re-printing cost milliseconds of CPU on every run: the checked text of the SQL that passed
// is kept (a pure function of the text, the declared names and the target; a refusal is not kept).
const checkedTexts = new Map<string, CheckedSql>();
const CHECKED_TEXTS_KEPT = 500;

/**
 * Checks a report's SQL and turns its placeholders into bind markers. `declared` are the report's
 * parameter names; a `${name}` not among them, or an unknown `#{name}`, is refused.
 */
export async function prepareReportSql(source: string, declared: readonly string[], target: SqlTarget): Promise<CheckedSql> {
  const key = `${target.tables}:${target.recursive}\n${declared.join(',')}\n${source}`;
  const known = checkedTexts.get(key);
  if (known) return known;
  await loadSqlParser();
  const checked = Object.freeze(checkReportSql(source, declared, target));
  if (checkedTexts.size >= CHECKED_TEXTS_KEPT) checkedTexts.delete(checkedTexts.keys().next().value!);
  checkedTexts.set(key, checked);
  return checked;
}

function checkReportSql(source: string, declared: readonly string[], target: SqlTarget): CheckedSql {
  const bound = bindPlaceholders(source);
  for (const key of bound.markers) {
    const name = key.slice(1);
    if (key.startsWith('$') && !declared.includes(name)) fail(ReportMsg.paramUndeclared(name));
    if (key.startsWith('#') && !(REPORT_SYSTEM_VARS as readonly string[]).includes(name)) fail(ReportMsg.systemVarUnknown(name));
  }
  const checked = checkStatement(bound.text, target);
  return { text: checked.text, markers: bound.markers, plain: checked.plain };
}
