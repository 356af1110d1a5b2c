import { asc, eq, inArray, or } from 'drizzle-orm';
import type {
  Page,
  ParsedSql,
  ReportAddBody,
  ReportColumn,
  ReportEditBody,
  ReportFieldType,
  ReportParam,
  ReportRecord,
  StockItemInput,
  StockReportItem,
} from '@sbwq/contracts';
import { DataSourceType, REPORT_SEARCH_MODES, ReportMsg, SORTABLE_REPORT_TYPES } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from './report.table.ts';
import { bindPlaceholders } from './report-placeholders.ts';
import { describe, plainRows, TYPE_OF, type Target } from './report-exec.ts';
import { sysDataSource } from '../../operations/datasource/datasource.table.ts';
import { DataTable, SYSTEM_CHANGER, withVersions, type VersionReader } from '../../core/datalog/datalog.service.ts';

// The report configurations (报表配置): list, load, 解析SQL, save with its check, delete, and the stock
// edit screen's reads. Running a report is report-data.service.ts, 添加到菜单 report-menu.service.ts.

export type Head = typeof onlCgreportHead.$inferSelect;
type Item = typeof onlCgreportItem.$inferSelect;
type ParamRow = typeof onlCgreportParam.$inferSelect;

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

export async function listReports({ db }: ResourceCtx, params: ListParams): Promise<Page<ReportRecord>> {
  const page = await pageOf<Head>(db, reportWhitelist, params, { tieBreak: onlCgreportHead.id });
  const { items, params: ps } = await detailsOf(
    db,
    page.records.map((h) => h.id),
  );
  return { ...page, records: page.records.map((h) => recordOf(h, items, ps)) };
}

type Loaded = { head: Head; columns: ReportColumn[]; params: ReportParam[] };

/**
 * A report by id, by code, or (`key`) by either: the stock screens open `/online/cgreport/<id>` (功能测试,
 * its menu rows), ours `/online/cgreport/<code>`, and both call the api with what the address holds.
 * An id match wins over a code match.
 */
export async function load(db: Db, by: { id: string } | { code: string } | { key: string }): Promise<Loaded> {
  const where =
    'id' in by
      ? eq(onlCgreportHead.id, by.id)
      : 'code' in by
        ? eq(onlCgreportHead.code, by.code)
        : or(eq(onlCgreportHead.id, by.key), eq(onlCgreportHead.code, by.key));
  const found = await db.select().from(onlCgreportHead).where(where).limit(2);
  const head = 'key' in by ? (found.find((h) => h.id === by.key) ?? found[0]) : found[0];
  if (!head) throw new BizError(ReportMsg.notFound);
  const { items, params } = await detailsOf(db, [head.id]);
  return { head, columns: items.map(columnOf), params: params.map(paramOf) };
}

export async function reportById({ db }: ResourceCtx, id: string): Promise<ReportRecord> {
  const { head } = await load(db, { id });
  const { items, params } = await detailsOf(db, [head.id]);
  return recordOf(head, items, params);
}

