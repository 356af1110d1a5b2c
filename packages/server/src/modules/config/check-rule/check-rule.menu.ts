import { CheckRulePerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const checkRuleMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 11,
    key: 'checkRule',
    name: '校验规则',
    url: '/isystem/checkRule',
    component: 'system/SysCheckRuleList',
    icon: 'safety-certificate',
  },
  buttonsOf(CheckRulePerm, '校验规则'),
);
