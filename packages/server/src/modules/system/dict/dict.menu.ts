import { DictItemPerm, DictPerm, TableDictPerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, screenMenu } from '../../../seed/buttons.ts';

/**
 * The 系统管理 section seeded by the identity issue; the system-data screens join it after its own
 * seven: 数据字典 (8), 分类字典 (9), 填值规则 (10), 校验规则 (11), 表字典登记 (12).
 */
export const SYSTEM_MENU_ID = 'menu:isystem';

/** 数据字典: the dictionaries and their items are one screen. */
export const dictMenu = screenMenu('system', { parentId: SYSTEM_MENU_ID, sortNo: 8, key: 'dict', name: '数据字典', url: '/isystem/dict', component: 'system/DictList', icon: 'book' }, {
  ...buttonsOf(DictPerm, '数据字典', { ...CRUD_VERBS, recycle: '回收站', deletePhysic: '彻底删除' }),
  ...buttonsOf(DictItemPerm, '字典项'),
});

export const tableDictMenu = screenMenu('system', { parentId: SYSTEM_MENU_ID, sortNo: 12, key: 'tableDict', name: '表字典登记', url: '/isystem/tableDict', component: 'system/SysTableDictList', icon: 'table' }, buttonsOf(TableDictPerm, '表字典登记'));
