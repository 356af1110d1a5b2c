import { GatewayRoutePerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

// `sbwq/…`: the routes here are structured (allow-listed upstream, predicate columns), not stock JeecgBoot's
// JSON predicates and free URI, so a stock client's own gateway screen is not offered this one's data.
export const gatewayRouteMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 34, key: 'gatewayRoute', name: '路由网关', url: '/isystem/gatewayRoute', component: 'sbwq/system/SysGatewayRouteList', icon: 'api' },
  buttonsOf(GatewayRoutePerm, '路由网关', { list: '查询', add: '添加', edit: '编辑', delete: '删除' }),
);
