import { FillRulePerm } from '@sbwq/contracts';
import type { FeatureMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const fillRuleMenu: FeatureMenu = {
  key: 'menu:system:fillRule:v1',
  buttons: {
    [FillRulePerm.list]: '填值规则-查询',
    [FillRulePerm.add]: '填值规则-添加',
    [FillRulePerm.edit]: '填值规则-编辑',
    [FillRulePerm.delete]: '填值规则-删除',
  },
  screen: { parentId: SYSTEM_MENU_ID, sortNo: 10, key: 'fillRule', name: '填值规则', url: '/isystem/fillRule', component: 'system/SysFillRuleList', icon: 'code' },
};
