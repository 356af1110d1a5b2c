import { DictItemPerm, DictPerm, TableDictPerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';


/** 数据字典: the dictionaries and their items are one screen. */
export const dictMenu: FeatureMenu = {
  key: 'menu:system:dict:v1',
  buttons: {
    [DictPerm.list]: '数据字典-查询',
    [DictPerm.add]: '数据字典-添加',
    [DictPerm.edit]: '数据字典-编辑',
    [DictPerm.delete]: '数据字典-删除',
    [DictPerm.recycle]: '数据字典-回收站',
    [DictPerm.deletePhysic]: '数据字典-彻底删除',
    [DictItemPerm.list]: '字典项-查询',
    [DictItemPerm.add]: '字典项-添加',
    [DictItemPerm.edit]: '字典项-编辑',
    [DictItemPerm.delete]: '字典项-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 8, key: 'dict', name: '数据字典', url: '/isystem/dict', component: 'system/DictList', icon: 'book' },
};

export const tableDictMenu: FeatureMenu = {
  key: 'menu:system:tableDict:v1',
  buttons: {
    [TableDictPerm.list]: '表字典登记-查询',
    [TableDictPerm.add]: '表字典登记-添加',
    [TableDictPerm.edit]: '表字典登记-编辑',
    [TableDictPerm.delete]: '表字典登记-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 12, key: 'tableDict', name: '表字典登记', url: '/isystem/tableDict', component: 'system/SysTableDictList', icon: 'table' },
};
