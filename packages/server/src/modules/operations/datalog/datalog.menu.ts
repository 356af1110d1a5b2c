import { DataLogPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 数据日志 under the stock component name (both clients open it): the administrator's, with the chain's 校验 button. */
export const dataLogMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 25, key: 'dataLog', name: '数据日志', url: '/isystem/dataLog', component: 'system/DataLogList', icon: 'history' },
  buttonsOf(DataLogPerm, '数据日志', { list: '查询', verify: '校验哈希链' }),
);
