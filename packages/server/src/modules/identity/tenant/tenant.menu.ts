import { TenantPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const tenantMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 6, key: 'tenant', name: '租户管理', url: '/isystem/tenant', component: 'system/TenantList', icon: 'bank' },
  buttonsOf(TenantPerm, '租户'),
);
