import { PositionPerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const positionMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 5, key: 'position', name: '职务管理', url: '/isystem/position', component: 'system/SysPositionList', icon: 'solution' },
  buttonsOf(PositionPerm, '职务', { ...CRUD_VERBS, ...EXCEL_VERBS }),
  2,
);
