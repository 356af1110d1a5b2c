import { PositionPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const positionMenu: FeatureMenu = {
  key: 'menu:system:position:v1',
  buttons: {
    [PositionPerm.list]: '职务-查询',
    [PositionPerm.add]: '职务-添加',
    [PositionPerm.edit]: '职务-编辑',
    [PositionPerm.delete]: '职务-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 5, key: 'position', name: '职务管理', url: '/isystem/position', component: 'system/SysPositionList', icon: 'solution' },
};
