import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import type { FeatureMenu } from '../seed/buttons.ts';
import type { FileKind } from './core/files/file-kinds.ts';
import type { JobHandlers } from './operations/job/job.runner.ts';
import { authRoutes } from './identity/auth/auth.routes.ts';
import { casRoutes } from './identity/cas/cas.routes.ts';
import { thirdLoginRoutes } from './identity/third-login/third-login.routes.ts';
import { logRoutes } from './operations/log/log.routes.ts';
import { logMenu } from './operations/log/log.menu.ts';
import { smsRoutes } from './identity/sms/sms.routes.ts';
import { smsOutboxMenu } from './identity/sms/sms.menu.ts';
import { registerRoutes } from './identity/register/register.routes.ts';
import { dataLogRoutes } from './operations/datalog/datalog.routes.ts';
import { dataLogMenu } from './operations/datalog/datalog.menu.ts';
import { ossFileMenu } from './operations/oss-file/oss-file.menu.ts';
import { ossFileRoutes } from './operations/oss-file/oss-file.routes.ts';
import { avatarFileKind } from './identity/user/user.files.ts';
import { batchFileKind } from './rights/batch/batch.files.ts';
import { claimFileKind } from './finance/claim/claim.files.ts';
import { userSessionRoutes } from './identity/user/user-session.routes.ts';
import { accountCenterRoutes } from './identity/account-center/account-center.routes.ts';
import { userRoutes } from './identity/user/user.routes.ts';
import { userMenu } from './identity/user/user.menu.ts';
import { permissionRoutes } from './identity/permission/permission.routes.ts';
import { permissionAdminRoutes } from './identity/permission/permission.admin.routes.ts';
import { permissionMenu } from './identity/permission/permission.menu.ts';
import { roleRoutes } from './identity/role/role.routes.ts';
import { roleMenu } from './identity/role/role.menu.ts';
import { departRoutes } from './identity/depart/depart.routes.ts';
import { departMenu } from './identity/depart/depart.menu.ts';
import { positionRoutes } from './identity/position/position.routes.ts';
import { positionMenu } from './identity/position/position.menu.ts';
import { tenantRoutes } from './identity/tenant/tenant.routes.ts';
import { tenantMenu } from './identity/tenant/tenant.menu.ts';
import { addressListRoutes } from './identity/address-list/address-list.routes.ts';
import { addressListMenu } from './identity/address-list/address-list.menu.ts';
import { fileInfoRoutes } from './rights/file-info/file-info.routes.ts';
import { fileInfoMenu } from './rights/file-info/file-info.menu.ts';
import { orgRoutes } from './rights/org/org.routes.ts';
import { orgFileKind } from './rights/org/org.files.ts';
import { approvalRoutes } from './rights/approval/approval.routes.ts';
import { bankRoutes } from './rights/bank/bank.routes.ts';
import { bankMenu } from './rights/bank/bank.menu.ts';
import { bankFileKind } from './rights/bank/bank.files.ts';
import { rightRoutes } from './rights/right/right.routes.ts';
import { rightMenu } from './rights/right/right.menu.ts';
import { rightFileKind } from './rights/right/right.files.ts';
import { dictRoutes } from './config/dict/dict.routes.ts';
import { dictMenu, tableDictMenu } from './config/dict/dict.menu.ts';
import { categoryRoutes } from './config/category/category.routes.ts';
import { categoryMenu } from './config/category/category.menu.ts';
import { fillRuleRoutes } from './config/fill-rule/fill-rule.routes.ts';
import { fillRuleMenu } from './config/fill-rule/fill-rule.menu.ts';
import { checkRuleRoutes } from './config/check-rule/check-rule.routes.ts';
import { checkRuleMenu } from './config/check-rule/check-rule.menu.ts';
import { duplicateRoutes } from './config/duplicate/duplicate.routes.ts';
import { announcementRoutes } from './messaging/announcement/announcement.routes.ts';
import { announcementMenu } from './messaging/announcement/announcement.menu.ts';
import { announcementFileKind } from './messaging/announcement/announcement.files.ts';
import { poolRoutes } from './finance/pool/pool.routes.ts';
import { poolLogMenu, poolMenu } from './finance/pool/pool.menu.ts';
import { batchRoutes } from './rights/batch/batch.routes.ts';
import { batchMenu } from './rights/batch/batch.menu.ts';
import { claimRoutes } from './finance/claim/claim.routes.ts';
import { claimMenu, paymentMenu } from './finance/claim/claim.menu.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { monitorMenu, taskChartMenu, workplaceMenu } from './dashboard/dashboard.menu.ts';
import { jobRoutes } from './operations/job/job.routes.ts';
import { quartzJobMenu } from './operations/job/job.menu.ts';
import { systemJobs } from './operations/job/system.jobs.ts';
import { rightJobs } from './rights/right/right.jobs.ts';
import { poolJobs } from './finance/pool/pool.jobs.ts';
import { batchJobs } from './rights/batch/batch.jobs.ts';
import { dashboardJobs } from './dashboard/dashboard.jobs.ts';
import { messageRoutes } from './messaging/message/message.routes.ts';
import { messageMenu, messageTemplateMenu } from './messaging/message/message.menu.ts';
import { messageJobs } from './messaging/message/message.jobs.ts';
import { monitorRoutes } from './operations/monitor/monitor.routes.ts';
import { monitorMenus } from './operations/monitor/monitor.menu.ts';
import { gatewayRoutes } from './operations/gateway/gateway.routes.ts';
import { gatewayRouteMenu } from './operations/gateway/gateway.menu.ts';
import { dataSourceRoutes } from './operations/datasource/datasource.routes.ts';
import { dataSourceMenu } from './operations/datasource/datasource.menu.ts';
import { jeecgImportRoutes } from './operations/jeecg-import/jeecg-import.routes.ts';
import { jeecgImportMenu } from './operations/jeecg-import/jeecg-import.menu.ts';
import { reportRoutes } from './reports/report/report.routes.ts';
import { reportAutoMenu, reportMenu } from './reports/report/report.menu.ts';

