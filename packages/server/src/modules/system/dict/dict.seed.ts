import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { CategoryPerm } from '../category/category.routes.ts';
import { CheckRulePerm } from '../check-rule/check-rule.routes.ts';
import { DictPerm } from './dict.routes.ts';
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

/** Button-permission names of the dictionary, category, fill-rule and check-rule calls. */
const buttons: [code: string, name: string][] = [
  [DictPerm.list, '数据字典-查询'],
  [DictPerm.add, '数据字典-添加'],
  [DictPerm.edit, '数据字典-编辑'],
  [DictPerm.delete, '数据字典-删除'],
  [DictPerm.recycle, '数据字典-回收站'],
  [DictPerm.deletePhysic, '数据字典-彻底删除'],
  [DictPerm.itemList, '字典项-查询'],
  [DictPerm.itemAdd, '字典项-添加'],
  [DictPerm.itemEdit, '字典项-编辑'],
  [DictPerm.itemDelete, '字典项-删除'],
  [DictPerm.tableList, '表字典登记-查询'],
  [DictPerm.tableAdd, '表字典登记-添加'],
  [DictPerm.tableEdit, '表字典登记-编辑'],
  [DictPerm.tableDelete, '表字典登记-删除'],
  [CategoryPerm.list, '分类字典-查询'],
  [CategoryPerm.add, '分类字典-添加'],
  [CategoryPerm.edit, '分类字典-编辑'],
  [CategoryPerm.delete, '分类字典-删除'],
  [CheckRulePerm.list, '校验规则-查询'],
  [CheckRulePerm.add, '校验规则-添加'],
  [CheckRulePerm.edit, '校验规则-编辑'],
  [CheckRulePerm.delete, '校验规则-删除'],
];

export const systemDataButtons = buttons.map(([code, name]) => ({ code, name }));
