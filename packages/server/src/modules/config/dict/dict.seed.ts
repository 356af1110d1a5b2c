import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysTableDict } from './dict.table.ts';
import { checkTableDict, tableDictCode } from './table-dict.registry.ts';

/** The table dictionaries the system used before the registry became a table, plus the category ones. */
const tableDicts: { table: string; text: string; code: string; filterKey?: string; description: string }[] = [
  { table: 'sys_user', text: 'realname', code: 'username', filterKey: 'not_deleted', description: '用户（账号 → 姓名）' },
  { table: 'sys_user', text: 'realname', code: 'id', filterKey: 'not_deleted', description: '用户（id → 姓名）' },
  { table: 'sys_depart', text: 'depart_name', code: 'id', filterKey: 'not_deleted', description: '部门（id → 名称）' },
  { table: 'sys_depart', text: 'depart_name', code: 'org_code', filterKey: 'not_deleted', description: '部门（机构编码 → 名称）' },
  { table: 'sys_role', text: 'role_name', code: 'id', description: '角色（id → 名称）' },
  { table: 'sys_role', text: 'role_name', code: 'role_code', description: '角色（编码 → 名称）' },
  { table: 'sys_category', text: 'name', code: 'id', description: '分类字典（id → 名称）' },
  { table: 'sys_category', text: 'name', code: 'code', description: '分类字典（编码 → 名称）' },
];

export async function seedTableDicts(db: Db): Promise<void> {
  for (const t of tableDicts) {
    checkTableDict({ tableName: t.table, textField: t.text, codeField: t.code, filterKey: t.filterKey });
    await db
      .insert(sysTableDict)
      .values({
        id: newId(),
        code: tableDictCode(t.table, t.text, t.code),
        tableName: t.table,
        textField: t.text,
        codeField: t.code,
        filterKey: t.filterKey ?? null,
        description: t.description,
        enabled: 1,
        createBy: 'system',
      })
      .onConflictDoNothing();
  }
}
