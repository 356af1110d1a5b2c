import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Every screen the server's menu may name, by JeecgBoot component path (ARCHITECTURE "Menu rows").
 * Static and lazily imported, so each screen is its own chunk; a string from the server is only
 * ever a key into this table, never an import() specifier.
 */
export type Screen = LazyExoticComponent<ComponentType>;

const Exception403 = lazy(() => import('../../modules/exception/Exception403.tsx').then((m) => ({ default: m.Exception403 })));
const Exception404 = lazy(() => import('../../modules/exception/Exception404.tsx').then((m) => ({ default: m.Exception404 })));
const Exception500 = lazy(() => import('../../modules/exception/Exception500.tsx').then((m) => ({ default: m.Exception500 })));
const ResultSuccess = lazy(() => import('../../modules/result/Success.tsx').then((m) => ({ default: m.Success })));
const ResultFail = lazy(() => import('../../modules/result/Fail.tsx').then((m) => ({ default: m.Fail })));
const BatchDetail = lazy(() => import('../../modules/rights/batch/BatchDetail.tsx').then((m) => ({ default: m.BatchDetail })));
const TestHome = lazy(() => import('../../modules/test/TestHome.tsx').then((m) => ({ default: m.TestHome })));

export const screens: Record<string, Screen> = {
  'dashboard/Analysis': lazy(() =>
    import('../../modules/dashboard/analysis/Analysis.tsx').then((m) => ({ default: m.Analysis })),
  ),
  // Ours, not stock JeecgBoot's screens of the same last name (server seed/component-names.ts).
  'sbwq/dashboard/Workplace': lazy(() => import('../../modules/dashboard/workplace/Workplace.tsx').then((m) => ({ default: m.Workplace }))),
  'sbwq/dashboard/IndexChart': lazy(() => import('../../modules/dashboard/task/IndexChart.tsx').then((m) => ({ default: m.IndexChart }))),
  'sbwq/dashboard/Monitor': lazy(() => import('../../modules/dashboard/monitor/Monitor.tsx').then((m) => ({ default: m.Monitor }))),
  // 系统监控
  'sbwq/monitor/ServerMonitor': lazy(() => import('../../modules/system/monitor/ServerMonitor.tsx').then((m) => ({ default: m.ServerMonitor }))),
  'sbwq/monitor/DatabaseMonitor': lazy(() => import('../../modules/system/monitor/DatabaseMonitor.tsx').then((m) => ({ default: m.DatabaseMonitor }))),
  'sbwq/monitor/RedisMonitor': lazy(() => import('../../modules/system/monitor/RedisMonitor.tsx').then((m) => ({ default: m.RedisMonitor }))),
  'sbwq/monitor/RequestTrace': lazy(() => import('../../modules/system/monitor/RequestTrace.tsx').then((m) => ({ default: m.RequestTrace }))),
  'sbwq/monitor/OnlineUsers': lazy(() => import('../../modules/system/monitor/OnlineUsers.tsx').then((m) => ({ default: m.OnlineUsers }))),
  // 个人中心 and 账户设置 (hidden entries of every permission answer, contracts ACCOUNT_MENU)
  'account/center/Index': lazy(() => import('../../modules/user/account/AccountCenter.tsx').then((m) => ({ default: m.AccountCenter }))),
  'account/settings/Index': lazy(() => import('../../modules/user/account/BaseSetting.tsx').then((m) => ({ default: m.BaseSetting }))),
  'account/settings/BaseSetting': lazy(() => import('../../modules/user/account/BaseSetting.tsx').then((m) => ({ default: m.BaseSetting }))),
  'account/settings/Security': lazy(() => import('../../modules/user/account/Security.tsx').then((m) => ({ default: m.Security }))),
  'account/settings/Binding': lazy(() => import('../../modules/user/account/Binding.tsx').then((m) => ({ default: m.Binding }))),
  'account/settings/Notification': lazy(() => import('../../modules/user/account/Notification.tsx').then((m) => ({ default: m.Notification }))),
  'account/settings/Custom': lazy(() => import('../../modules/user/account/Custom.tsx').then((m) => ({ default: m.Custom }))),
  // 在线开发: the stock online components map to built-in screens (spec §2 "Menu-derived routes")
  'modules/online/cgreport/OnlCgreportHeadList': lazy(() => import('../../modules/system/report/OnlCgreportHeadList.tsx').then((m) => ({ default: m.OnlCgreportHeadList }))),
  'modules/online/cgreport/auto/OnlCgreportAutoList': lazy(() => import('../../modules/system/report/OnlCgreportAutoList.tsx').then((m) => ({ default: m.OnlCgreportAutoList }))),
  'modules/online/cgform/auto/OnlCgformAutoList': lazy(() => import('../../modules/system/report/OnlCgformAutoList.tsx').then((m) => ({ default: m.OnlCgformAutoList }))),
  'exception/403': Exception403,
  'exception/404': Exception404,
  'exception/500': Exception500,
  'result/Success': ResultSuccess,
  'result/Error': ResultFail,
  'test/TestHome': TestHome,
  // 系统管理
  'system/UserList': lazy(() => import('../../modules/system/user/UserList.tsx').then((m) => ({ default: m.UserList }))),
  'system/RoleList': lazy(() => import('../../modules/system/role/RoleList.tsx').then((m) => ({ default: m.RoleList }))),
  'system/PermissionList': lazy(() =>
    import('../../modules/system/permission/PermissionList.tsx').then((m) => ({ default: m.PermissionList })),
  ),
  'system/DepartList': lazy(() => import('../../modules/system/depart/DepartList.tsx').then((m) => ({ default: m.DepartList }))),
  'system/SysPositionList': lazy(() =>
    import('../../modules/system/position/SysPositionList.tsx').then((m) => ({ default: m.SysPositionList })),
  ),
  'system/TenantList': lazy(() => import('../../modules/system/tenant/TenantList.tsx').then((m) => ({ default: m.TenantList }))),
  'system/AddressList': lazy(() => import('../../modules/system/address-list/AddressList.tsx').then((m) => ({ default: m.AddressList }))),
  // 通告
  'system/SysAnnouncementList': lazy(() =>
    import('../../modules/system/announcement/SysAnnouncementList.tsx').then((m) => ({ default: m.SysAnnouncementList })),
  ),
  'system/UserAnnouncementList': lazy(() =>
    import('../../modules/isps/UserAnnouncementList.tsx').then((m) => ({ default: m.UserAnnouncementList })),
  ),
  // 数据字典等
  'system/DictList': lazy(() => import('../../modules/system/dict/DictList.tsx').then((m) => ({ default: m.DictList }))),
  'system/SysCategoryList': lazy(() => import('../../modules/system/category/SysCategoryList.tsx').then((m) => ({ default: m.SysCategoryList }))),
  'sbwq/system/SysGatewayRouteList': lazy(() => import('../../modules/system/gateway/SysGatewayRouteList.tsx').then((m) => ({ default: m.SysGatewayRouteList }))),
  'system/SysFillRuleList': lazy(() => import('../../modules/system/fill-rule/SysFillRuleList.tsx').then((m) => ({ default: m.SysFillRuleList }))),
  'system/SysLogList': lazy(() => import('../../modules/system/log/SysLogList.tsx').then((m) => ({ default: m.SysLogList }))),
  'sbwq/system/SmsOutboxList': lazy(() => import('../../modules/system/sms/SmsOutboxList.tsx').then((m) => ({ default: m.SmsOutboxList }))),
  'sbwq/system/DataLogList': lazy(() => import('../../modules/system/datalog/DataLogList.tsx').then((m) => ({ default: m.DataLogList }))),
  'sbwq/system/QuartzJobList': lazy(() => import('../../modules/system/job/QuartzJobList.tsx').then((m) => ({ default: m.QuartzJobList }))),
  'sbwq/system/SysDataSourceList': lazy(() =>
    import('../../modules/system/datasource/SysDataSourceList.tsx').then((m) => ({ default: m.SysDataSourceList })),
  ),
  'finance/CapitalPoolList': lazy(() => import('../../modules/finance/pool/CapitalPoolList.tsx').then((m) => ({ default: m.CapitalPoolList }))),
  'finance/CapitalPoolLogList': lazy(() => import('../../modules/finance/pool/CapitalPoolLogList.tsx').then((m) => ({ default: m.CapitalPoolLogList }))),
  'finance/ClaimList': lazy(() => import('../../modules/finance/claim/ClaimList.tsx').then((m) => ({ default: m.ClaimList }))),
  'finance/PaymentList': lazy(() => import('../../modules/finance/claim/PaymentList.tsx').then((m) => ({ default: m.PaymentList }))),
  'system/SysCheckRuleList': lazy(() => import('../../modules/system/check-rule/SysCheckRuleList.tsx').then((m) => ({ default: m.SysCheckRuleList }))),
  'system/SysTableDictList': lazy(() => import('../../modules/system/table-dict/SysTableDictList.tsx').then((m) => ({ default: m.SysTableDictList }))),
  // Issue 36: the stock client's component names of the same screens, which the menu names now (the older names above still open rows not yet upgraded).
  'system/LogList': lazy(() => import('../../modules/system/log/SysLogList.tsx').then((m) => ({ default: m.SysLogList }))),
  'system/QuartzJobList': lazy(() => import('../../modules/system/job/QuartzJobList.tsx').then((m) => ({ default: m.QuartzJobList }))),
  'system/DataLogList': lazy(() => import('../../modules/system/datalog/DataLogList.tsx').then((m) => ({ default: m.DataLogList }))),
  'system/SysDataSourceList': lazy(() =>
    import('../../modules/system/datasource/SysDataSourceList.tsx').then((m) => ({ default: m.SysDataSourceList })),
  ),
  'system/SysGatewayRouteList': lazy(() =>
    import('../../modules/system/gateway/SysGatewayRouteList.tsx').then((m) => ({ default: m.SysGatewayRouteList })),
  ),
  'sbwq/system/SysTableDictList': lazy(() =>
    import('../../modules/system/table-dict/SysTableDictList.tsx').then((m) => ({ default: m.SysTableDictList })),
  ),
  // 机构与权利
  'dashboard/EnterOrganisation': lazy(() => import('../../modules/dashboard/org/EnterOrganisation.tsx').then((m) => ({ default: m.EnterOrganisation }))),
  'dashboard/Certification': lazy(() => import('../../modules/dashboard/org/Certification.tsx').then((m) => ({ default: m.Certification }))),
  'rights/OrgEnrolApprovalList': lazy(() => import('../../modules/rights/org/OrgEnrolApprovalList.tsx').then((m) => ({ default: m.OrgEnrolApprovalList }))),
  'rights/OrgCertifyApprovalList': lazy(() => import('../../modules/rights/org/OrgCertifyApprovalList.tsx').then((m) => ({ default: m.OrgCertifyApprovalList }))),
  'rights/RightList': lazy(() => import('../../modules/rights/right/RightList.tsx').then((m) => ({ default: m.RightList }))),
  'rights/BatchList': lazy(() => import('../../modules/rights/batch/BatchList.tsx').then((m) => ({ default: m.BatchList }))),
  'rights/BatchDetail': BatchDetail,
  'rights/OrgList': lazy(() => import('../../modules/rights/org/OrgList.tsx').then((m) => ({ default: m.OrgList }))),
  'rights/BankAccountList': lazy(() => import('../../modules/rights/bank/BankAccountList.tsx').then((m) => ({ default: m.BankAccountList }))),
  'rights/SbFileInfoList': lazy(() => import('../../modules/rights/file-info/SbFileInfoList.tsx').then((m) => ({ default: m.SbFileInfoList }))),
  'rights/ApprovalTodoList': lazy(() => import('../../modules/rights/approval/ApprovalTodoList.tsx').then((m) => ({ default: m.ApprovalTodoList }))),
  'rights/ApprovalList': lazy(() => import('../../modules/rights/approval/ApprovalList.tsx').then((m) => ({ default: m.ApprovalList }))),
};

/** The screens the router also serves at fixed paths (spec §2 route table, view group "exceptions"). */
export const staticScreens = { Exception403, Exception404, Exception500, ResultSuccess, ResultFail, TestHome, BatchDetail };

/** An internal menu link: another address shown in a frame inside the layout (JeecgBoot IframePageView). */
export const IframePage = lazy(() => import('../shell/IframePage.tsx').then((m) => ({ default: m.IframePage })));

/** Shown where the menu names a component this build does not have. */
export const UnknownScreen = lazy(() =>
  import('../../modules/exception/UnknownScreen.tsx').then((m) => ({ default: m.UnknownScreen })),
);

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
