import { GatewayRoutePerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

// The stock component name: the stock JSON editor reads and writes the same routes (gateway.stock.ts), the
// upstream still only from the allow-list.
export const gatewayRouteMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 34,
    key: 'gatewayRoute',
    name: '路由网关',
    url: '/isystem/gatewayRoute',
    component: 'system/SysGatewayRouteList',
    icon: 'api',
  },
  buttonsOf(GatewayRoutePerm, '路由网关', { list: '查询', add: '添加', edit: '编辑', delete: '删除' }),
);
