import { sql, type SQL } from 'drizzle-orm';
import type { TableDictSource } from '@sbwq/contracts';
import { DictMsg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';

/**
 * The server-side allow-list behind table dictionaries: which tables an admin may register, which of
 * their columns may be read as text or code, and which fixed filters may be attached. Registrations in
 * sys_table_dict are checked against it on save and again on every use; identifiers reach SQL only through
 * `sql.identifier` after that check. A filter is a key into this list, never SQL from a request or a row.
 */
export type TableDictFilter = { label: string; where: SQL };
export type TableDictSourceSpec = { label: string; columns: readonly string[]; filters?: Record<string, TableDictFilter> };

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
/** Credential-like columns are never selectable, whatever a registration says. */
export const CREDENTIAL_COLUMN = /(password|passwd|pwd|salt|secret|token|credential|private_key)/i;
/** Tables no registration may name: sessions, captchas, sign-in attempts, bookkeeping. */
const NEVER_TABLES = new Set(['sys_session', 'sys_captcha', 'sys_login_attempt', 'sys_seed', 'sys_fill_rule_seq', 'sys_table_dict']);
const NEVER_PREFIX = /^(pg_|sql_|information_schema)/;

const id = (name: string) => sql.identifier(name);

const sources = new Map<string, TableDictSourceSpec>([
  [
    'sys_user',
    {
      label: '用户',
      columns: ['id', 'username', 'realname', 'work_no'],
      filters: {
        not_deleted: { label: '未删除的用户', where: sql`${id('del_flag')} = 0` },
        active: { label: '未删除且状态正常的用户', where: sql`${id('del_flag')} = 0 and ${id('status')} = 1` },
      },
    },
  ],
  [
    'sys_depart',
    {
      label: '部门',
      columns: ['id', 'depart_name', 'org_code'],
      filters: {
        not_deleted: { label: '未删除的部门', where: sql`${id('del_flag')} = '0'` },
        enabled: { label: '未删除且启用的部门', where: sql`${id('del_flag')} = '0' and ${id('status')} = '1'` },
      },
    },
  ],
  ['sys_role', { label: '角色', columns: ['id', 'role_name', 'role_code'] }],
  [
    'sys_dict',
    { label: '数据字典', columns: ['id', 'dict_name', 'dict_code'], filters: { not_deleted: { label: '未删除的字典', where: sql`${id('del_flag')} = 0` } } },
  ],
  [
    'sys_category',
    {
      label: '分类字典',
      columns: ['id', 'name', 'code'],
      filters: { roots: { label: '仅顶级分类', where: sql`${id('pid')} = '0'` } },
    },
  ],
  ['sys_tenant', { label: '租户', columns: ['id', 'name'], filters: { enabled: { label: '正常状态的租户', where: sql`${id('status')} = 1` } } }],
]);

function assertSafeSource(table: string, spec: TableDictSourceSpec) {
  if (!IDENTIFIER.test(table) || NEVER_TABLES.has(table) || NEVER_PREFIX.test(table)) throw new Error(`table ${table} cannot be a table-dictionary source`);
  for (const column of spec.columns) {
    if (!IDENTIFIER.test(column) || CREDENTIAL_COLUMN.test(column)) throw new Error(`column ${table}.${column} cannot be selectable`);
  }
}
for (const [table, spec] of sources) assertSafeSource(table, spec);

/**
 * Business modules add their own tables at start-up (e.g. the agency list as `rights_agency,name,id`);
 * the same rules apply: plain identifiers, no credential columns, no system bookkeeping tables.
 */
export function registerTableDictSource(table: string, spec: TableDictSourceSpec): void {
  assertSafeSource(table, spec);
  sources.set(table, spec);
}

export function tableDictSources(): TableDictSource[] {
  return [...sources].map(([table, spec]) => ({
    table,
    columns: [...spec.columns],
    filters: Object.entries(spec.filters ?? {}).map(([key, f]) => ({ key, label: f.label })),
  }));
}

export const tableDictCode = (table: string, text: string, code: string) => `${table},${text},${code}`;

export type ResolvedTableDict = { table: string; text: string; code: string; filter: SQL | undefined };

/** Checks a registration against the allow-list; the answer carries the only identifiers SQL may use. */
export function checkTableDict(entry: { tableName: string; textField: string; codeField: string; filterKey?: string | null }): ResolvedTableDict {
  const spec = sources.get(entry.tableName);
  if (!spec) throw new BizError(DictMsg.tableDictTableNotAllowed);
  for (const column of [entry.textField, entry.codeField]) {
    if (!spec.columns.includes(column) || CREDENTIAL_COLUMN.test(column)) throw new BizError(DictMsg.tableDictColumnNotAllowed);
  }
  let filter: SQL | undefined;
  if (entry.filterKey) {
    const found = spec.filters && Object.hasOwn(spec.filters, entry.filterKey) ? spec.filters[entry.filterKey] : undefined;
    if (!found) throw new BizError(DictMsg.tableDictFilterNotAllowed);
    filter = found.where;
  }
  return { table: entry.tableName, text: entry.textField, code: entry.codeField, filter };
}

/**
 * The tables JTreeSelect may walk through `/sys/dict/loadTreeData`, beside their table-dictionary
 * registration: the column holding the parent, the one saying a node has children, the columns a
 * `condition` may compare (by bound value), and the rows never shown.
 */
export type TreeDictSpec = { pidField: string; hasChildField?: string; conditionColumns: readonly string[]; always?: SQL };

const treeSources = new Map<string, TreeDictSpec>([
  ['sys_category', { pidField: 'pid', hasChildField: 'has_child', conditionColumns: ['code', 'name'] }],
  ['sys_depart', { pidField: 'parent_id', conditionColumns: ['org_category', 'org_type', 'status'], always: sql`${id('del_flag')} = '0'` }],
]);

export function treeDictSpec(table: string): TreeDictSpec | undefined {
  return treeSources.get(table);
}
