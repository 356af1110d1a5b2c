import type { ComponentType } from 'react';
import { lazyScreen } from '../lazyScreen.tsx';
import { staticScreens } from './staticScreens.ts';

/**
 * Every screen the server's menu may name, by JeecgBoot component path (ARCHITECTURE "Menu rows").
 * Static and lazily imported, so each screen is its own chunk; a string from the server is only
 * ever a key into this table, never an import() specifier.
 */
export type Screen = ComponentType;

const { Exception403, Exception404, Exception500, ResultSuccess, ResultFail, TestHome, BatchDetail } = staticScreens;

export const screens: Record<string, Screen> = {
  'dashboard/Analysis': lazyScreen(() => import('../../modules/dashboard/analysis/Analysis.tsx').then((m) => ({ default: m.Analysis }))),
  // Ours, not stock JeecgBoot's screens of the same last name (server seed/component-names.ts).
  'sbwq/dashboard/Workplace': lazyScreen(() => import('../../modules/dashboard/workplace/Workplace.tsx').then((m) => ({ default: m.Workplace }))),
  'sbwq/dashboard/IndexChart': lazyScreen(() => import('../../modules/dashboard/task/IndexChart.tsx').then((m) => ({ default: m.IndexChart }))),
  'sbwq/dashboard/Monitor': lazyScreen(() => import('../../modules/dashboard/monitor/Monitor.tsx').then((m) => ({ default: m.Monitor }))),
  // 系统监控
  'sbwq/monitor/ServerMonitor': lazyScreen(() => import('../../modules/operations/monitor/ServerMonitor.tsx').then((m) => ({ default: m.ServerMonitor }))),
  'sbwq/monitor/DatabaseMonitor': lazyScreen(() =>
    import('../../modules/operations/monitor/DatabaseMonitor.tsx').then((m) => ({ default: m.DatabaseMonitor })),
  ),
  'sbwq/monitor/RedisMonitor': lazyScreen(() => import('../../modules/operations/monitor/RedisMonitor.tsx').then((m) => ({ default: m.RedisMonitor }))),
  'sbwq/monitor/RequestTrace': lazyScreen(() => import('../../modules/operations/monitor/RequestTrace.tsx').then((m) => ({ default: m.RequestTrace }))),
  'sbwq/monitor/OnlineUsers': lazyScreen(() => import('../../modules/operations/monitor/OnlineUsers.tsx').then((m) => ({ default: m.OnlineUsers }))),
  // 个人中心 and 账户设置 (hidden entries of every permission answer, contracts ACCOUNT_MENU)
  'account/center/Index': lazyScreen(() => import('../../modules/user/account/AccountCenter.tsx').then((m) => ({ default: m.AccountCenter }))),
  'account/settings/Index': lazyScreen(() => import('../../modules/user/account/BaseSetting.tsx').then((m) => ({ default: m.BaseSetting }))),
  'account/settings/BaseSetting': lazyScreen(() => import('../../modules/user/account/BaseSetting.tsx').then((m) => ({ default: m.BaseSetting }))),
  'account/settings/Security': lazyScreen(() => import('../../modules/user/account/Security.tsx').then((m) => ({ default: m.Security }))),
  'account/settings/Binding': lazyScreen(() => import('../../modules/user/account/Binding.tsx').then((m) => ({ default: m.Binding }))),
  'account/settings/Notification': lazyScreen(() => import('../../modules/user/account/Notification.tsx').then((m) => ({ default: m.Notification }))),
  'account/settings/Custom': lazyScreen(() => import('../../modules/user/account/Custom.tsx').then((m) => ({ default: m.Custom }))),
  // 在线开发: the stock online components map to built-in screens (spec §2 "Menu-derived routes")
  'modules/oss/OSSFileList': lazyScreen(() => import('../../modules/operations/oss-file/OSSFileList.tsx').then((m) => ({ default: m.OSSFileList }))),
  'modules/online/cgreport/OnlCgreportHeadList': lazyScreen(() =>
    import('../../modules/reports/report/OnlCgreportHeadList.tsx').then((m) => ({ default: m.OnlCgreportHeadList })),
  ),
  'modules/online/cgreport/auto/OnlCgreportAutoList': lazyScreen(() =>
    import('../../modules/reports/report/OnlCgreportAutoList.tsx').then((m) => ({ default: m.OnlCgreportAutoList })),
  ),
  'modules/online/cgform/auto/OnlCgformAutoList': lazyScreen(() =>
    import('../../modules/reports/report/OnlCgformAutoList.tsx').then((m) => ({ default: m.OnlCgformAutoList })),
  ),
  'exception/403': Exception403,
  'exception/404': Exception404,
  'exception/500': Exception500,
  'result/Success': ResultSuccess,
  'result/Error': ResultFail,
  'test/TestHome': TestHome,
  // 系统管理
  'system/UserList': lazyScreen(() => import('../../modules/identity/user/UserList.tsx').then((m) => ({ default: m.UserList }))),
  'system/RoleList': lazyScreen(() => import('../../modules/identity/role/RoleList.tsx').then((m) => ({ default: m.RoleList }))),
  'system/PermissionList': lazyScreen(() => import('../../modules/identity/permission/PermissionList.tsx').then((m) => ({ default: m.PermissionList }))),
  'system/DepartList': lazyScreen(() => import('../../modules/identity/depart/DepartList.tsx').then((m) => ({ default: m.DepartList }))),
  'system/SysPositionList': lazyScreen(() => import('../../modules/identity/position/SysPositionList.tsx').then((m) => ({ default: m.SysPositionList }))),
  'system/TenantList': lazyScreen(() => import('../../modules/identity/tenant/TenantList.tsx').then((m) => ({ default: m.TenantList }))),
  'system/AddressList': lazyScreen(() => import('../../modules/identity/address-list/AddressList.tsx').then((m) => ({ default: m.AddressList }))),
  // 通告
  'system/SysAnnouncementList': lazyScreen(() =>
    import('../../modules/messaging/announcement/SysAnnouncementList.tsx').then((m) => ({ default: m.SysAnnouncementList })),
  ),
  'system/UserAnnouncementList': lazyScreen(() => import('../../modules/isps/UserAnnouncementList.tsx').then((m) => ({ default: m.UserAnnouncementList }))),
  // 数据字典等
  'system/DictList': lazyScreen(() => import('../../modules/config/dict/DictList.tsx').then((m) => ({ default: m.DictList }))),
  'system/SysCategoryList': lazyScreen(() => import('../../modules/config/category/SysCategoryList.tsx').then((m) => ({ default: m.SysCategoryList }))),
  'sbwq/system/SysGatewayRouteList': lazyScreen(() =>
    import('../../modules/operations/gateway/SysGatewayRouteList.tsx').then((m) => ({ default: m.SysGatewayRouteList })),
  ),
  'system/SysFillRuleList': lazyScreen(() => import('../../modules/config/fill-rule/SysFillRuleList.tsx').then((m) => ({ default: m.SysFillRuleList }))),
  'system/SysLogList': lazyScreen(() => import('../../modules/operations/log/SysLogList.tsx').then((m) => ({ default: m.SysLogList }))),
  'sbwq/system/SmsOutboxList': lazyScreen(() => import('../../modules/identity/sms/SmsOutboxList.tsx').then((m) => ({ default: m.SmsOutboxList }))),
  'modules/message/SysMessageTemplateList': lazyScreen(() =>
    import('../../modules/messaging/message/SysMessageTemplateList.tsx').then((m) => ({ default: m.SysMessageTemplateList })),
  ),
  'modules/message/SysMessageList': lazyScreen(() => import('../../modules/messaging/message/SysMessageList.tsx').then((m) => ({ default: m.SysMessageList }))),
  'sbwq/system/DataLogList': lazyScreen(() => import('../../modules/operations/datalog/DataLogList.tsx').then((m) => ({ default: m.DataLogList }))),
  'sbwq/system/QuartzJobList': lazyScreen(() => import('../../modules/operations/job/QuartzJobList.tsx').then((m) => ({ default: m.QuartzJobList }))),
  'sbwq/system/SysDataSourceList': lazyScreen(() =>
    import('../../modules/operations/datasource/SysDataSourceList.tsx').then((m) => ({ default: m.SysDataSourceList })),
  ),
  'finance/CapitalPoolList': lazyScreen(() => import('../../modules/finance/pool/CapitalPoolList.tsx').then((m) => ({ default: m.CapitalPoolList }))),
  'finance/CapitalPoolLogList': lazyScreen(() => import('../../modules/finance/pool/CapitalPoolLogList.tsx').then((m) => ({ default: m.CapitalPoolLogList }))),
  'finance/ClaimList': lazyScreen(() => import('../../modules/finance/claim/ClaimList.tsx').then((m) => ({ default: m.ClaimList }))),
  'finance/PaymentList': lazyScreen(() => import('../../modules/finance/claim/PaymentList.tsx').then((m) => ({ default: m.PaymentList }))),
  'system/SysCheckRuleList': lazyScreen(() => import('../../modules/config/check-rule/SysCheckRuleList.tsx').then((m) => ({ default: m.SysCheckRuleList }))),
  'system/SysTableDictList': lazyScreen(() => import('../../modules/config/table-dict/SysTableDictList.tsx').then((m) => ({ default: m.SysTableDictList }))),
  // Issue 36: the stock client's component names of the same screens, which the menu names now (the older names above still open rows not yet upgraded).
  'system/LogList': lazyScreen(() => import('../../modules/operations/log/SysLogList.tsx').then((m) => ({ default: m.SysLogList }))),
  'system/QuartzJobList': lazyScreen(() => import('../../modules/operations/job/QuartzJobList.tsx').then((m) => ({ default: m.QuartzJobList }))),
  'system/DataLogList': lazyScreen(() => import('../../modules/operations/datalog/DataLogList.tsx').then((m) => ({ default: m.DataLogList }))),
  'system/SysDataSourceList': lazyScreen(() =>
    import('../../modules/operations/datasource/SysDataSourceList.tsx').then((m) => ({ default: m.SysDataSourceList })),
  ),
  'system/SysGatewayRouteList': lazyScreen(() =>
    import('../../modules/operations/gateway/SysGatewayRouteList.tsx').then((m) => ({ default: m.SysGatewayRouteList })),
  ),
  'sbwq/system/JeecgImport': lazyScreen(() => import('../../modules/operations/jeecg-import/JeecgImport.tsx').then((m) => ({ default: m.JeecgImport }))),
  'sbwq/system/SysTableDictList': lazyScreen(() =>
    import('../../modules/config/table-dict/SysTableDictList.tsx').then((m) => ({ default: m.SysTableDictList })),
  ),
  // 机构与权利
  'dashboard/EnterOrganisation': lazyScreen(() => import('../../modules/dashboard/org/EnterOrganisation.tsx').then((m) => ({ default: m.EnterOrganisation }))),
  'dashboard/Certification': lazyScreen(() => import('../../modules/dashboard/org/Certification.tsx').then((m) => ({ default: m.Certification }))),
  'rights/OrgEnrolApprovalList': lazyScreen(() =>
    import('../../modules/rights/org/OrgEnrolApprovalList.tsx').then((m) => ({ default: m.OrgEnrolApprovalList })),
  ),
  'rights/OrgCertifyApprovalList': lazyScreen(() =>
    import('../../modules/rights/org/OrgCertifyApprovalList.tsx').then((m) => ({ default: m.OrgCertifyApprovalList })),
  ),
  'rights/RightList': lazyScreen(() => import('../../modules/rights/right/RightList.tsx').then((m) => ({ default: m.RightList }))),
  'rights/BatchList': lazyScreen(() => import('../../modules/rights/batch/BatchList.tsx').then((m) => ({ default: m.BatchList }))),
  'rights/BatchDetail': BatchDetail,
  'rights/OrgList': lazyScreen(() => import('../../modules/rights/org/OrgList.tsx').then((m) => ({ default: m.OrgList }))),
  'rights/BankAccountList': lazyScreen(() => import('../../modules/rights/bank/BankAccountList.tsx').then((m) => ({ default: m.BankAccountList }))),
  'rights/SbFileInfoList': lazyScreen(() => import('../../modules/rights/file-info/SbFileInfoList.tsx').then((m) => ({ default: m.SbFileInfoList }))),
  'rights/ApprovalTodoList': lazyScreen(() => import('../../modules/approval/ApprovalTodoList.tsx').then((m) => ({ default: m.ApprovalTodoList }))),
  'rights/ApprovalList': lazyScreen(() => import('../../modules/approval/ApprovalList.tsx').then((m) => ({ default: m.ApprovalList }))),
};

/** An internal menu link: another address shown in a frame inside the layout (JeecgBoot IframePageView). */
export const IframePage = lazyScreen(() => import('../shell/IframePage.tsx').then((m) => ({ default: m.IframePage })));

/** Shown where the menu names a component this build does not have. */
export const UnknownScreen = lazyScreen(() => import('../../modules/exception/UnknownScreen.tsx').then((m) => ({ default: m.UnknownScreen })));

/**
 * JeecgBoot stores component paths in several spellings (`/views/x/Y.vue`, `x/Y`): reduce them to the
 * registry's form (JEECG-API §3.1 "intelligentProcessData").
 */
export function normalizeComponent(component: string | null | undefined): string {
  return (component ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/^src\/views\//, '')
    .replace(/^views\//, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '');
}

/** Layout components only nest their children in JeecgBoot; our shell is the one layout. */
export function isLayoutComponent(component: string | null | undefined): boolean {
  const name = normalizeComponent(component);
  return name === '' || name.startsWith('layouts/') || name.startsWith('components/layouts/');
}
