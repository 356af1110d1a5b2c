import { BankPerm } from '@sbwq/contracts';
import { RoleId, type FeatureMenu } from '../../../seed/buttons.ts';
import { RightsMenuId } from '../../core/ids/menus.ts';

const customers = [RoleId.agency, RoleId.holder];

/** The organisations keep their accounts; finance approves them and sees them with the administrator. */
export const bankMenu: FeatureMenu = {
  key: 'menu:rights:bank:v1',
  buttons: {
    [BankPerm.list]: { name: '银行账户-查询', roles: [RoleId.admin, RoleId.finance, ...customers] },
    [BankPerm.add]: { name: '银行账户-添加', roles: customers },
    [BankPerm.edit]: { name: '银行账户-编辑', roles: customers },
    [BankPerm.delete]: { name: '银行账户-删除', roles: customers },
    [BankPerm.approve]: { name: '银行账户-财务审核', roles: [RoleId.finance] },
  },
  screen: {
    parentId: RightsMenuId.org,
    sortNo: 4,
    key: 'bank',
    name: '机构银行账户',
    url: '/rights/org/bank',
    component: 'rights/BankAccountList',
    icon: 'credit-card',
    roles: [RoleId.finance, ...customers],
  },
};
