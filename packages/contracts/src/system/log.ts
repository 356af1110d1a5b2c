import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { defineFlow } from '../flow.ts';
import { Msg } from '../messages.ts';
import { defineResource, permCodes } from '../resource.ts';

/** 系统日志 (sys_log): 登录日志 (log_type 1) and 操作日志 (log_type 2), as stock JeecgBoot's SysLogController. */
export const LogType = { login: 1, operation: 2 } as const;
export type LogTypeValue = (typeof LogType)[keyof typeof LogType];

/**
 * operate_type (dictionary 操作类型): chosen from the route's last path segment, as JeecgBoot's AutoLogAspect
 * does from the method name. 1–6 are stock's; 7–9 name what a sign-in, a sign-out and an SMS code request
 * are, which stock never writes as operations and which showed 操作类型 "—" here (issue 36).
 */
export const OperateType = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6, login: 7, logout: 8, sms: 9 } as const;
export const OPERATE_TYPE_TEXT: Record<number, string> = {
  1: '查询',
  2: '添加',
  3: '修改',
  4: '删除',
  5: '导入',
  6: '导出',
  7: '登录',
  8: '退出登录',
  9: '发送验证码',
};

/** `deleteBatch?ids=allclear`: stock SysLogController's ALL_ClEAR, refused here like every other deletion. */
export const LOG_CLEAR_ALL = 'allclear';

export const LogMsg = {
  notFound: '找不到对应实体',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  idsRequired: '参数不识别！',
  deleteRefused: '日志不能手动删除或清空：登录日志和操作日志只由“日志保留清理”定时任务按保留期删除',
} as const;

export const logRecordSchema = z.object({
  id: z.string(),
  logType: z.number(),
  logContent: z.string().nullable(),
  operateType: z.number().nullable(),
  /** 操作类型 in words (the stock list's column reads it) */
  operateType_dictText: z.string().nullable().optional(),
  /** the username (JeecgBoot's naming) */
  userid: z.string().nullable(),
  /** the real name (JeecgBoot's naming) */
  username: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string().nullable(),
  requestUrl: z.string().nullable(),
  requestParam: z.string().nullable(),
  requestType: z.string().nullable(),
  costTime: z.number().nullable(),
  permissionCode: z.string().nullable(),
  statusCode: z.number().nullable(),
  success: z.boolean().nullable(),
  errorMsg: z.string().nullable(),
  ...auditFields,
});
export type LogRecord = z.infer<typeof logRecordSchema>;

export const LogPerm = permCodes('system:log', ['list', 'delete', 'export']);

/**
 * 系统日志 as a standard resource: `/sys/log/list`, `exportXls`; `delete` and `deleteBatch` (ids or `allclear`)
 * answer a refusal, kept so the stock client hears why rather than a 404.
 */
export const logResource = defineResource<LogRecord>()({
  basePath: '/sys/log',
  entity: '日志',
  perm: LogPerm,
  record: logRecordSchema,
  routes: ['list', 'delete', 'deleteBatch', 'exportXls'],
  docs: {
    list: {
      summary: '系统日志列表',
      description:
        'logType 1 登录日志、2 操作日志；createTime_begin/createTime_end 时间范围；user、ip、keyWord（日志内容或地址）、operateType、success；默认按时间倒序（column=createTime&order=asc 可改）。操作日志的 requestParam 已去掉密码、令牌、验证码和文件内容。',
    },
    delete: { description: '不可用：日志只由“日志保留清理”定时任务按保留期删除，此接口只回答拒绝的原因（保留它，老版前端不会得到 404）。' },
    deleteBatch: { description: `不可用：日志只由“日志保留清理”定时任务按保留期删除；ids=${LOG_CLEAR_ALL}（清空全部）同样被拒绝。` },
  },
});

/** The stock JeecgBoot 2.3 dashboard's visit figures (LoginController loginfo/visitInfo): this web does not show them. */
export const loginInfoSchema = z.object({ todayVisitCount: z.number(), todayIp: z.number(), totalVisitCount: z.number() });
/** one day: `tian` the date, `type` its month-day label on the chart's axis (JeecgBoot's names) */
export const visitDaySchema = z.object({ visit: z.number(), ip: z.number(), tian: z.string(), type: z.string() });

/**
 * Those figures declared as queries (issue 37), served by `registerFlow`. They answer 登录成功 as stock
 * LoginController does; any signed-in user may ask.
 */
export const visitQueries = defineFlow()({
  basePath: '/sys',
  actions: {
    loginInfo: {
      path: 'loginfo',
      method: 'GET',
      signedIn: true,
      reply: loginInfoSchema,
      done: Msg.loginOk,
      summary: '访问量（首页）',
    },
    visitInfo: {
      path: 'visitInfo',
      method: 'GET',
      signedIn: true,
      reply: z.array(visitDaySchema),
      done: Msg.loginOk,
      summary: '近 7 日访问量（首页图表）',
    },
  },
});
