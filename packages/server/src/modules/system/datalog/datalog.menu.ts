import { DataLogPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 数据日志 (stock 数据日志; our own component: the record's shape differs from stock's): the administrator's, with the chain's 校验 button. */
export const dataLogMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 25, key: 'dataLog', name: '数据日志', url: '/isystem/dataLog', component: 'sbwq/system/DataLogList', icon: 'history' },
  buttonsOf(DataLogPerm, '数据日志', { list: '查询', verify: '校验哈希链' }),
);
