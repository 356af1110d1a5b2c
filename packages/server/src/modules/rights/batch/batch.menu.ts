import { BatchPerm } from '@sbwq/contracts';
import { RoleId, type FeatureMenu } from '../../../seed/buttons.ts';
import { RightsMenuId } from '../../core/ids/menus.ts';

const customers = [RoleId.agency, RoleId.holder];
const everyone = [RoleId.admin, RoleId.reviewer, RoleId.finance, ...customers];
/** DOMAIN.md roles: service agencies submit clue batches and log their enforcement. */
const agency = [RoleId.agency];

/** Everyone reads (scoped) and exports; agencies submit and enforce; the reviewer reviews batches and closure; finance reads. */
export const batchMenu: FeatureMenu = {
  key: 'menu:rights:threaded:v1',
  buttons: {
    [BatchPerm.list]: { name: '线索批次-查询', roles: everyone },
    [BatchPerm.export]: { name: '线索批次-导出', roles: everyone },
    [BatchPerm.add]: { name: '线索批次-添加', roles: agency },
    [BatchPerm.edit]: { name: '线索批次-编辑/明细', roles: agency },
    [BatchPerm.delete]: { name: '线索批次-删除', roles: agency },
    [BatchPerm.import]: { name: '线索批次-导入明细', roles: agency },
    [BatchPerm.submit]: { name: '线索批次-提交审核', roles: agency },
    [BatchPerm.withdraw]: { name: '线索批次-撤销', roles: agency },
    [BatchPerm.enforce]: { name: '线索批次-开始维权/更新明细结果', roles: agency },
    [BatchPerm.progress]: { name: '线索批次-记录进度', roles: agency },
    [BatchPerm.closure]: { name: '线索批次-申请结案', roles: agency },
    [BatchPerm.review]: { name: '线索批次-初审/复审', roles: [RoleId.reviewer] },
    [BatchPerm.closureReview]: { name: '线索批次-结案审核', roles: [RoleId.reviewer] },
  },
  screen: {
    parentId: RightsMenuId.right,
    sortNo: 3,
    key: 'batch',
    name: '线索批次',
    url: '/rights/batch/list',
    component: 'rights/BatchList',
    icon: 'file-search',
    roles: [RoleId.reviewer, RoleId.finance, ...customers],
  },
};
