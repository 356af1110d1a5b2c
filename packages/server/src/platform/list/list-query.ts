import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '@sbwq/contracts';
import { DEFAULT_PAGE_SIZE } from '@sbwq/contracts';
import type { Db } from '../db/client.ts';
import { BizError } from '../http/envelope.ts';
import { dataVersion, underVersion, type DataGroup } from '../db/versioned-cache.ts';

export type FieldType = 'string' | 'number' | 'date' | 'datetime';

export type FieldSpec = { column: PgColumn; type: FieldType; filter?: boolean; sort?: boolean };

/**
 * A resource's whitelist: the only fields a request may filter or sort on, keyed by the camelCase
 * property name the client sends. Column identifiers come from here, never from the request.
 */
export type ListResource = {
  table: PgTable;
  fields: Record<string, FieldSpec>;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /**
   * The data group whose triggers cover every table this list's filters read: its totals are then
   * counted once per query and parameters until one of those tables changes (versioned-cache.ts).
   * Counting 100,000 rows costs more than the page itself; paging through one filter counts once.
   */
  countVersion?: DataGroup;
};

/** A field in short: its type, or its type and what it may not be used for. */
export type FieldShort = FieldType | readonly [FieldType, { filter?: false; sort?: false }];

type ColumnKeys<T> = { [K in keyof T]: T[K] extends PgColumn ? K : never }[keyof T] & string;

/**
 * A whitelist's fields from one table, each named as the table's own column property:
 * `fieldsOf(pool, { poolCode: 'string', poolYear: 'number', id: ['string', { sort: false }] })`.
 */
export function fieldsOf<T extends PgTable>(table: T, fields: { [K in ColumnKeys<T>]?: FieldShort }): Record<string, FieldSpec> {
  const columns = table as unknown as Record<string, PgColumn>;
  return Object.fromEntries(
    Object.entries(fields as Record<string, FieldShort>).map(([name, short]) => {
      const [type, limits] = typeof short === 'string' ? [short, {}] : short;
      return [name, { column: columns[name], type, ...limits }];
    }),
  );
}

export const MAX_PAGE_SIZE = 1000;
const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', '_t', 'ids', 'selections', 'superQueryParams', 'superQueryMatchType']);

export type ListParams = Record<string, unknown>;

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The largest magnitude each integer column type holds: a filter beyond it would overflow in PostgreSQL. */
const INTEGER_LIMITS: Record<string, number> = {
  PgSmallInt: 32_767,
  PgSmallSerial: 32_767,
  PgInteger: 2_147_483_647,
  PgSerial: 2_147_483_647,
  PgBigInt53: Number.MAX_SAFE_INTEGER,
  PgBigSerial53: Number.MAX_SAFE_INTEGER,
};

/** Integer column → its limit; any other numeric column → null (decimals allowed). */
function integerLimitOf(column: PgColumn): number | null {
  return INTEGER_LIMITS[column.columnType] ?? null;
}

