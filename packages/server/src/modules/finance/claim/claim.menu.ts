import { ClaimPerm, ClaimRoute, PaymentPerm } from '@sbwq/contracts';
import { RoleId, type FeatureMenu } from '../../../seed/buttons.ts';
import { FINANCE_MENU_ID } from '../../core/ids/menus.ts';

/** DOMAIN.md roles: agencies claim expenses; the reviewer does the business review; finance the finance review and payment. */
const agency = [RoleId.agency];
const readers = [RoleId.admin, RoleId.reviewer, RoleId.finance, RoleId.agency];
const finance = [RoleId.admin, RoleId.finance];

export const claimMenu: FeatureMenu = {
  key: 'menu:finance:claim:v1',
  buttons: {
    [ClaimPerm.list]: { name: '报销单-查询', roles: readers },
    [ClaimPerm.export]: { name: '报销单-导出', roles: readers },
    [ClaimPerm.add]: { name: '报销单-添加', roles: agency },
    [ClaimPerm.edit]: { name: '报销单-编辑', roles: agency },
    [ClaimPerm.delete]: { name: '报销单-删除', roles: agency },
    [ClaimPerm.submit]: { name: '报销单-提交', roles: agency },
    [ClaimPerm.bizReview]: { name: '报销单-业务审核', roles: [RoleId.reviewer] },
    [ClaimPerm.financeReview]: { name: '报销单-财务审核', roles: [RoleId.finance] },
  },
  screen: {
    parentId: FINANCE_MENU_ID,
    sortNo: 3,
    key: 'claim',
    name: '报销管理',
    url: ClaimRoute.claimList,
    component: 'finance/ClaimList',
    icon: 'audit',
    roles: [RoleId.reviewer, RoleId.finance, RoleId.agency],
  },
};

export const paymentMenu: FeatureMenu = {
  key: 'menu:finance:payment:v1',
  buttons: {
    [PaymentPerm.list]: { name: '付款管理-查询', roles: finance },
    [PaymentPerm.pay]: { name: '付款管理-付款', roles: [RoleId.finance] },
    [PaymentPerm.fail]: { name: '付款管理-付款失败', roles: [RoleId.finance] },
    [PaymentPerm.export]: { name: '付款管理-导出付款清单', roles: finance },
  },
  screen: {
    parentId: FINANCE_MENU_ID,
    sortNo: 4,
    key: 'payment',
    name: '付款管理',
    url: ClaimRoute.paymentList,
    component: 'finance/PaymentList',
    icon: 'pay-circle',
    roles: [RoleId.finance],
  },
};
