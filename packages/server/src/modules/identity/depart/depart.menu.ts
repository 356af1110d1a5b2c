import { DepartPerm } from '@sbwq/contracts';
import { buttonsOf, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** The department tree is every signed-in user's to read, so 部门管理 has no 查询 code. */
export const departMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 4, key: 'depart', name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', icon: 'cluster' },
  buttonsOf(DepartPerm, '部门', { add: '添加', edit: '编辑', delete: '删除', grant: '权限', role: '角色', user: '用户', ...EXCEL_VERBS }),
  2,
);
