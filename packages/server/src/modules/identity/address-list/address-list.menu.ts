import { AddressPerm } from '@sbwq/contracts';
import { RoleId, type FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** The reviewers and the finance staff look colleagues up too, so the directory is theirs as well. */
export const addressListMenu: FeatureMenu = {
  key: 'menu:system:addressList:v1',
  buttons: {
    [AddressPerm.list]: { name: '通讯录-查询', roles: [RoleId.admin, RoleId.reviewer, RoleId.finance] },
  },
  screen: {
    parentId: SYSTEM_MENU_ID,
    sortNo: 7,
    key: 'addressList',
    name: '通讯录',
    url: '/isystem/addressList',
    component: 'system/AddressList',
    icon: 'profile',
    roles: [RoleId.reviewer, RoleId.finance],
  },
};
