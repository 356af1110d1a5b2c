import { RoleId, type FeatureMenu } from '../../seed/buttons.ts';

/** 个人办公 (seeded with 我的消息, modules/messaging/announcement/announcement.menu.ts). */

// Our dashboards are not stock JeecgBoot's dashboard/Workplace, IndexChart and Monitor (whose screens call
// demo endpoints we do not serve, or show demo figures): their components are named under `sbwq/`, so a
// stock client given our menu cannot load its own screen in their place (seed/component-names.ts).
const PERSONAL_MENU_ID = 'menu:isps';

/**
 * 工作台 (spec §2 view group dashboard: workplace) under 个人办公, after 我的消息, for every role: what it shows is
 * decided by the caller's own permissions, so it needs no button of its own.
 */
export const workplaceMenu: FeatureMenu = {
  key: 'menu:dashboard:workplace:v1',
  buttons: {},
  screen: {
    parentId: PERSONAL_MENU_ID,
    sortNo: 2,
    key: 'workplace',
    name: '工作台',
    url: '/dashboard/workplace',
    component: 'sbwq/dashboard/Workplace',
    icon: 'desktop',
    roles: Object.values(RoleId).filter((id) => id !== RoleId.admin),
  },
};

const staffRoles = [RoleId.reviewer, RoleId.finance];

/** 任务/图表 (spec §2 view group dashboard: task/chart index) for the staff who handle approvals, after 工作台. */
export const taskChartMenu: FeatureMenu = {
  key: 'menu:dashboard:indexChart:v1',
  buttons: {},
  screen: {
    parentId: PERSONAL_MENU_ID,
    sortNo: 3,
    key: 'indexChart',
    name: '任务统计',
    url: '/dashboard/indexChart',
    component: 'sbwq/dashboard/IndexChart',
    icon: 'bar-chart',
    roles: staffRoles,
  },
};

/** 监控 (spec §2 view group dashboard: monitor): today's activity, live, for the same staff. */
export const monitorMenu: FeatureMenu = {
  key: 'menu:dashboard:monitor:v1',
  buttons: {},
  screen: {
    parentId: PERSONAL_MENU_ID,
    sortNo: 4,
    key: 'monitor',
    name: '业务监控',
    url: '/dashboard/monitor',
    component: 'sbwq/dashboard/Monitor',
    icon: 'dashboard',
    roles: staffRoles,
  },
};
