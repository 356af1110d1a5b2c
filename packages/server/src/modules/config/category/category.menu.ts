import { CategoryPerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const categoryMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 9, key: 'category', name: '分类字典', url: '/isystem/category', component: 'system/SysCategoryList', icon: 'tags' },
  buttonsOf(CategoryPerm, '分类字典', { ...CRUD_VERBS, ...EXCEL_VERBS }),
  2,
);
