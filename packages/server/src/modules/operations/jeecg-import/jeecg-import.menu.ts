import { JeecgImportPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 系统管理 → 数据导入 (issue 40): a seed unit of its own, so an existing installation gets it at its next start. */
export const jeecgImportMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 45,
    key: 'jeecgImport',
    name: '数据导入',
    url: '/isystem/jeecgImport',
    component: 'sbwq/system/JeecgImport',
    icon: 'import',
  },
  buttonsOf(JeecgImportPerm, '数据导入', { run: '导入' }),
);
