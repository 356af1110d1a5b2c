import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import type {
  AddReportMenuBody,
  CgformColumns,
  ColumnsAndData,
  Page,
  ParsedSql,
  QueryInfoItem,
  ReportAddBody,
  ReportColumn,
  ReportDataQuery,
  ReportEditBody,
  ReportFieldType,
  ReportParam,
  ReportRecord,
  ReportRows,
  RpColumns,
  StockItemInput,
  StockReportItem,
} from '@sbwq/contracts';
import { DataSourceType, NUMBER_REPORT_TYPES, REPORT_LIST_COMPONENT, REPORT_SEARCH_MODES, reportMenuUrl, ReportMsg, SORTABLE_REPORT_TYPES } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike, fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { formatDateTime, withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { pgTimeouts } from '../../../platform/db/client.ts';
import { hasRole } from '../../../platform/access/access.ts';
import { findMyOrg, isStaff } from '../../core/org/org-context.ts';
import { toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile } from '../../../platform/resource/resource-routes.ts';
import { sysPermission } from '../permission/permission.table.ts';
import { sysRole, sysRolePermission } from '../role/role.table.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from './report.table.ts';
import { APP_EMBEDDED, APP_SERVER, bindPlaceholders, markerValues, prepareReportSql, SOURCE, type CheckedSql, type SqlTarget } from './report-sql.ts';
import { reportTimeoutMs, runReadOnly } from './report-runner.ts';
import { runReadOnly as runOnSource, type QueryParam } from '../datasource/datasource.query.ts';
import { sourceRow } from '../datasource/datasource.source.ts';
import { sysDataSource } from '../datasource/datasource.table.ts';
import type { KeySource } from '../datasource/datasource.secret.ts';
import { formOf, type RegisteredForm } from './report-forms.ts';
import { DataTable, SYSTEM_CHANGER, withVersions, type VersionReader } from '../../core/datalog/datalog.service.ts';
import { readRoleGrants } from '../role/role-grants.ts';

type Head = typeof onlCgreportHead.$inferSelect;
type Item = typeof onlCgreportItem.$inferSelect;
type ParamRow = typeof onlCgreportParam.$inferSelect;

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

async function run(t: Target, statement: SQL) {
  if (!t.dbSource) return runReadOnly(t.db, statement, { timeoutMs: timeoutMs() });
  if (!t.config) throw new Error('a data-source report run needs the key settings');
  const source = await sourceRow(t.db, { code: t.dbSource });
  if (source.dbType !== DataSourceType.postgresql) throw new BizError(ReportMsg.sourceNotPostgres(source.name));
  const query = pgDialect.sqlToQuery(statement);
  const result = await runOnSource({ db: t.db, config: t.config }, t.dbSource, query.sql, query.params as QueryParam[], { timeoutMs: timeoutMs(), maxRows: 10_000 });
  return { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: OID_OF[f.type] ?? 25 })) };
}

/**
 * What the check allows where the report runs: a 多数据源 source's own tables; on the application's
 * database REPORT_TABLES, and recursion only where a statement timeout can end it.
 */
function sqlTarget(t: Target): SqlTarget {
  if (t.dbSource) return SOURCE;
  return (t.db as { $client?: unknown }).$client instanceof PGlite ? APP_EMBEDDED : APP_SERVER;
}

/** The checked text with its markers bound: values become parameters, never text. */
function bound(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}

// PostgreSQL type oids → the stock field types.
const TYPE_OF: Record<number, ReportFieldType> = { 20: 'Long', 21: 'Integer', 23: 'Integer', 700: 'Double', 701: 'Double', 1700: 'Double', 1082: 'Date', 1114: 'Datetime', 1184: 'Datetime' };

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

function plainRows(result: { rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }, keep?: ReadonlySet<string>) {
  const types = new Map(result.fields.map((f) => [f.name, f.dataTypeID]));
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) if (!keep || keep.has(key)) out[key] = cell(value, types.get(key));
    return out;
  });
}

// ——— configurations ———

