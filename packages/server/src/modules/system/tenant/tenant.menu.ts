import { TenantPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const tenantMenu: FeatureMenu = {
  key: 'menu:system:tenant:v1',
  buttons: {
    [TenantPerm.list]: '租户-查询',
    [TenantPerm.add]: '租户-添加',
    [TenantPerm.edit]: '租户-编辑',
    [TenantPerm.delete]: '租户-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 6, key: 'tenant', name: '租户管理', url: '/isystem/tenant', component: 'system/TenantList', icon: 'bank' },
};
