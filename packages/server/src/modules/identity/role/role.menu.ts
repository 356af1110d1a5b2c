import { RolePerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const roleMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 2, key: 'role', name: '角色管理', url: '/isystem/roleUserList', component: 'system/RoleList', icon: 'team' },
  buttonsOf(RolePerm, '角色', { ...CRUD_VERBS, grant: '授权', user: '用户管理', ...EXCEL_VERBS }),
  2,
);
