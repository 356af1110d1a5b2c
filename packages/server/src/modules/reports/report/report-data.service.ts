import { sql, type SQL } from 'drizzle-orm';
import type { CgformColumns, ColumnsAndData, QueryInfoItem, ReportColumn, ReportDataQuery, ReportParam, ReportRows, RpColumns } from '@sbwq/contracts';
import { NUMBER_REPORT_TYPES, reportMenuUrl, ReportMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { hasRole } from '../../../platform/access/access.ts';
import { isStaff } from '../../core/org/org-context.ts';
import { toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile } from '../../../platform/resource/resource-routes.ts';
import type { KeySource } from '../../operations/datasource/datasource.secret.ts';
import { prepareReportSql } from './report-sql.ts';
import { bound, plainRows, run, sqlTarget, valuesFor, type Target } from './report-exec.ts';
import { conditions, orderOf, searchItems } from './report-search.ts';
import { formOf, type RegisteredForm } from './report-forms.ts';
import { load, type Head } from './report.service.ts';

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
         where p.del_flag = 0 and coalesce(p.status, '1') = '1' and p.url in (${sql.join(
           urls.map((u) => sql`${u}`),
           sql`, `,
         )})
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

/**
 * A page of the report's rows and their total. A `plain` report (rows as they are, see CheckedSql) is paged
 * as it stands — a page of 10 reads about 10 rows — and counted apart, only when the page does not tell
 * the total; any other (a summary, a union) is computed whole anyway, so its page carries the total
 * (`count(*) over ()`) in the same pass.
 */
async function pageRows(
  t: Target,
  source: SQL,
  columns: ReportColumn[],
  query: ReportDataQuery,
  opts: { all?: boolean; fallbackSort?: string; plain?: boolean } = {},
): Promise<ReportRows> {
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
  const checked = await prepareReportSql(
    report.head.cgrSql,
    report.params.map((p) => p.paramName),
    sqlTarget({ db, dbSource: report.head.dbSource }),
  );
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
  return {
    columns: shownColumns(report.columns),
    dictOptions: await dictOptionsOf(deps, report.columns),
    cgreportHeadName: report.head.name,
    data,
    fieldHrefSlots: [],
  };
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
  return {
    code: form.code,
    name: form.name,
    columns: shownColumns(form.columns),
    dictOptions: await dictOptionsOf(deps, form.columns),
    queryInfo: searchItems(form.columns),
  };
}

export async function cgformData(db: Db, user: SessionUser, code: string, query: ReportDataQuery): Promise<ReportRows> {
  const form = await registered(db, user, code);
  return pageRows({ db }, formSource(form), form.columns, query, { fallbackSort: form.defaultSort, plain: true });
}
