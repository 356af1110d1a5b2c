import { RolePerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const roleMenu: FeatureMenu = {
  key: 'menu:system:role:v1',
  buttons: {
    [RolePerm.list]: '角色-查询',
    [RolePerm.add]: '角色-添加',
    [RolePerm.edit]: '角色-编辑',
    [RolePerm.delete]: '角色-删除',
    [RolePerm.grant]: '角色-授权',
    [RolePerm.user]: '角色-用户管理',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 2, key: 'role', name: '角色管理', url: '/isystem/roleUserList', component: 'system/RoleList', icon: 'team' },
};