function convert(spec: FieldSpec, raw: string, name: string, edge?: 'begin' | 'end'): string | number | Date {
  const value = raw.trim();
  if (spec.type === 'number') {
    // The bound comes from the column's own type, as the body schemas' bounds come from theirs.
    const limit = integerLimitOf(spec.column);
    if (limit !== null) {
      if (!/^-?\d{1,16}$/.test(value)) throw new BizError(`查询条件 ${name} 应为整数`, 500, 400);
      const n = Number(value);
      if (Math.abs(n) > limit) throw new BizError(`查询条件 ${name} 超出范围`, 500, 400);
      return n;
    }
    if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(value)) throw new BizError(`查询条件 ${name} 应为数字`, 500, 400);
    return Number(value);
  }
  if (spec.type === 'date' || spec.type === 'datetime') {
    let text = value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) && spec.type === 'datetime') text = `${text} ${edge === 'end' ? '23:59:59' : '00:00:00'}`;
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
    const bad = () => new BizError(`查询条件 ${name} 日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss`, 500, 400);
    if (!match) throw bad();
    const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
    // A well-shaped but impossible date (2026-02-30, 25:00) must not reach the database.
    const calendar = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    if (calendar.getUTCMonth() !== Number(mo) - 1 || calendar.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) throw bad();
    if (spec.type === 'date') return `${y}-${mo}-${d}`;
    // Dates from the client are China time (GMT+8), as JeecgBoot's are.
    return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`);
  }
  return value;
}

/** One JeecgBoot filter value → a condition (JEECG-API §6.1: the first matching form wins). */
function condition(spec: FieldSpec, raw: string, name: string): SQL | undefined {
  const col = spec.column;
  const text = raw;
  if (text.length > 1 && text.startsWith(',') && text.endsWith(',')) {
    const parts = text.split(',').filter((p) => p !== '');
    return or(...parts.map((p) => sql`${col}::text like ${`%${escapeLike(p)}%`}`));
  }
  const op2 = /^(>=|<=|!=) (.*)$/s.exec(text);
  if (op2) {
    const v = convert(spec, op2[2], name);
    return op2[1] === '>=' ? gte(col, v) : op2[1] === '<=' ? lte(col, v) : ne(col, v);
  }
  const op1 = /^([><=]) (.*)$/s.exec(text);
  if (op1) {
    const v = convert(spec, op1[2], name);
    return op1[1] === '>' ? gt(col, v) : op1[1] === '<' ? lt(col, v) : eq(col, v);
  }
  if (spec.type === 'string') {
    if (text.length > 1 && text.startsWith('*') && text.endsWith('*')) return sql`${col} like ${`%${escapeLike(text.slice(1, -1))}%`}`;
    if (text.startsWith('*')) return sql`${col} like ${`%${escapeLike(text.slice(1))}`}`;
    if (text.endsWith('*')) return sql`${col} like ${`${escapeLike(text.slice(0, -1))}%`}`;
  }
  if (text.includes(',')) {
    const parts = text
      .split(',')
      .filter((p) => p !== '')
      .map((p) => convert(spec, p, name));
    return parts.length ? inArray(col, parts) : undefined;
  }
  if (text.startsWith('!')) return ne(col, convert(spec, text.slice(1), name));
  return eq(col, convert(spec, text, name));
}

export const fieldOf = (resource: ListResource, name: string): FieldSpec | undefined =>
  Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;

export type ParsedList = { where: SQL | undefined; orderBy: SQL[]; pageNo: number; pageSize: number };

function intParam(value: unknown, fallback: number, name: string, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new BizError(`${name} 应为正整数`, 500, 400);
  return Math.min(n, max);
}

/** The JeecgBoot list conventions over a whitelist: filters, ranges, sorting and paging. */
export function parseListParams(resource: ListResource, params: ListParams): ParsedList {
  const conditions: SQL[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    if (RESERVED.has(key) || rawValue === undefined || rawValue === null) continue;
    const value = Array.isArray(rawValue) ? String(rawValue[0]) : String(rawValue);
    if (value === '') continue;
    if (value.length > 500) throw new BizError('查询条件过长', 500, 400);
    let name = key;
    let range: 'begin' | 'end' | null = null;
    let multi = false;
    if (key.endsWith('_begin')) [name, range] = [key.slice(0, -6), 'begin'];
    else if (key.endsWith('_end')) [name, range] = [key.slice(0, -4), 'end'];
    else if (key.endsWith('_MultiString')) [name, multi] = [key.slice(0, -12), true];
    // Own properties only: `__proto__` or `constructor` must not find Object's.
    const spec = fieldOf(resource, name);
    // Unknown parameters are ignored, as JeecgBoot does: they never reach SQL.
    if (!spec || spec.filter === false) continue;
    if (range) {
      const v = convert(spec, value, name, range);
      conditions.push(range === 'begin' ? gte(spec.column, v) : lte(spec.column, v));
    } else if (multi) {
      conditions.push(
        inArray(
          spec.column,
          value
            .split(',')
            .filter(Boolean)
            .map((p) => convert(spec, p, name)),
        ),
      );
    } else {
      const c = condition(spec, value, name);
      if (c) conditions.push(c);
    }
  }

  const orderBy: SQL[] = [];
  const column = typeof params.column === 'string' ? params.column.replace(/_dictText$/, '') : '';
  if (column) {
    const spec = fieldOf(resource, column);
    if (!spec || spec.sort === false) throw new BizError(`不支持按 ${column.slice(0, 50)} 排序`, 500, 400);
    const ascending = typeof params.order === 'string' && params.order.toLowerCase().includes('asc');
    orderBy.push(ascending ? asc(spec.column) : desc(spec.column));
  } else if (resource.defaultSort) {
    const spec = resource.fields[resource.defaultSort.field];
    orderBy.push(resource.defaultSort.order === 'asc' ? asc(spec.column) : desc(spec.column));
  }

  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    pageNo: intParam(params.pageNo, 1, 'pageNo', 1_000_000),
    pageSize: intParam(params.pageSize, DEFAULT_PAGE_SIZE, 'pageSize', MAX_PAGE_SIZE),
  };
}

/** Runs a paged list: `extra` carries the service's own scope (tenant, department, soft delete). */
export async function pageOf<T>(
  db: Db,
  resource: ListResource,
  params: ListParams,
  opts: {
    extra?: SQL[];
    tieBreak?: PgColumn;
    /**
     * One condition written two equivalent ways, each the better plan for its query: the count wants
     * every match, the page only the first few in sort order.
     */
    twoWays?: { count: SQL; page: SQL }[];
    /**
     * Find the page's keys (`tieBreak`) first, then read those rows: with an index that covers the sort
     * and the usual filters, finding the keys reads no table rows at all, however many it passes by.
     */
    keysFirst?: boolean;
    /** the order while the caller chose none (a queue: what waits first), in place of the resource's default */
    unsortedOrder?: SQL[];
  } = {},
): Promise<Page<T>> {
  const parsed = parseListParams(resource, params);
  if (opts.unsortedOrder && !(typeof params.column === 'string' && params.column)) parsed.orderBy = opts.unsortedOrder;
  const conditions = (more: SQL[]) => and(...[parsed.where, ...(opts.extra ?? []), ...more].filter((c): c is SQL => Boolean(c)));
  const where = conditions((opts.twoWays ?? []).map((c) => c.count));
  const orderBy = opts.tieBreak ? [...parsed.orderBy, asc(opts.tieBreak)] : parsed.orderBy;
  const pageWhere = conditions((opts.twoWays ?? []).map((c) => c.page));
  const offset = (parsed.pageNo - 1) * parsed.pageSize;
  const key = opts.keysFirst ? opts.tieBreak : undefined;
  const page = (
    key
      ? db
          .select()
          .from(resource.table)
          .where(
            inArray(
              key,
              db
                .select({ key })
                .from(resource.table)
                .where(pageWhere)
                .orderBy(...orderBy)
                .limit(parsed.pageSize)
                .offset(offset),
            ),
          )
          .orderBy(...orderBy)
      : db
          .select()
          .from(resource.table)
          .where(pageWhere)
          .orderBy(...orderBy)
          .limit(parsed.pageSize)
          .offset(offset)
  ) as Promise<T[]>;
  // Count and page are independent: on a PostgreSQL server they run on two connections at once.
  const [total, records] = await Promise.all([countOf(db, resource, where), page]);
  return { records, total, size: parsed.pageSize, current: parsed.pageNo, pages: Math.ceil(total / parsed.pageSize) };
}

async function countOf(db: Db, resource: ListResource, where: SQL | undefined): Promise<number> {
  const query = db.select({ total: count() }).from(resource.table).where(where);
  if (!resource.countVersion) return (await query)[0].total;
  const version = await dataVersion(db, resource.countVersion);
  const { sql: text, params } = query.toSQL();
  return underVersion(db, `count\n${text}\n${JSON.stringify(params)}`, version, async () => (await query)[0].total);
}
