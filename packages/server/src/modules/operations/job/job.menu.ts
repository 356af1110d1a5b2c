import { QuartzJobPerm } from '@sbwq/contracts';
import { buttonsOf, EXCEL_VERBS, screenMenu } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

export const quartzJobMenu = screenMenu(
  'system',
  { parentId: SYSTEM_MENU_ID, sortNo: 30, key: 'quartzJob', name: '定时任务', url: '/isystem/quartzJob', component: 'system/QuartzJobList', icon: 'schedule' },
  buttonsOf(QuartzJobPerm, '定时任务', {
    list: '查询',
    add: '添加',
    edit: '编辑',
    delete: '删除',
    pause: '停止',
    resume: '启动',
    execute: '立即执行',
    ...EXCEL_VERBS,
  }),
  2,
);
