/**
 * Ids of the menu sections the feature menus hang under (stable: seed units, tests and saved role grants
 * refer to them). A leaf: a feature's menu imports these, never another feature's menu file.
 */

/**
 * The 系统管理 section seeded by the identity issue; the system-data screens join it after its own
 * seven: 数据字典 (8), 分类字典 (9), 填值规则 (10), 校验规则 (11), 表字典登记 (12).
 */
export const SYSTEM_MENU_ID = 'menu:isystem';

/** 资金管理: the money screens (pools, their logs, claims and payments), between 审批管理 and 系统管理. */
export const FINANCE_MENU_ID = 'menu:finance';

/** 首页: the one menu row every user keeps. */
export const HOME_PERMISSION_ID = '9502685863ab87f0ad1134142788a385';

/** Menu section ids of the rights modules. */
export const RightsMenuId = {
  onboarding: 'menu:rights-onboard',
  org: 'menu:rights-org',
  right: 'menu:rights-right',
  approval: 'menu:rights-approval',
} as const;

/** 系统监控: server, database, Redis, request traces and users online (administrator only). */
export const MONITOR_MENU_ID = 'menu:monitor';

/** 在线开发: Online报表 (administrator); its url `/online` is the row JEECG-API §3.1 gives every user, shown only with children. */
export const ONLINE_MENU_ID = 'menu:online';

/** 统计报表: the seeded online reports, for the administrator and the association's staff. */
export const REPORT_MENU_ID = 'menu:report';