export const reportWhitelist: ListResource = {
  table: onlCgreportHead,
  fields: fieldsOf(onlCgreportHead, { name: 'string', code: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

const columnOf = (i: Item): ReportColumn => ({
  fieldName: i.fieldName,
  fieldTxt: i.fieldTxt,
  fieldType: i.fieldType as ReportFieldType,
  isShow: i.isShow,
  isSearch: i.isSearch,
  searchMode: i.searchMode as ReportColumn['searchMode'],
  isOrder: i.isOrder,
  dictCode: i.dictCode,
  fieldWidth: i.fieldWidth,
  orderNum: i.orderNum,
});
const paramOf = (p: ParamRow): ReportParam => ({ paramName: p.paramName, paramTxt: p.paramTxt, paramValue: p.paramValue, orderNum: p.orderNum });

async function detailsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return { items: [] as Item[], params: [] as ParamRow[] };
  const [items, params] = await Promise.all([
    db.select().from(onlCgreportItem).where(inArray(onlCgreportItem.cgrheadId, ids)).orderBy(asc(onlCgreportItem.orderNum), asc(onlCgreportItem.id)),
    db.select().from(onlCgreportParam).where(inArray(onlCgreportParam.cgrheadId, ids)).orderBy(asc(onlCgreportParam.orderNum), asc(onlCgreportParam.id)),
  ]);
  return { items, params };
}

function recordOf(head: Head, items: Item[], params: ParamRow[]): ReportRecord {
  return {
    ...(withDateTexts(head) as Omit<ReportRecord, 'columns' | 'params' | 'access'>),
    access: head.access as ReportRecord['access'],
    columns: items.filter((i) => i.cgrheadId === head.id).map(columnOf),
    params: params.filter((p) => p.cgrheadId === head.id).map(paramOf),
  };
}

export async function listReports(db: Db, params: ListParams): Promise<Page<ReportRecord>> {
  const page = await pageOf<Head>(db, reportWhitelist, params, { tieBreak: onlCgreportHead.id });
  const { items, params: ps } = await detailsOf(db, page.records.map((h) => h.id));
  return { ...page, records: page.records.map((h) => recordOf(h, items, ps)) };
}

type Loaded = { head: Head; columns: ReportColumn[]; params: ReportParam[] };

/**
 * A report by id, by code, or (`key`) by either: the stock screens open `/online/cgreport/<id>` (功能测试,
 * its menu rows), ours `/online/cgreport/<code>`, and both call the api with what the address holds.
 * An id match wins over a code match.
 */
async function load(db: Db, by: { id: string } | { code: string } | { key: string }): Promise<Loaded> {
  const where = 'id' in by ? eq(onlCgreportHead.id, by.id) : 'code' in by ? eq(onlCgreportHead.code, by.code) : or(eq(onlCgreportHead.id, by.key), eq(onlCgreportHead.code, by.key));
  const found = await db.select().from(onlCgreportHead).where(where).limit(2);
  const head = 'key' in by ? (found.find((h) => h.id === by.key) ?? found[0]) : found[0];
  if (!head) throw new BizError(ReportMsg.notFound);
  const { items, params } = await detailsOf(db, [head.id]);
  return { head, columns: items.map(columnOf), params: params.map(paramOf) };
}

export async function reportById(db: Db, id: string): Promise<ReportRecord> {
  const { head } = await load(db, { id });
  const { items, params } = await detailsOf(db, [head.id]);
  return recordOf(head, items, params);
}

/** The values a run binds for the caller: request or default for `${…}`, the caller's own for `#{…}`. */
async function valuesFor(db: Db, user: SessionUser | null, checked: CheckedSql, params: ReportParam[], query: Record<string, unknown> = {}) {
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
async function describe(t: Target, user: SessionUser | null, cgrSql: string, params: ReportParam[], sample = 0) {
  const checked = await prepareReportSql(cgrSql, params.map((p) => p.paramName), sqlTarget(t));
  const values = await valuesFor(t.db, user, checked, params);
  const result = await run(t, sql`select * from (${bound(`\n${checked.text}\n`, values)}) as rpt limit ${sample}`);
  return { checked, result };
}

/** "解析SQL": the columns and parameters the SQL has, and its first 10 rows (a preview). */
export async function parseSql(t: Target, user: SessionUser, body: { cgrSql: string; params: ReportParam[] }): Promise<ParsedSql> {
  const names = [...new Set(bindPlaceholders(body.cgrSql).markers.filter((m) => m.startsWith('$')).map((m) => m.slice(1)))];
  const params = names.map((name, i) => body.params.find((p) => p.paramName === name) ?? { paramName: name, paramTxt: name, paramValue: '', orderNum: i });
  const { result } = await describe(t, user, body.cgrSql, params, 10);
  const seen = new Set<string>();
  const columns = result.fields.map((f, i): ReportColumn => {
    if (seen.has(f.name)) throw new BizError(ReportMsg.columnDuplicate(f.name));
    seen.add(f.name);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(f.name)) throw new BizError(`${ReportMsg.columnName}：${f.name}（请在 SQL 中用 as 起英文别名）`);
    const fieldType = TYPE_OF[f.dataTypeID] ?? 'String';
    // numbers and dates come ticked 排序 (unticked they do not sort), text columns not
    return { fieldName: f.name, fieldTxt: f.name, fieldType, isShow: true, isSearch: false, searchMode: 'single', isOrder: SORTABLE_REPORT_TYPES.includes(fieldType), dictCode: null, fieldWidth: null, orderNum: i };
  });
  return { columns, params, records: plainRows(result) };
}

/** The SQL is checked (and run with no rows) when saved: a refused or failing report is not kept. */
async function checkedBody(t: Target, user: SessionUser | null, body: ReportAddBody) {
  const { result } = await describe({ ...t, dbSource: body.dbSource?.trim() || null }, user, body.cgrSql, body.params);
  const fields = new Set(result.fields.map((f) => f.name));
  const seen = new Set<string>();
  for (const c of body.columns) {
    if (seen.has(c.fieldName)) throw new BizError(ReportMsg.columnDuplicate(c.fieldName));
    seen.add(c.fieldName);
    if (!fields.has(c.fieldName)) throw new BizError(ReportMsg.columnUnknown(c.fieldName));
  }
  if (body.columns.length === 0) throw new BizError(ReportMsg.columnsRequired);
}

const headValues = (body: ReportAddBody) => ({
  name: body.name,
  cgrSql: body.cgrSql,
  dbSource: body.dbSource?.trim() || null,
  access: body.access,
  content: body.content ?? null,
});

async function writeDetails(db: Db, user: SessionUser | null, headId: string, body: ReportAddBody) {
  await db.delete(onlCgreportItem).where(eq(onlCgreportItem.cgrheadId, headId));
  await db.delete(onlCgreportParam).where(eq(onlCgreportParam.cgrheadId, headId));
  if (body.columns.length > 0) {
    await db.insert(onlCgreportItem).values(body.columns.map((c, i) => ({ id: newId(), cgrheadId: headId, ...c, dictCode: c.dictCode?.trim() || null, fieldWidth: c.fieldWidth ?? null, orderNum: i, ...created(user) })));
  }
  if (body.params.length > 0) {
    await db.insert(onlCgreportParam).values(body.params.map((p, i) => ({ id: newId(), cgrheadId: headId, ...p, paramValue: p.paramValue ?? null, orderNum: i, ...created(user) })));
  }
}

type Detail = { id: string; cgrheadId: string; createBy: string | null; createTime: Date | null; updateBy: string | null; updateTime: Date | null };
// A field or parameter by its content: every save writes them anew, under new ids.
const detailContent = <T extends Detail>({ id: _id, cgrheadId: _head, createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...content }: T) => content;

/** A report as its data-log versions keep it: one record, the head with its fields and parameters. */
const readReportVersions: VersionReader = async (db, ids) => {
  const heads = await db.select().from(onlCgreportHead).where(inArray(onlCgreportHead.id, ids));
  const items = await db.select().from(onlCgreportItem).where(inArray(onlCgreportItem.cgrheadId, ids)).orderBy(asc(onlCgreportItem.orderNum));
  const params = await db.select().from(onlCgreportParam).where(inArray(onlCgreportParam.cgrheadId, ids)).orderBy(asc(onlCgreportParam.orderNum));
  const of = <T extends Detail>(details: T[], id: string) => details.filter((d) => d.cgrheadId === id).map(detailContent);
  return new Map(heads.map((head) => [head.id, { ...head, items: of(items, head.id), params: of(params, head.id) }]));
};

/** A stock item as our column: 查询模式 single unless given, sorting as 解析SQL ticks it unless given. */
const columnOfStock = (i: StockItemInput, index: number): ReportColumn => {
  const fieldType = i.fieldType ?? 'String';
  return {
    fieldName: i.fieldName,
    fieldTxt: i.fieldTxt ?? '',
    fieldType,
    isShow: i.isShow ?? true,
    isSearch: i.isSearch ?? false,
    searchMode: (REPORT_SEARCH_MODES as readonly string[]).includes(i.searchMode ?? '') ? (i.searchMode as ReportColumn['searchMode']) : 'single',
    isOrder: i.isOrder ?? SORTABLE_REPORT_TYPES.includes(fieldType),
    dictCode: i.dictCode?.trim() || null,
    fieldWidth: i.fieldWidth ?? null,
    orderNum: index,
  };
};

/** The stock screen saves its columns as `items`: read them as ours when `columns` is not sent. */
const withStockItems = <T extends ReportAddBody>(body: T): T => (body.columns.length === 0 && body.items ? { ...body, columns: body.items.map(columnOfStock) } : body);

export async function addReport(db: Db, config: KeySource, user: SessionUser | null, sent: ReportAddBody): Promise<string> {
  const body = withStockItems(sent);
  const [taken] = await db.select({ id: onlCgreportHead.id }).from(onlCgreportHead).where(eq(onlCgreportHead.code, body.code));
  if (taken) throw new BizError(ReportMsg.codeTaken);
  await checkedBody({ db, config }, user, body);
  const id = newId();
  try {
    await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.report, [id], readReportVersions, async (tx) => {
      await tx.insert(onlCgreportHead).values({ id, code: body.code, ...headValues(body), ...created(user) });
      await writeDetails(tx, user, id, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(ReportMsg.codeTaken);
    throw error;
  }
  return id;
}

export async function editReport(db: Db, config: KeySource, user: SessionUser | null, sent: ReportEditBody): Promise<void> {
  const body = withStockItems(sent);
  const [row] = await db.select({ id: onlCgreportHead.id }).from(onlCgreportHead).where(eq(onlCgreportHead.id, body.id));
  if (!row) throw new BizError(ReportMsg.notFound);
  await checkedBody({ db, config }, user, body);
  try {
    await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.report, [body.id], readReportVersions, async (tx) => {
      await tx.update(onlCgreportHead).set({ code: body.code, ...headValues(body), ...updated(user) }).where(eq(onlCgreportHead.id, body.id));
      await writeDetails(tx, user, body.id, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(ReportMsg.codeTaken);
    throw error;
  }
}

export async function deleteReports(db: Db, user: SessionUser | null, ids: string[]): Promise<void> {
  await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.report, ids, readReportVersions, async (tx) => {
    const done = await tx.delete(onlCgreportHead).where(inArray(onlCgreportHead.id, ids)).returning({ id: onlCgreportHead.id });
    if (done.length === 0) throw new BizError(ReportMsg.notFound);
    await tx.delete(onlCgreportItem).where(inArray(onlCgreportItem.cgrheadId, ids));
    await tx.delete(onlCgreportParam).where(inArray(onlCgreportParam.cgrheadId, ids));
  });
}

/** The menu row and the rows above it, nearest first (at most 20 levels, as the menu tree reads them). */
async function ancestorsOf(db: Db, permissionId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from sys_permission where id = ${permissionId} and del_flag = 0
          union all
          select p.id, p.parent_id, up.depth + 1 from sys_permission p join up on p.id = up.parent_id where p.del_flag = 0 and up.depth < 20
        ) select id from up order by depth`,
  );
  return found.map((r) => r.id);
}

/**
 * "添加到菜单": a menu row with the stock report list component and the report's code in its address,
 * granted to the chosen roles in the same transaction. The grants bump the `access` version (the
 * deferred triggers on sys_permission / sys_role_permission, as a role-permission save does), so a
 * signed-in user of those roles gets the entry on the next menu fetch.
 */
export async function addReportMenu(db: Db, user: SessionUser, body: AddReportMenuBody): Promise<string> {
  const { head } = await load(db, { id: body.id });
  const url = reportMenuUrl(head.code);
  const [exists] = await db.select({ id: sysPermission.id }).from(sysPermission).where(and(eq(sysPermission.url, url), eq(sysPermission.delFlag, 0)));
  if (exists) throw new BizError(ReportMsg.menuExists);
  const [parent] = await db.select({ id: sysPermission.id, menuType: sysPermission.menuType }).from(sysPermission).where(and(eq(sysPermission.id, body.parentId), eq(sysPermission.delFlag, 0)));
  if (!parent || parent.menuType === 2) throw new BizError(ReportMsg.parentRequired);
  const roleIds = [...new Set(body.roleIds)];
  if (roleIds.length === 0) throw new BizError(ReportMsg.rolesRequired);
  const id = newId();
  await withVersions(db, user, DataTable.grant, roleIds, readRoleGrants, async (tx) => {
    const roles = await tx.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, roleIds)).for('share');
    if (roles.length !== roleIds.length) throw new BizError(ReportMsg.roleUnknown);
    await tx.insert(sysPermission).values({ id, parentId: parent.id, name: head.name, url, component: REPORT_LIST_COMPONENT, menuType: 1, sortNo: 50, icon: 'table', isRoute: 1, isLeaf: 1, status: '1', delFlag: 0, ...created(user) });
    await tx.update(sysPermission).set({ isLeaf: 0 }).where(eq(sysPermission.id, parent.id));
    // The menu tree shows an entry only under sections the user holds: the section and its ancestors
    // are granted too (as the role grant tree's half-checked parents are), each at most once.
    const granted = [id, ...(await ancestorsOf(tx, parent.id))];
    const at = new Date();
    await tx
      .insert(sysRolePermission)
      .values(roleIds.flatMap((roleId) => granted.map((permissionId) => ({ id: newId(), roleId, permissionId, operateDate: at }))))
      .onConflictDoNothing();
  });
  return id;
}

// ——— running a report (spec §7 online reports) ———

/**
 * Who may run a report: the administrator; anyone holding a menu entry that opens it; the association's
 * staff when it is for staff; every signed-in user when it is for all (its SQL narrows by `#{…}`).
 */
async function assertMayRun(db: Db, user: SessionUser, head: Pick<Head, 'id' | 'code' | 'access'>): Promise<void> {
  if (head.access === 'all') return;
  if (await hasRole(db, user.id, 'admin', user.accessVersion)) return;
  if (head.access === 'staff' && (await isStaff(db, user.id, user.accessVersion))) return;
  const urls = [reportMenuUrl(head.code), reportMenuUrl(head.id)];
  const held = await rows<{ ok: number }>(
    db,
    sql`select 1 as ok from sys_permission p
         where p.del_flag = 0 and coalesce(p.status, '1') = '1' and p.url in (${sql.join(urls.map((u) => sql`${u}`), sql`, `)})
           and (p.id in (select rp.permission_id from sys_role_permission rp join sys_user_role ur on ur.role_id = rp.role_id where ur.user_id = ${user.id})
             or p.id in (select drp.permission_id from sys_depart_role_permission drp join sys_depart_role_user dru on dru.drole_id = drp.role_id where dru.user_id = ${user.id}))
         limit 1`,
  );
  if (held.length === 0) throw new BizError(ReportMsg.noAccess);
}

async function dictOptionsOf(deps: AppDeps, columns: ReportColumn[]) {
  const options: RpColumns['dictOptions'] = {};
  for (const c of columns) {
    if (!c.dictCode) continue;
    // JEECG-API §5.6: dictOptions keyed by the same string as customRender (the field name).
    options[c.fieldName] = await deps.dicts.items(c.dictCode).catch(() => []);
  }
  return options;
}

const shownColumns = (columns: ReportColumn[]) =>
  [...columns]
    .filter((c) => c.isShow)
    .sort((a, b) => a.orderNum - b.orderNum)
    .map((c) => ({
      title: c.fieldTxt || c.fieldName,
      dataIndex: c.fieldName,
      align: 'center',
      ...(c.isOrder ? { sorter: 'true' } : {}),
      ...(c.dictCode ? { customRender: c.fieldName } : {}),
      ...(c.fieldWidth ? { width: c.fieldWidth } : {}),
      fieldType: c.fieldType,
    }));

/** GET getRpColumns/{code}: the shown columns, their dictionaries, the report's id and name (by code, or by id as the stock address holds). */
export async function rpColumns(deps: AppDeps, user: SessionUser, code: string): Promise<RpColumns> {
  const { head, columns } = await load(deps.db, { key: code });
  await assertMayRun(deps.db, user, head);
  return { columns: shownColumns(columns), dictOptions: await dictOptionsOf(deps, columns), cgRpConfigId: head.id, cgRpConfigName: head.name };
}

/** GET getQueryInfo/{id}: one item per searchable column; from the 3rd on hidden until expanded. */
export async function queryInfo(db: Db, user: SessionUser, id: string): Promise<QueryInfoItem[]> {
  const { head, columns } = await load(db, { key: id });
  await assertMayRun(db, user, head);
  return searchItems(columns);
}

function searchItems(columns: ReportColumn[]): QueryInfoItem[] {
  return [...columns]
    .filter((c) => c.isSearch)
    .sort((a, b) => a.orderNum - b.orderNum)
    .map((c, i) => ({
      label: c.fieldTxt || c.fieldName,
      field: c.fieldName,
      view: c.dictCode ? 'list' : c.fieldType.toLowerCase(),
      mode: c.searchMode,
      ...(c.dictCode ? { dictCode: c.dictCode } : {}),
      ...(i >= 2 ? { hidden: '1' } : {}),
    }));
}

const one = (v: unknown): string | undefined => {
  const value = Array.isArray(v) ? v[0] : v;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const INT_LIMIT: Partial<Record<ReportFieldType, bigint>> = { Integer: 2_147_483_647n, Long: 9_223_372_036_854_775_807n };

/** A real calendar date (and time of day) in the forms the search form sends, years 1–9999. */
function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(2000, mo - 1, d));
  return y >= 1 && mo >= 1 && mo <= 12 && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && (mo !== 2 || d !== 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)));
}
function isDatetime(text: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  return !!m && isDate(m[1]) && (m[2] === undefined || (Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60));
}

/**
 * A search value checked against its column's type before it reaches SQL, so a wrong one is told in
 * words naming the field (PostgreSQL's own message would echo the value and the type).
 */
function searchValue(c: ReportColumn, value: string): string {
  const label = c.fieldTxt || c.fieldName;
  const limit = INT_LIMIT[c.fieldType];
  if (limit !== undefined) {
    if (!/^[+-]?\d{1,19}$/.test(value)) throw new BizError(ReportMsg.searchInteger(label));
    const n = BigInt(value);
    if (n > limit || n < -limit - 1n) throw new BizError(ReportMsg.searchInteger(label));
  } else if (c.fieldType === 'Double') {
    if (!/^[+-]?(\d{1,30}(\.\d{0,30})?|\.\d{1,30})$/.test(value)) throw new BizError(ReportMsg.searchNumber(label));
  } else if (c.fieldType === 'Date') {
    if (!isDate(value)) throw new BizError(ReportMsg.searchDate(label));
  } else if (c.fieldType === 'Datetime') {
    if (!isDatetime(value)) throw new BizError(ReportMsg.searchDatetime(label));
  }
  return value;
}

/** The search values of the report's own columns as conditions on the wrapped result; nothing else of the query reaches SQL. */
function conditions(columns: ReportColumn[], query: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  for (const c of columns) {
    if (!c.isSearch) continue;
    const col = sql.raw(`rpt."${c.fieldName}"`);
    if (c.searchMode === 'group') {
      const begin = one(query[`${c.fieldName}_begin`]);
      let end = one(query[`${c.fieldName}_end`]);
      if (begin) where.push(sql`${col} >= ${searchValue(c, begin)}`);
      if (end) {
        searchValue(c, end);
        if (c.fieldType === 'Datetime' && isDate(end)) end = `${end} 23:59:59`;
        where.push(sql`${col} <= ${end}`);
      }
      continue;
    }
    const value = one(query[c.fieldName]);
    if (value === undefined) continue;
    if (c.searchMode === 'like') where.push(sql`${col}::text ilike ${`%${escapeLike(value)}%`}`);
    else if (c.fieldType === 'String') where.push(sql`${col}::text = ${value}`);
    else where.push(sql`${col} = ${searchValue(c, value)}`);
  }
  return where;
}

function orderOf(columns: ReportColumn[], query: ReportDataQuery, fallback?: string): SQL {
  const field = query.column;
  if (field) {
    const c = columns.find((x) => x.fieldName === field);
    if (!c || !c.isOrder) throw new BizError(`不能按字段 ${field} 排序`);
    return sql.raw(`order by rpt."${c.fieldName}" ${query.order === 'asc' ? 'asc' : 'desc'} nulls last`);
  }
  return fallback ? sql.raw(`order by rpt."${fallback}" asc`) : sql.raw('');
}

/**
 * A page of the report's rows and their total. A `plain` report (rows as they are, see CheckedSql) is paged
 * as it stands — a page of 10 reads about 10 rows — and counted apart, only when the page does not tell
 * the total; any other (a summary, a union) is computed whole anyway, so its page carries the total
 * (`count(*) over ()`) in the same pass.
 */
async function pageRows(t: Target, source: SQL, columns: ReportColumn[], query: ReportDataQuery, opts: { all?: boolean; fallbackSort?: string; plain?: boolean } = {}): Promise<ReportRows> {
  const where = conditions(columns, query);
  const filter = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order = orderOf(columns, query, opts.fallbackSort);
  const limit = opts.all ? 10_000 : query.pageSize;
  const offset = opts.all ? 0 : (query.pageNo - 1) * query.pageSize;
  const keep = new Set(columns.map((c) => c.fieldName));
  const count = async () => Number((await run(t, sql`select count(*) as n from (${source}) as rpt ${filter}`)).rows[0]?.n ?? 0);
  if (opts.plain) {
    const result = await run(t, sql`select rpt.* from (${source}) as rpt ${filter} ${order} limit ${limit} offset ${offset}`);
    const n = result.rows.length;
    const total = opts.all || (n > 0 && n < limit) || (n === 0 && offset === 0) ? offset + n : await count();
    return { total, records: plainRows(result, keep) };
  }
  const result = await run(t, sql`select rpt.*, count(*) over () as "__total" from (${source}) as rpt ${filter} ${order} limit ${limit} offset ${offset}`);
  const total = result.rows.length > 0 ? Number(result.rows[0].__total) : offset > 0 ? await count() : 0;
  return { total, records: plainRows(result, keep) };
}

async function reportSource(db: Db, user: SessionUser, id: string, query: Record<string, unknown>) {
  const report = await load(db, { key: id });
  await assertMayRun(db, user, report.head);
  const checked = await prepareReportSql(report.head.cgrSql, report.params.map((p) => p.paramName), sqlTarget({ db, dbSource: report.head.dbSource }));
  const values = await valuesFor(db, user, checked, report.params, query);
  return { report, plain: checked.plain, source: bound(`\n${checked.text}\n`, values) };
}

/** GET getData/{id}: a page of the report's rows, searched and sorted on its own columns. */
export async function reportData(db: Db, config: KeySource, user: SessionUser, id: string, query: ReportDataQuery): Promise<ReportRows> {
  const { report, plain, source } = await reportSource(db, user, id, query);
  return pageRows({ db, config, dbSource: report.head.dbSource }, source, report.columns, query, { plain });
}

/** GET exportXls/{id}: the searched rows (up to 10,000) with the shown columns, dictionaries translated. */
export async function exportReport(deps: AppDeps, user: SessionUser, id: string, query: ReportDataQuery): Promise<ExcelFile> {
  const { report, plain, source } = await reportSource(deps.db, user, id, query);
  const data = await pageRows({ db: deps.db, config: deps.config, dbSource: report.head.dbSource }, source, report.columns, query, { all: true, plain });
  return workbookOf(deps, report.head.name, report.head.code, report.columns, data.records);
}

async function workbookOf(deps: AppDeps, name: string, code: string, columns: ReportColumn[], records: Record<string, unknown>[]): Promise<ExcelFile> {
  const dicts = await dictOptionsOf(deps, columns);
  const shown = [...columns].filter((c) => c.isShow).sort((a, b) => a.orderNum - b.orderNum);
  const excelColumns = shown.map((c) => ({
    title: c.fieldTxt || c.fieldName,
    key: c.fieldName,
    width: c.fieldWidth ? Math.max(8, Math.round(c.fieldWidth / 7)) : 18,
    value: (row: Record<string, unknown>) => {
      const v = row[c.fieldName];
      if (v === null || v === undefined) return '';
      const items = dicts[c.fieldName];
      if (items) return items.find((i) => i.value === String(v))?.text ?? String(v);
      if (NUMBER_REPORT_TYPES.includes(c.fieldType)) return excelNumber(v) ?? String(v);
      return typeof v === 'number' ? v : String(v);
    },
    // amounts as the screen shows them: thousands separators, as many decimals as the value has
    ...(c.fieldType === 'Double' && !dicts[c.fieldName] ? { numFmt: (row: Record<string, unknown>) => amountFormat(row[c.fieldName]) } : {}),
  }));
  const body = await toWorkbook(name, excelColumns, records);
  return { body, fileName: `${name}.xlsx`, asciiName: `${code}.xlsx` };
}

/**
 * A number column's value as an Excel number (so SUM works there): PostgreSQL's numeric arrives as exact
 * text, and becomes a number only when Excel keeps every digit of it (15 significant digits); a longer
 * one stays text rather than being rounded.
 */
function excelNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value).trim();
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const digits = `${m[2]}${m[3] ?? ''}`.replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= 15 ? Number(text) : null;
}

