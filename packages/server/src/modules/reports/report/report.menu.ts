import { OnlReportPerm, REPORT_LIST_COMPONENT } from '@sbwq/contracts';
import { buttonsOf, screenMenu } from '../../../seed/buttons.ts';
import { ONLINE_MENU_ID } from '../../core/ids/menus.ts';

/** Online报表 under 在线开发 (the stock JeecgBoot component path), the administrator's screen. */
export const reportMenu = screenMenu(
  'online',
  {
    parentId: ONLINE_MENU_ID,
    sortNo: 1,
    key: 'cgreport',
    name: 'Online报表',
    url: '/online/cgreport',
    component: 'modules/online/cgreport/OnlCgreportHeadList',
    icon: 'table',
  },
  buttonsOf(OnlReportPerm, 'Online报表'),
);

/**
 * The stock hidden route `/online/cgreport/:code` (stock menu row AUTO在线报表): 功能测试 of the
 * configuration screen opens `/online/cgreport/<id>` on it, in both clients. Holding it runs no report:
 * each run checks the report's own access (report-data.service.ts assertMayRun).
 */
export const reportAutoMenu = screenMenu(
  'online',
  {
    parentId: ONLINE_MENU_ID,
    sortNo: 9,
    key: 'cgreportAuto',
    name: 'AUTO在线报表',
    url: '/online/cgreport/:code',
    component: REPORT_LIST_COMPONENT,
    icon: 'table',
    hidden: true,
  },
  {},
);
