import { sql } from 'drizzle-orm';
import { CheckMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { CREDENTIAL_COLUMN } from '../dict/table-dict.registry.ts';

/**
 * /sys/duplicate/check reads only the (table, field) pairs listed here: unique-checkable columns of the
 * system tables. Soft-deleted rows count as existing (their value still occupies the unique index). The
 * identifiers come from this list; the value and the excluded id are bound parameters.
 */
const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const checkable = new Map<string, Set<string>>([
  ['sys_user', new Set(['username', 'phone', 'email', 'work_no'])],
  ['sys_role', new Set(['role_code'])],
  ['sys_dict', new Set(['dict_code'])],
  ['sys_depart', new Set(['org_code'])],
  ['sys_category', new Set(['code'])],
  ['sys_fill_rule', new Set(['rule_code'])],
  ['sys_check_rule', new Set(['rule_code'])],
  // the stock client's 职务管理, Online报表 and 多数据源 forms check their codes before saving
  ['sys_position', new Set(['code'])],
  ['onl_cgreport_head', new Set(['code'])],
  ['sys_data_source', new Set(['code'])],
  // issue 36: the stock 消息模板 form checks its 模板CODE
  ['sys_sms_template', new Set(['template_code'])],
  // issue 36: the stock 菜单管理 form checks 授权标识, the stock 部门角色 form its role code (across departments, as stock)
  ['sys_permission', new Set(['perms'])],
  ['sys_depart_role', new Set(['role_code'])],
]);

/** Business modules list their own unique columns at start-up (e.g. `rights_agency`, `credit_code`). */
export function registerDuplicateCheck(table: string, fields: string[]): void {
  if (!IDENTIFIER.test(table) || /^(pg_|sql_)/.test(table)) throw new Error(`table ${table} cannot be duplicate-checked`);
  for (const f of fields) {
    if (!IDENTIFIER.test(f) || CREDENTIAL_COLUMN.test(f)) throw new Error(`column ${table}.${f} cannot be duplicate-checked`);
  }
  checkable.set(table, new Set([...(checkable.get(table) ?? []), ...fields]));
}

/** `workNo` and `work_no` both name the column, as JeecgBoot clients send either. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function checkDuplicate(db: Db, q: { tableName: string; fieldName: string; fieldVal: string; dataId?: string }): Promise<string> {
  const table = q.tableName;
  const field = snake(q.fieldName);
  const fields = checkable.get(table);
  if (!fields || !fields.has(field)) throw new BizError(CheckMsg.notCheckable);
  if (q.fieldVal === '') return CheckMsg.valueAvailable;
  const exclude = q.dataId ? sql` and ${sql.identifier('id')}::text <> ${q.dataId}` : sql``;
  const found = await rows<{ n: number }>(
    db,
    sql`select 1 as n from ${sql.identifier(table)} where ${sql.identifier(field)}::text = ${q.fieldVal}${exclude} limit 1`,
  );
  if (found.length > 0) throw new BizError(CheckMsg.valueTaken);
  return CheckMsg.valueAvailable;
}