/**
 * A feature as the app and the seed see it: its routes (registered under API_BASE) and its own menu
 * rows (seeded once each, after the menu sections exist).
 */
export type Feature = {
  routes: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
  menus?: FeatureMenu[];
  /** the records of the feature that files are linked to (文件信息's 所属业务) */
  fileKinds?: FileKind[];
  /** the work it does for keys of the 定时任务 registry (contracts JOB_DEFINITIONS) */
  jobs?: JobHandlers;
};

/** Every feature, one line each: adding a feature is adding its line here. */
export const features: Feature[] = [
  { routes: authRoutes },
  { routes: casRoutes },
  { routes: thirdLoginRoutes },
  { routes: logRoutes, menus: [logMenu] },
  { routes: smsRoutes, menus: [smsOutboxMenu] },
  { routes: messageRoutes, menus: [messageTemplateMenu, messageMenu], jobs: messageJobs },
  { routes: registerRoutes },
  { routes: dataLogRoutes, menus: [dataLogMenu] },
  { routes: ossFileRoutes, menus: [ossFileMenu] },
  { routes: userSessionRoutes },
  { routes: accountCenterRoutes },
  { routes: userRoutes, menus: [userMenu], fileKinds: [avatarFileKind] },
  { routes: permissionRoutes },
  { routes: permissionAdminRoutes, menus: [permissionMenu] },
  { routes: roleRoutes, menus: [roleMenu] },
  { routes: departRoutes, menus: [departMenu] },
  { routes: positionRoutes, menus: [positionMenu] },
  { routes: tenantRoutes, menus: [tenantMenu] },
  { routes: addressListRoutes, menus: [addressListMenu] },
  { routes: fileInfoRoutes, menus: [fileInfoMenu] },
  { routes: orgRoutes, fileKinds: [orgFileKind] },
  { routes: approvalRoutes },
  { routes: bankRoutes, menus: [bankMenu], fileKinds: [bankFileKind] },
  { routes: rightRoutes, menus: [rightMenu], fileKinds: [rightFileKind], jobs: rightJobs },
  { routes: dictRoutes, menus: [dictMenu, tableDictMenu] },
  { routes: categoryRoutes, menus: [categoryMenu] },
  { routes: fillRuleRoutes, menus: [fillRuleMenu] },
  { routes: checkRuleRoutes, menus: [checkRuleMenu] },
  { routes: duplicateRoutes },
  { routes: announcementRoutes, menus: [announcementMenu], fileKinds: [announcementFileKind] },
  { routes: poolRoutes, menus: [poolMenu, poolLogMenu], jobs: poolJobs },
  { routes: batchRoutes, menus: [batchMenu], jobs: batchJobs, fileKinds: [batchFileKind] },
  { routes: claimRoutes, menus: [claimMenu, paymentMenu], fileKinds: [claimFileKind] },
  { routes: dashboardRoutes, menus: [workplaceMenu, taskChartMenu, monitorMenu], jobs: dashboardJobs },
  { routes: jobRoutes, menus: [quartzJobMenu], jobs: systemJobs },
  { routes: monitorRoutes, menus: monitorMenus },
  { routes: gatewayRoutes, menus: [gatewayRouteMenu] },
  { routes: dataSourceRoutes, menus: [dataSourceMenu] },
  { routes: jeecgImportRoutes, menus: [jeecgImportMenu] },
  { routes: reportRoutes, menus: [reportMenu, reportAutoMenu] },
];