/** `#,##0.00` with the value's own number of decimals (a numeric(12,2) amount shows its cents, 0.00 included). */
function amountFormat(value: unknown): string {
  const decimals = typeof value === 'string' ? (/\.(\d+)$/.exec(value.trim())?.[1].length ?? 0) : 0;
  return decimals > 0 ? `#,##0.${'0'.repeat(Math.min(decimals, 30))}` : '#,##0';
}

// ——— the stock JeecgBoot screens' own calls (issue 36) ———

const stockItem = (c: ReportColumn, id?: string): StockReportItem => ({
  ...(id ? { id } : {}),
  fieldName: c.fieldName,
  fieldTxt: c.fieldTxt,
  fieldType: c.fieldType,
  isShow: c.isShow ? 1 : 0,
  isSearch: c.isSearch ? 1 : 0,
  searchMode: c.searchMode,
  isOrder: c.isOrder ? 1 : 0,
  dictCode: c.dictCode ?? null,
  fieldWidth: c.fieldWidth ?? null,
  orderNum: c.orderNum,
});

/** GET head/parseSql?sql=&dbKey=: the same check and preview as ours, answered as the stock screen reads it. */
export async function stockParseSql(t: Target, user: SessionUser, query: { sql: string }): Promise<{ fields: StockReportItem[]; params: ReportParam[] }> {
  const parsed = await parseSql(t, user, { cgrSql: query.sql, params: [] });
  return { fields: parsed.columns.map((c) => stockItem(c)), params: parsed.params };
}

