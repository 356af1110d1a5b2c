import { sql, type SQL } from 'drizzle-orm';
import type { QueryInfoItem, ReportColumn, ReportDataQuery, ReportFieldType } from '@sbwq/contracts';
import { ReportMsg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike } from '../../../platform/list/list-query.ts';

// A report's search form and sorting: the items the form shows, and the values it sends checked against
// their column's type and turned into conditions on the wrapped result (report-data.service.ts pageRows).

export function searchItems(columns: ReportColumn[]): QueryInfoItem[] {
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
  return (
    y >= 1 &&
    mo >= 1 &&
    mo <= 12 &&
    at.getUTCMonth() === mo - 1 &&
    at.getUTCDate() === d &&
    (mo !== 2 || d !== 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)))
  );
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
export function conditions(columns: ReportColumn[], query: Record<string, unknown>): SQL[] {
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

export function orderOf(columns: ReportColumn[], query: ReportDataQuery, fallback?: string): SQL {
  const field = query.column;
  if (field) {
    const c = columns.find((x) => x.fieldName === field);
    if (!c || !c.isOrder) throw new BizError(`不能按字段 ${field} 排序`);
    return sql.raw(`order by rpt."${c.fieldName}" ${query.order === 'asc' ? 'asc' : 'desc'} nulls last`);
  }
  return fallback ? sql.raw(`order by rpt."${fallback}" asc`) : sql.raw('');
}
