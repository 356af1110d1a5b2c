import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { permCodes } from '../resource.ts';

/**
 * 数据导入 (issue 40): an administrator brings a JeecgBoot 2.3 database in from the browser, as
 * `npm run import:jeecg` does. The start answers a task id at once; the import runs in the server that
 * took it and writes its progress to the database, which the screen polls (any server process answers).
 */
export const JeecgImportPerm = permCodes('system:jeecgImport', ['run']);

/** The table groups in the order the import takes them: the progress names the one under way. */
export const JEECG_IMPORT_STEPS = [
  '部门与职务',
  '角色与授权',
  '用户',
  '字典',
  '分类字典',
  '菜单与数据规则',
  '填值与校验规则',
  '通告',
  '租户',
  '定时任务',
] as const;

export const JeecgImportMsg = {
  hostRequired: '请输入主机',
  hostFormat: '主机只能是主机名或 IP 地址',
  portRange: '端口应为 1 到 65535',
  databaseRequired: '请输入数据库名',
  databaseFormat: '数据库名只能包含字母、数字、下划线和短横线',
  userRequired: '请输入用户名',
  busy: '已有一个导入正在进行，请等它完成',
  notFound: '导入任务不存在',
  started: '已开始',
  refused: (where: string) => `无法连接 JeecgBoot 数据库 ${where}：连接被拒绝，请检查主机、端口和数据库是否已启动`,
  denied: (where: string) => `无法连接 JeecgBoot 数据库 ${where}：用户名或密码错误，或该用户没有访问此数据库的权限`,
  noDatabase: (where: string) => `JeecgBoot 数据库 ${where} 不存在`,
  notStock: '该数据库不是 JeecgBoot 2.3 的库（缺少 sys_user 等标准表）',
  unreachable: (where: string) => `无法连接 JeecgBoot 数据库 ${where}：主机找不到或连接超时`,
  failed: '导入失败，已写入的表组保持完整，请查看原因后重新导入（重复导入不会产生重复数据）',
} as const;

/** The source's connection; the password is used for this import only, never stored or answered. */
export const jeecgImportBody = z.object({
  host: z
    .string({ error: JeecgImportMsg.hostRequired })
    .trim()
    .min(1, JeecgImportMsg.hostRequired)
    .max(253)
    .regex(/^[A-Za-z0-9.:-]+$/, JeecgImportMsg.hostFormat),
  port: z.coerce
    .number({ error: JeecgImportMsg.portRange })
    .int(JeecgImportMsg.portRange)
    .min(1, JeecgImportMsg.portRange)
    .max(65535, JeecgImportMsg.portRange),
  database: z
    .string({ error: JeecgImportMsg.databaseRequired })
    .trim()
    .min(1, JeecgImportMsg.databaseRequired)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, JeecgImportMsg.databaseFormat),
  user: z.string({ error: JeecgImportMsg.userRequired }).trim().min(1, JeecgImportMsg.userRequired).max(80),
  password: z.string().max(200).optional(),
  dryRun: z.boolean().optional(),
});
export type JeecgImportBody = z.infer<typeof jeecgImportBody>;

export const jeecgImportGroup = z.object({
  group: z.string(),
  source: z.number(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
});
export const jeecgImportReport = z.object({
  dryRun: z.boolean(),
  groups: z.array(jeecgImportGroup),
  conflicts: z.array(z.string()),
  notImported: z.array(z.string()),
});
export type JeecgImportReport = z.infer<typeof jeecgImportReport>;

export const JEECG_IMPORT_STATES = ['running', 'done', 'failed'] as const;
export const jeecgImportTask = z.object({
  id: z.string(),
  /** host:port/database — never the user's password */
  source: z.string(),
  dryRun: z.boolean(),
  state: z.enum(JEECG_IMPORT_STATES),
  /** the table group under way (running) */
  step: z.string().nullable(),
  stepsDone: z.number(),
  stepsTotal: z.number(),
  report: jeecgImportReport.nullable(),
  error: z.string().nullable(),
});
export type JeecgImportTask = z.infer<typeof jeecgImportTask>;

export const jeecgImportFlow = defineFlow()({
  basePath: '/sys/jeecgImport',
  actions: {
    start: {
      path: 'start',
      permission: JeecgImportPerm.run,
      body: jeecgImportBody,
      reply: z.object({ id: z.string() }),
      done: JeecgImportMsg.started,
      summary: '开始导入或试运行（立即返回任务编号，导入在后台进行）',
    },
    status: {
      path: 'status',
      method: 'GET',
      permission: JeecgImportPerm.run,
      query: z.object({ id: z.string().min(1).max(36) }),
      reply: jeecgImportTask,
      done: '查询成功',
      summary: '导入任务的进度与报告',
    },
  },
});
