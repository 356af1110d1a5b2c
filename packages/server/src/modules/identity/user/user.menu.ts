import { UserPerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const userMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 1, key: 'user', name: '用户管理', url: '/isystem/user', component: 'system/UserList', icon: 'user' },
  buttonsOf(UserPerm, '用户', {
    ...CRUD_VERBS,
    frozen: '冻结/解冻',
    changePassword: '重置密码',
    recycle: '回收站',
    export: '导出',
    import: '导入',
  }),
);
