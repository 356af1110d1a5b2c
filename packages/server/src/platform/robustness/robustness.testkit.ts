import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { RoleId, type TestApp } from '../../test/harness.ts';
import { sysPermission } from '../../modules/identity/permission/permission.table.ts';
import { sysRole, sysRolePermission } from '../../modules/identity/role/role.table.ts';
import { newId } from '../db/ids.ts';

/**
 * The hostile inputs of the route walk, derived from each route's own zod schemas, so a
 * route registered later is probed the moment it exists. Nothing here knows a route by name.
 */

/** A user with the admin role and a role granted every permission the menus define (no route refuses it). */
export async function createAllPermissionUser(t: TestApp, username: string, password: string): Promise<string> {
  const db = t.database.db;
  const roleId = newId();
  await db.insert(sysRole).values({ id: roleId, roleName: `${username} 全部权限`, roleCode: `${username}_all` });
  const every = await db.select({ id: sysPermission.id }).from(sysPermission);
  await db.insert(sysRolePermission).values(every.map((p) => ({ id: newId(), roleId, permissionId: p.id })));
  return t.createUser({ username, password, roleIds: [RoleId.admin, roleId] });
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  items?: JsonSchema;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/** The request-side JSON Schema of a zod schema, or null when the route has none (or it is not zod). */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

function firstOf(s: JsonSchema): JsonSchema {
  const options = s.anyOf ?? s.oneOf;
  if (!options?.length) return s;
  return firstOf(options.find((o) => o.type !== 'null') ?? options[0]);
}

/** A plausible value for a field, so that the other fields of a probe pass validation and the bad one reaches deeper. */
function plausible(s: JsonSchema): unknown {
  const one = firstOf(s);
  if (one.const !== undefined) return one.const;
  if (one.enum?.length) return one.enum[0];
  if (one.default !== undefined) return one.default;
  const type = Array.isArray(one.type) ? one.type[0] : one.type;
  switch (type) {
    case 'string':
      return 'x'.repeat(Math.max(one.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(one.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(one.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return 'x';
  }
}

/** The fields a part (query, body) of a request declares, with plausible values. */
export function baselineOf(s: JsonSchema | null): Record<string, unknown> {
  const props = s ? firstOf(s).properties : undefined;
  return props ? Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v)])) : {};
}

const LONG = 'x'.repeat(100_000);
const SQL_META = "' or '1'='1'; drop table sys_user; --";
const PATH_META = '../../../../etc/passwd';

/** Values each query field is set to in turn: control characters, length, SQL and path metacharacters, bad numbers. */
export const BAD_QUERY_VALUES: (string | string[])[] = ['a\u0000b', LONG, SQL_META, PATH_META, '%zz%', '2147483648', '-1', '1.5', '1e308', '', ['1', '2']];

/** The same for JSON body fields, with the wrong JSON types as well. */
export const BAD_BODY_VALUES: unknown[] = ['a\u0000b', LONG, SQL_META, PATH_META, 2147483648, -1, 1.5, 1e308, true, null, { nested: 'a\u0000b' }, ['a', 'b']];

/** Whether a route's query takes list parameters: paging fields, or any name (a record / loose object). */
export function takesListQuery(s: JsonSchema | null): boolean {
  if (!s) return false;
  const one = firstOf(s);
  return one.additionalProperties !== undefined && one.additionalProperties !== false ? true : Boolean(one.properties?.pageNo || one.properties?.column);
}

/** Whole-query probes of list routes: paging beyond limits, sort-column injection, filters every list may carry. */
export const QUERY_PROBES: Record<string, string | string[]>[] = [
  { pageNo: '-1', pageSize: '0' },
  { pageNo: '1000000000', pageSize: '1000000000' },
  { pageSize: '1e9' },
  { column: 'id;drop table x', order: 'desc' },
  { column: 'createTime', order: 'asc; select pg_sleep(10) --' },
  { column: '__proto__', order: 'desc' },
  { id: '2147483648', status: '1.5', sortNo: '99999999999999999999' },
  { id: ',%,_,', status: '>= 1e308', createTime_begin: '2026-13-45', createTime_end: '9999-99-99 99:99:99' },
  { delFlag: '!x', name: '*%_\\*', username: '*\\*', tenantId: '2147483648', orgCode: ',,', superQueryParams: '%zz' },
];

/** The query probe every route gets: names no schema declares. */
export const UNKNOWN_QUERY = { unknownField: 'x', ['__proto__']: 'x', 'constructor[prototype]': 'x' };

/** Values put in place of each path parameter (already URL-encoded, as a client would send them). */
export const BAD_PATH_VALUES = ['100%25zz', '..%2F..%2Fetc%2Fpasswd', 'a..%5C..%5Cb', 'a%00b', '2147483648', '-1', 'x'.repeat(5000), '%25E0%25A4%25A'];

type RawBody = { payload: string | Buffer; contentType: string };

const boundary = '----sbwqprobe';
/** Whole-body probes: bad JSON, other content types, hostile shapes, broken multipart. */
export const BODY_PROBES: RawBody[] = [
  ...['{"a":', '', 'null', '[]', '"x"', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', `${'['.repeat(5000)}${']'.repeat(5000)}`].map(
    (payload) => ({ payload, contentType: 'application/json' }),
  ),
  { payload: 'username=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: '<x/>', contentType: 'application/xml' },
  { payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n'), contentType: 'multipart/form-data' },
  {
    payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  },
  {
    payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.xlsx"\r\n\r\nPK\x03\x04\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  },
  {
    payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n../../x\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  },
];

/** Header probes: a hostile tenant header and token (both reach the access check), and malformed token cookies. */
export const HEADER_PROBES: Record<string, string>[] = [
  { tenant_id: '2147483648' },
  { 'x-access-token': "' or 1=1 --" },
  { 'x-access-token': '', cookie: 'sbwq_static=%zz; sbwq_doc_token=%E0%A4%A' },
];

/** What no answer may carry: a stack frame, or the database's or the runtime's own error text. */
const LEAKS = [
  /\bat .+\.(?:ts|js|mjs|cjs):\d+/,
  /syntax error|relation .* does not exist|column .* does not exist|violates|duplicate key|invalid input syntax|invalid byte sequence|out of range for type|value too long/i,
  /URIError|TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|undefined is not|\[object Object\]/,
];

export function leakIn(text: string): string | null {
  for (const pattern of LEAKS) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return null;
}

export function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

/** The route's URL with each `:param` and `*` replaced by `value` (or a harmless one). */
export function urlWith(route: RouteOptions, value = 'x'): string {
  return route.url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
}

export const hasPathParams = (route: RouteOptions) => /:[A-Za-z0-9_]+|\*$/.test(route.url);
export const takesBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/** Query string from an object, repeating array values; values are encoded exactly once. */
export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null || typeof item === 'object') continue;
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