/** GET item/listByHeadId / param/listByHeadId: a report's items and parameters for the stock edit form. */
export async function itemsOf(db: Db, headId: string): Promise<StockReportItem[]> {
  const { head } = await load(db, { id: headId });
  const { items } = await detailsOf(db, [head.id]);
  return items.map((i) => stockItem(columnOf(i), i.id));
}
export async function paramsOf(db: Db, headId: string): Promise<ReportParam[]> {
  return (await load(db, { id: headId })).params;
}

/** GET api/getParamsInfo/{id}: the report's `${…}` parameters, for whoever may run it. */
export async function paramsInfo(db: Db, user: SessionUser, key: string): Promise<ReportParam[]> {
  const { head, params } = await load(db, { key });
  await assertMayRun(db, user, head);
  return params;
}

/** GET api/getColumnsAndData/{id}: the stock report screen's columns and a page of rows, run as getData runs. */
export async function columnsAndData(deps: AppDeps, user: SessionUser, key: string, query: ReportDataQuery): Promise<ColumnsAndData> {
  const { report, plain, source } = await reportSource(deps.db, user, key, query);
  const data = await pageRows({ db: deps.db, config: deps.config, dbSource: report.head.dbSource }, source, report.columns, query, { plain });
  return { columns: shownColumns(report.columns), dictOptions: await dictOptionsOf(deps, report.columns), cgreportHeadName: report.head.name, data, fieldHrefSlots: [] };
}

