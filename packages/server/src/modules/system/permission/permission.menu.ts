import { PermissionPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const permissionMenu: FeatureMenu = {
  key: 'menu:system:permission:v1',
  buttons: {
    [PermissionPerm.list]: '菜单-查询',
    [PermissionPerm.add]: '菜单-添加',
    [PermissionPerm.edit]: '菜单-编辑',
    [PermissionPerm.delete]: '菜单-删除',
    [PermissionPerm.rule]: '菜单-数据规则',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 3, key: 'permission', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', icon: 'appstore' },
};
