import { DictItemPerm, DictPerm, TableDictPerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 数据字典: the dictionaries and their items are one screen. */
export const dictMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 8, key: 'dict', name: '数据字典', url: '/isystem/dict', component: 'system/DictList', icon: 'book' },
  {
    ...buttonsOf(DictPerm, '数据字典', { ...CRUD_VERBS, recycle: '回收站', deletePhysic: '彻底删除' }),
    ...buttonsOf(DictItemPerm, '字典项'),
    ...buttonsOf(DictPerm, '数据字典', EXCEL_VERBS),
  },
  2,
);

export const tableDictMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 12,
    key: 'tableDict',
    name: '表字典登记',
    url: '/isystem/tableDict',
    component: 'sbwq/system/SysTableDictList',
    icon: 'table',
  },
  buttonsOf(TableDictPerm, '表字典登记'),
);
