import { SmsOutboxPerm } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 短信发件箱: the administrator's alone — the codes the development outbox "sent" (issue #27). */
export const smsOutboxMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 21,
    key: 'smsOutbox',
    name: '短信发件箱',
    url: '/isystem/smsOutbox',
    component: 'sbwq/system/SmsOutboxList',
    icon: 'message',
  },
  buttonsOf(SmsOutboxPerm, '短信发件箱', { list: '查询' }),
);
