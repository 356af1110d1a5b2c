import { OnlReportPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { ONLINE_MENU_ID } from '../../core/ids/menus.ts';

/** Online报表 under 在线开发 (the stock JeecgBoot component path), the administrator's screen. */
export const reportMenu = screenMenu(
  'online',
  { parentId: ONLINE_MENU_ID, sortNo: 1, key: 'cgreport', name: 'Online报表', url: '/online/cgreport', component: 'modules/online/cgreport/OnlCgreportHeadList', icon: 'table' },
  buttonsOf(OnlReportPerm, 'Online报表'),
);
