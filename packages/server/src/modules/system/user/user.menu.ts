import { UserPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const userMenu: FeatureMenu = {
  key: 'menu:system:user:v1',
  buttons: {
    [UserPerm.list]: '用户-查询',
    [UserPerm.add]: '用户-添加',
    [UserPerm.edit]: '用户-编辑',
    [UserPerm.delete]: '用户-删除',
    [UserPerm.frozen]: '用户-冻结/解冻',
    [UserPerm.changePassword]: '用户-重置密码',
    [UserPerm.recycle]: '用户-回收站',
    [UserPerm.export]: '用户-导出',
    [UserPerm.import]: '用户-导入',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 1, key: 'user', name: '用户管理', url: '/isystem/user', component: 'system/UserList', icon: 'user' },
};
