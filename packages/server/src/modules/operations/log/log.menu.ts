import { LogPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 系统日志 (stock 日志管理): the administrator's alone — what others did, and from where. */
export const logMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 20, key: 'log', name: '系统日志', url: '/isystem/log', component: 'system/LogList', icon: 'file-search' },
  buttonsOf(LogPerm, '系统日志', { list: '查询', delete: '删除', export: '导出' }),
);
