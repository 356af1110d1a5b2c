import { CheckRulePerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const checkRuleMenu: FeatureMenu = {
  key: 'menu:system:checkRule:v1',
  buttons: {
    [CheckRulePerm.list]: '校验规则-查询',
    [CheckRulePerm.add]: '校验规则-添加',
    [CheckRulePerm.edit]: '校验规则-编辑',
    [CheckRulePerm.delete]: '校验规则-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 11, key: 'checkRule', name: '校验规则', url: '/isystem/checkRule', component: 'system/SysCheckRuleList', icon: 'safety-certificate' },
};
