import { CategoryPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const categoryMenu: FeatureMenu = {
  key: 'menu:system:category:v1',
  buttons: {
    [CategoryPerm.list]: '分类字典-查询',
    [CategoryPerm.add]: '分类字典-添加',
    [CategoryPerm.edit]: '分类字典-编辑',
    [CategoryPerm.delete]: '分类字典-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 9, key: 'category', name: '分类字典', url: '/isystem/category', component: 'system/SysCategoryList', icon: 'tags' },
};
