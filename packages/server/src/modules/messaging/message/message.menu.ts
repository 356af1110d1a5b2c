import { MessagePerm, MessageTemplatePerm } from '@sbwq/contracts';
import { buttonsOf, CRUD_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 消息模板 and 消息中心 (issue 38), under the stock client's component names so its own screens load too. */
export const messageTemplateMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 22,
    key: 'messageTemplate',
    name: '消息模板',
    url: '/modules/message/sysMessageTemplateList',
    component: 'modules/message/SysMessageTemplateList',
    icon: 'file-text',
  },
  buttonsOf(MessageTemplatePerm, '消息模板', { ...CRUD_VERBS, export: '导出', import: '导入', send: '发送测试' }),
);

export const messageMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 23,
    key: 'message',
    name: '消息中心',
    url: '/modules/message/sysMessageList',
    component: 'modules/message/SysMessageList',
    icon: 'mail',
  },
  buttonsOf(MessagePerm, '消息中心', { ...CRUD_VERBS, export: '导出', import: '导入', resend: '重新发送' }),
);
