import { PoolLogPerm, PoolPerm } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { RoleId, seedMenuSection, type FeatureMenu } from '../../../seed/buttons.ts';
import { FINANCE_MENU_ID } from '../../core/ids/menus.ts';

export const seedFinanceSection = (db: Db) =>
  seedMenuSection(db, { id: FINANCE_MENU_ID, name: '资金管理', url: '/finance', icon: 'account-book', sortNo: 50, screens: [] });

/** 协会财务 manages pools; reviewers read them (DOMAIN.md roles). */
const manage = [RoleId.admin, RoleId.finance];
const read = [RoleId.admin, RoleId.reviewer, RoleId.finance];

export const poolMenu: FeatureMenu = {
  key: 'menu:finance:pool:v1',
  buttons: {
    [PoolPerm.list]: { name: '资金池-查询', roles: read },
    [PoolPerm.export]: { name: '资金池-导出', roles: read },
    [PoolPerm.add]: { name: '资金池-添加', roles: manage },
    [PoolPerm.edit]: { name: '资金池-编辑', roles: manage },
    [PoolPerm.status]: { name: '资金池-启用/暂停/结清', roles: manage },
    [PoolPerm.deposit]: { name: '资金池-入账', roles: manage },
    [PoolPerm.adjust]: { name: '资金池-调整', roles: manage },
    [PoolPerm.reconcile]: { name: '资金池-对账', roles: manage },
  },
  screen: {
    parentId: FINANCE_MENU_ID,
    sortNo: 1,
    key: 'pool',
    name: '资金池管理',
    url: '/finance/pool',
    component: 'finance/CapitalPoolList',
    icon: 'fund',
    roles: [RoleId.reviewer, RoleId.finance],
  },
};

export const poolLogMenu: FeatureMenu = {
  key: 'menu:finance:poolLog:v1',
  buttons: {
    [PoolLogPerm.list]: { name: '资金池日志-查询', roles: read },
    [PoolLogPerm.export]: { name: '资金池日志-导出', roles: read },
  },
  screen: {
    parentId: FINANCE_MENU_ID,
    sortNo: 2,
    key: 'poolLog',
    name: '资金池日志',
    url: '/finance/poolLog',
    component: 'finance/CapitalPoolLogList',
    icon: 'profile',
    roles: [RoleId.reviewer, RoleId.finance],
  },
};
