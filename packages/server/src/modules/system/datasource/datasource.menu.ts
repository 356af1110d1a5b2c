import { DataSourcePerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/**
 * 多数据源: our own screen (sbwq/…), not stock JeecgBoot's system/SysDataSourceList, whose form sends a
 * driver class and a JDBC URL this API does not take.
 */
export const dataSourceMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 40, key: 'dataSource', name: '多数据源', url: '/isystem/dataSource', component: 'sbwq/system/SysDataSourceList', icon: 'database' },
  buttonsOf(DataSourcePerm, '多数据源', { list: '查询', add: '添加', edit: '编辑', delete: '删除', test: '测试连接' }),
);
