import type { Db } from '../../../platform/db/client.ts';
import { seedMenuScreens, type MenuScreen } from '../../../seed/buttons.ts';
import { CategoryPerm } from '../category/category.routes.ts';
import { CheckRulePerm } from '../check-rule/check-rule.routes.ts';
import { DictPerm } from './dict.routes.ts';

/** The 系统管理 section seeded by the identity issue; these screens join it after its own seven. */
export const SYSTEM_MENU_ID = 'menu:isystem';
const FIRST_SORT_NO = 8;

const screens: MenuScreen[] = [
  {
    key: 'dict',
    name: '数据字典',
    url: '/isystem/dict',
    component: 'system/DictList',
    icon: 'book',
    codes: [DictPerm.list, DictPerm.add, DictPerm.edit, DictPerm.delete, DictPerm.recycle, DictPerm.deletePhysic, DictPerm.itemList, DictPerm.itemAdd, DictPerm.itemEdit, DictPerm.itemDelete],
  },
  { key: 'category', name: '分类字典', url: '/isystem/category', component: 'system/SysCategoryList', icon: 'tags', codes: Object.values(CategoryPerm) },
  { key: 'checkRule', name: '校验规则', url: '/isystem/checkRule', component: 'system/SysCheckRuleList', icon: 'safety-certificate', codes: Object.values(CheckRulePerm) },
  {
    key: 'tableDict',
    name: '表字典登记',
    url: '/isystem/tableDict',
    component: 'system/SysTableDictList',
    icon: 'table',
    codes: [DictPerm.tableList, DictPerm.tableAdd, DictPerm.tableEdit, DictPerm.tableDelete],
  },
];

/**
 * Menu rows of the dictionary, category, check-rule and table-dictionary screens under
 * 系统管理, granted to the administrator; their button rows (seeded parentless) move under them.
 */
export async function seedDictMenu(db: Db): Promise<void> {
  // 填值规则 (10) seeds its own screen between 分类字典 and 校验规则
  await seedMenuScreens(db, SYSTEM_MENU_ID, screens.slice(0, 2), FIRST_SORT_NO);
  await seedMenuScreens(db, SYSTEM_MENU_ID, screens.slice(2), FIRST_SORT_NO + 3);
}