/** GET /sys/dataSource/options: the 多数据源 sources a report can run on (PostgreSQL), code and name. */
export async function dataSourceOptions(db: Db): Promise<{ value: string; label: string; text: string }[]> {
  const sources = await db
    .select({ code: sysDataSource.code, name: sysDataSource.name })
    .from(sysDataSource)
    .where(eq(sysDataSource.dbType, DataSourceType.postgresql))
    .orderBy(asc(sysDataSource.name));
  return sources.map((s) => ({ value: s.code, label: s.name, text: s.name }));
}

// ——— the online-form list component over a registered table ———

async function registered(db: Db, user: SessionUser, code: string): Promise<RegisteredForm> {
  const form = formOf(code);
  if (!form) throw new BizError(ReportMsg.formNotFound);
  if (await hasRole(db, user.id, 'admin', user.accessVersion)) return form;
  if (form.access === 'staff' && (await isStaff(db, user.id, user.accessVersion))) return form;
  if (form.access === 'all') return form;
  throw new BizError(ReportMsg.noAccess);
}

const formSource = (form: RegisteredForm) => sql.raw(`select ${form.columns.map((c) => `"${c.fieldName}"`).join(', ')} from public."${form.table}"`);

export async function cgformColumns(deps: AppDeps, user: SessionUser, code: string): Promise<CgformColumns> {
  const form = await registered(deps.db, user, code);
  return { code: form.code, name: form.name, columns: shownColumns(form.columns), dictOptions: await dictOptionsOf(deps, form.columns), queryInfo: searchItems(form.columns) };
}

export async function cgformData(db: Db, user: SessionUser, code: string, query: ReportDataQuery): Promise<ReportRows> {
  const form = await registered(db, user, code);
  return pageRows({ db }, formSource(form), form.columns, query, { fallbackSort: form.defaultSort, plain: true });
}

