import { RightPerm } from '@sbwq/contracts';
import { RoleId, type FeatureMenu } from '../../../seed/buttons.ts';
import { RightsMenuId } from '../../core/ids/menus.ts';

const customers = [RoleId.agency, RoleId.holder];
const everyone = [RoleId.admin, RoleId.reviewer, RoleId.finance, ...customers];

/** Everyone reads and exports; the organisations keep their records; the reviewer approves them. */
export const rightMenu: FeatureMenu = {
  key: 'menu:rights:right:v1',
  buttons: {
    [RightPerm.list]: { name: '受保护权利-查询', roles: everyone },
    [RightPerm.export]: { name: '受保护权利-导出', roles: everyone },
    [RightPerm.add]: { name: '受保护权利-添加', roles: customers },
    [RightPerm.edit]: { name: '受保护权利-编辑/提交', roles: customers },
    [RightPerm.delete]: { name: '受保护权利-删除', roles: customers },
    [RightPerm.import]: { name: '受保护权利-导入', roles: customers },
    [RightPerm.approve]: { name: '受保护权利-审核', roles: [RoleId.reviewer] },
  },
  screen: {
    parentId: RightsMenuId.right,
    sortNo: 1,
    key: 'list',
    name: '受保护权利',
    url: '/rights/right/list',
    component: 'rights/RightList',
    icon: 'property-safety',
    roles: [RoleId.reviewer, RoleId.finance, ...customers],
  },
};
