import { FilePerm } from '@sbwq/contracts';
import { RoleId, type FeatureMenu } from '../../../seed/buttons.ts';
import { RightsMenuId } from '../../core/ids/menus.ts';

/** Everyone lists the files they may see; only the administrator deletes files others uploaded. */
export const fileInfoMenu: FeatureMenu = {
  key: 'menu:rights:file:v1',
  buttons: {
    [FilePerm.list]: { name: '文件信息-查询', roles: Object.values(RoleId) },
    [FilePerm.delete]: '文件信息-删除',
  },
  screen: {
    parentId: RightsMenuId.right,
    sortNo: 2,
    key: 'file',
    name: '文件信息',
    url: '/rights/right/file',
    component: 'rights/SbFileInfoList',
    icon: 'file-text',
    roles: [RoleId.reviewer, RoleId.finance, RoleId.agency, RoleId.holder],
  },
};
