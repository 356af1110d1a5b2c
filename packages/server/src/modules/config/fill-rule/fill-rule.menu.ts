import { FillRulePerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const fillRuleMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 10, key: 'fillRule', name: '填值规则', url: '/isystem/fillRule', component: 'system/SysFillRuleList', icon: 'code' },
  buttonsOf(FillRulePerm, '填值规则', { ...CRUD_VERBS, ...EXCEL_VERBS }),
  2,
);