/** "解析SQL": the columns and parameters the SQL has, and its first 10 rows (a preview). */
export async function parseSql(t: Target, user: SessionUser, body: { cgrSql: string; params: ReportParam[] }): Promise<ParsedSql> {
  const names = [
    ...new Set(
      bindPlaceholders(body.cgrSql)
        .markers.filter((m) => m.startsWith('$'))
        .map((m) => m.slice(1)),
    ),
  ];
  const params = names.map((name, i) => body.params.find((p) => p.paramName === name) ?? { paramName: name, paramTxt: name, paramValue: '', orderNum: i });
  const { result } = await describe(t, user, body.cgrSql, params, 10);
  const seen = new Set<string>();
  const columns = result.fields.map((f, i): ReportColumn => {
    if (seen.has(f.name)) throw new BizError(ReportMsg.columnDuplicate(f.name));
    seen.add(f.name);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(f.name)) throw new BizError(`${ReportMsg.columnName}：${f.name}（请在 SQL 中用 as 起英文别名）`);
    const fieldType = TYPE_OF[f.dataTypeID] ?? 'String';
    // numbers and dates come ticked 排序 (unticked they do not sort), text columns not
    return {
      fieldName: f.name,
      fieldTxt: f.name,
      fieldType,
      isShow: true,
      isSearch: false,
      searchMode: 'single',
      isOrder: SORTABLE_REPORT_TYPES.includes(fieldType),
      dictCode: null,
      fieldWidth: null,
      orderNum: i,
    };
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
    await db.insert(onlCgreportItem).values(
      body.columns.map((c, i) => ({
        id: newId(),
        cgrheadId: headId,
        ...c,
        dictCode: c.dictCode?.trim() || null,
        fieldWidth: c.fieldWidth ?? null,
        orderNum: i,
        ...created(user),
      })),
    );
  }
  if (body.params.length > 0) {
    await db
      .insert(onlCgreportParam)
      .values(body.params.map((p, i) => ({ id: newId(), cgrheadId: headId, ...p, paramValue: p.paramValue ?? null, orderNum: i, ...created(user) })));
  }
}

type Detail = { id: string; cgrheadId: string; createBy: string | null; createTime: Date | null; updateBy: string | null; updateTime: Date | null };
// A field or parameter by its content: every save writes them anew, under new ids.
const detailContent = <T extends Detail>({ id: _id, cgrheadId: _head, createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...content }: T) =>
  content;

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
const withStockItems = <T extends Pick<ReportAddBody, 'columns' | 'items'>>(body: T): T =>
  body.columns.length === 0 && body.items ? { ...body, columns: body.items.map(columnOfStock) } : body;

export async function addReport({ db, deps: { config }, user }: ResourceCtx, sent: ReportAddBody): Promise<string> {
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

export async function editReport({ db, deps: { config }, user }: ResourceCtx, sent: ReportEditBody): Promise<void> {
  const body = withStockItems(sent);
  const [row] = await db.select({ id: onlCgreportHead.id, access: onlCgreportHead.access }).from(onlCgreportHead).where(eq(onlCgreportHead.id, body.id));
  if (!row) throw new BizError(ReportMsg.notFound);
  const kept = { ...body, access: body.access ?? (row.access as ReportAddBody['access']) };
  await checkedBody({ db, config }, user, kept);
  try {
    await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.report, [body.id], readReportVersions, async (tx) => {
      await tx
        .update(onlCgreportHead)
        .set({ code: body.code, ...headValues(kept), ...updated(user) })
        .where(eq(onlCgreportHead.id, body.id));
      await writeDetails(tx, user, body.id, kept);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(ReportMsg.codeTaken);
    throw error;
  }
}

export async function deleteReports({ db, user }: ResourceCtx, ids: string[]): Promise<void> {
  await withVersions(db, user, DataTable.report, ids, readReportVersions, async (tx) => {
    const done = await tx.delete(onlCgreportHead).where(inArray(onlCgreportHead.id, ids)).returning({ id: onlCgreportHead.id });
    if (done.length === 0) throw new BizError(ReportMsg.notFound);
    await tx.delete(onlCgreportItem).where(inArray(onlCgreportItem.cgrheadId, ids));
    await tx.delete(onlCgreportParam).where(inArray(onlCgreportParam.cgrheadId, ids));
  });
}

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

/** GET /sys/dataSource/options: the 多数据源 sources a report can run on (PostgreSQL), code and name. */
export async function dataSourceOptions(db: Db): Promise<{ value: string; label: string; text: string }[]> {
  const sources = await db
    .select({ code: sysDataSource.code, name: sysDataSource.name })
    .from(sysDataSource)
    .where(eq(sysDataSource.dbType, DataSourceType.postgresql))
    .orderBy(asc(sysDataSource.name));
  return sources.map((s) => ({ value: s.code, label: s.name, text: s.name }));
}

export const resource = { list: listReports, byId: reportById, add: addReport, edit: editReport, remove: deleteReports };
