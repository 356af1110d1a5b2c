import { MONITOR_MENU_ID } from '../../core/ids/menus.ts';
import { screenMenu, seedMenuSection, type FeatureMenu } from '../../../seed/buttons.ts';
import type { Db } from '../../../platform/db/client.ts';

/** 系统监控: a section of its own after 系统管理, for the administrator (its routes are admin only). */
export const seedMonitorSection = (db: Db) =>
  seedMenuSection(db, { id: MONITOR_MENU_ID, name: '系统监控', url: '/monitor', icon: 'control', sortNo: 95, screens: [] });

// Our screens, not stock JeecgBoot's (modules/monitor/*, which call Spring's /actuator): named under sbwq/.
const screen = (sortNo: number, key: string, name: string, icon: string, component: string) =>
  screenMenu('monitor', { parentId: MONITOR_MENU_ID, sortNo, key, name, url: `/monitor/${key}`, component: `sbwq/monitor/${component}`, icon }, {});

export const monitorMenus: FeatureMenu[] = [
  screen(1, 'server', '服务器监控', 'desktop', 'ServerMonitor'),
  screen(2, 'database', '数据库监控', 'database', 'DatabaseMonitor'),
  screen(3, 'redis', 'Redis 监控', 'cloud', 'RedisMonitor'),
  screen(4, 'trace', '请求追踪', 'api', 'RequestTrace'),
  screen(5, 'online', '在线用户', 'team', 'OnlineUsers'),
];
