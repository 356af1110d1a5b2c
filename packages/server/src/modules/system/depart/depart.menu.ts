import { DepartPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** The department tree is every signed-in user's to read, so 部门管理 has no 查询 code. */
export const departMenu: FeatureMenu = {
  key: 'menu:system:depart:v1',
  buttons: {
    [DepartPerm.add]: '部门-添加',
    [DepartPerm.edit]: '部门-编辑',
    [DepartPerm.delete]: '部门-删除',
    [DepartPerm.grant]: '部门-权限',
    [DepartPerm.role]: '部门-角色',
    [DepartPerm.user]: '部门-用户',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 4, key: 'depart', name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', icon: 'cluster' },
};
