import { PermissionPerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const permissionMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 3,
    key: 'permission',
    name: '菜单管理',
    url: '/isystem/permission',
    component: 'system/PermissionList',
    icon: 'appstore',
  },
  buttonsOf(PermissionPerm, '菜单', { ...CRUD_VERBS, rule: '数据规则' }),
);
