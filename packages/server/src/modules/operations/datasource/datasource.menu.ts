import { DataSourcePerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/**
 * 多数据源 under the stock component name: a stock client opens its own screen; its list, its form (driver
 * class and JDBC address read into our fields) and its 测试 button work (README, JEECG-API).
 */
export const dataSourceMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 40,
    key: 'dataSource',
    name: '多数据源',
    url: '/isystem/dataSource',
    component: 'system/SysDataSourceList',
    icon: 'database',
  },
  buttonsOf(DataSourcePerm, '多数据源', { list: '查询', add: '添加', edit: '编辑', delete: '删除', test: '测试连接' }),
);
