import { z } from 'zod';
import { Cron } from 'croner';
import { idField } from './dict.ts';
import { auditFields } from '../record-fields.ts';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';
import { BATCH_CLAIM_WINDOW_DAYS } from '../finance/claim-window.ts';

/**
 * 定时任务 (sys_quartz_job, issue #25). JeecgBoot names a Java class per job; here a job names a key of
 * the registry below, so a request can only schedule work the code provides. Its parameter is JSON,
 * checked by the key's own schema; its cron expression is read by croner in China time, on the server
 * (the schedule) and in the browser (the next five run times shown while typing).
 */

/** Every date of the system is China time; a cron expression is read in it too. */
export const JOB_TIME_ZONE = 'Asia/Shanghai';

export const JobStatus = { running: 0, paused: -1 } as const;
export type JobStatusValue = (typeof JobStatus)[keyof typeof JobStatus];

export const JOB_OUTCOMES = ['running', 'success', 'failed', 'interrupted'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];
export const JobOutcomeText: Record<JobOutcome, string> = { running: '执行中', success: '成功', failed: '失败', interrupted: '中断' };
export const JOB_TRIGGERS = ['schedule', 'manual'] as const;
export type JobTrigger = (typeof JOB_TRIGGERS)[number];
export const JobTriggerText: Record<JobTrigger, string> = { schedule: '定时', manual: '手动' };

const int = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .min(min, `${label}须在${min}到${max}之间`)
    .max(max, `${label}须在${min}到${max}之间`);

/** The registry: each key's Chinese title, what it does, its parameter schema and the schedule it is seeded with. */
export const JOB_DEFINITIONS = {
  sessionCleanup: {
    title: '过期会话清理',
    summary: '删除已过期、已注销或闲置超时的登录会话（超过宽限小时数后），分批删除。',
    params: z.strictObject({ graceHours: int(0, 720, '宽限小时数').default(24), chunk: int(100, 10_000, '每批条数').default(1000) }),
    cron: '0 15 * * * *',
    parameter: { graceHours: 24, chunk: 1000 },
  },
  rightExpiryReminder: {
    title: '商标到期提醒',
    summary: '已通过审核的商标专用权在 90/30/7 天内到期时通知所属机构；每件商标每个提醒档只通知一次。',
    params: z.strictObject({
      days: z
        .array(int(1, 365, '提醒天数'), { error: '提醒天数须为整数数组，如 [90, 30, 7]' })
        .min(1, '至少填写一个提醒天数')
        .max(5, '最多五个提醒天数')
        .refine((d) => new Set(d).size === d.length, '提醒天数不能重复')
        .default([90, 30, 7]),
    }),
    cron: '0 0 9 * * *',
    parameter: { days: [90, 30, 7] },
  },
  ledgerReconcile: {
    title: '资金池夜间对账',
    summary: '按资金池日志重算每个资金池的总额、冻结与已使用金额；有差异时通知财务人员。',
    params: z.strictObject({}),
    cron: '0 30 2 * * *',
    parameter: {},
  },
  closedBatchRelease: {
    title: '结案报销期满解冻',
    summary: `已结案线索批次的报销申请期限（结案后 ${BATCH_CLAIM_WINDOW_DAYS} 天）届满后，将仍冻结且未被待付款报销单占用的金额解冻退回资金池，并通知申请机构；仍有报销单在业务审核或财务审核中的批次待审核完成后再解冻。`,
    params: z.strictObject({}),
    cron: '0 10 1 * * *',
    parameter: {},
  },
  statsWarmup: {
    title: '统计缓存预热',
    summary: '预先计算首页与批次统计（申请数、通过数、月度走势、商标到期），让首页第一次打开就快。',
    params: z.strictObject({}),
    cron: '0 */10 * * * *',
    parameter: {},
  },
  messageSend: {
    title: '消息发送',
    summary:
      '投递消息中心里未发送和到了重试时间的消息（系统消息、短信、邮件）；失败的按 1、5、15、60 分钟退避重试，最多 5 次。多个服务进程同时运行时每条消息只投递一次。',
    params: z.strictObject({ batch: int(1, 1000, '每次条数').default(100) }),
    cron: '*/20 * * * * *',
    parameter: { batch: 100 },
  },
  logRetention: {
    title: '日志保留清理',
    summary: '删除创建时间早于保留天数的系统日志（登录与操作日志），每批删除有限条数。',
    params: z.strictObject({
      days: int(1, 3650, '保留天数').default(180),
      chunk: int(100, 10_000, '每批条数').default(1000),
    }),
    cron: '0 0 3 * * *',
    parameter: { days: 180, chunk: 1000 },
  },
  backup: {
    title: '数据备份',
    summary:
      '把数据库与全部上传文件写成一个备份文件（与 npm run backup 相同，含数量与指纹清单）放到备份目录或存储桶，只保留最近的若干个。目录为相对 DATA_DIR 的路径或绝对路径；target 为 bucket 时备份文件先写入该目录，再上传到 BACKUP_S3_BUCKET 后删除本地副本，存储桶中保留最近的若干个；内嵌数据库请在访问少的时段运行。',
    params: z.strictObject({
      dir: z.string({ error: '备份目录须为文字' }).trim().min(1, '请填写备份目录').max(500, '备份目录过长').default('backup'),
      keep: int(1, 365, '保留个数').default(7),
      target: z.enum(['folder', 'bucket'], { error: '备份位置只能是 folder（目录）或 bucket（存储桶）' }).default('folder'),
    }),
    cron: '0 0 2 * * *',
    parameter: { dir: 'backup', keep: 7 },
    /** not seeded: where backups go (and the disk they fill) is the administrator's choice, made by adding the job */
    seeded: false,
  },
} as const;

export type JobKey = keyof typeof JOB_DEFINITIONS;
export const JOB_KEYS = Object.keys(JOB_DEFINITIONS) as JobKey[];
export type JobParams<K extends JobKey> = z.output<(typeof JOB_DEFINITIONS)[K]['params']>;
export const isJobKey = (key: string): key is JobKey => Object.hasOwn(JOB_DEFINITIONS, key);
export const jobTitle = (key: string): string => (isJobKey(key) ? JOB_DEFINITIONS[key].title : key);

/**
 * The stock client names a job by its Java class (`jobClassName`). Each registry key answers to one class
 * name in the stock job package — `sessionCleanup` is `org.jeecg.modules.quartz.job.SessionCleanupJob` —
 * and the short class name or the key itself are read as the same job; any other class (the stock
 * SampleJob …) names no work this server has and is refused.
 */
export const JOB_CLASS_PACKAGE = 'org.jeecg.modules.quartz.job.';
export const jobClassNameOf = (key: JobKey): string => `${JOB_CLASS_PACKAGE}${key[0].toUpperCase()}${key.slice(1)}Job`;
export function jobKeyOfClassName(name: string): JobKey | null {
  const text = name.trim();
  if (isJobKey(text)) return text;
  return JOB_KEYS.find((key) => jobClassNameOf(key) === text || jobClassNameOf(key).slice(JOB_CLASS_PACKAGE.length) === text) ?? null;
}

export const QuartzJobMsg = {
  keyRequired: '请选择任务',
  keyUnknown: '没有这个任务（只能选择系统提供的任务）',
  keyTaken: '该任务已存在，请直接编辑',
  classUnknown: (name: string) => `没有任务类 ${name}：只能使用系统提供的任务（${JOB_KEYS.map(jobClassNameOf).join('、')}）`,
  keyReadonly: '任务不能更换，请新建',
  cronRequired: '请输入 Cron 表达式',
  cronFields: 'Cron 表达式须为 5 段（分 时 日 月 周）、6 段（秒 分 时 日 月 周）或 7 段（再加年）',
  cronInvalid: 'Cron 表达式无效，请检查各段的取值',
  cronNever: '该 Cron 表达式以后不会再触发',
  parameterJson: '参数须为 JSON 对象，如 {"days": 180}',
  notFound: '定时任务不存在',
  busy: '该任务正在执行，请稍后再试',
  added: '创建定时任务成功',
  edited: '更新定时任务成功!',
  deleted: '删除定时任务成功!',
  paused: '停止定时任务成功',
  resumed: '启动定时任务成功',
  alreadyRunning: '该任务已在运行，无需启动',
  alreadyPaused: '该任务已停止，无需再停止',
  executed: '执行成功!',
  executeFailed: (error: string) => `执行失败：${error}`,
} as const;

/** The Cron object of an expression in China time, or the Chinese reason it is refused. */
function cronOf(expression: string): Cron | string {
  const text = expression.trim();
  if (text === '') return QuartzJobMsg.cronRequired;
  const fields = text.split(/\s+/).length;
  if (fields < 5 || fields > 7) return QuartzJobMsg.cronFields;
  try {
    return new Cron(text, { timezone: JOB_TIME_ZONE, paused: true });
  } catch {
    return QuartzJobMsg.cronInvalid;
  }
}

/** Why a cron expression is refused (Chinese), or null when it is valid and fires again. */
export function cronError(expression: string): string | null {
  const cron = cronOf(expression);
  if (typeof cron === 'string') return cron;
  return cron.nextRun() ? null : QuartzJobMsg.cronNever;
}

/** The next `count` run times after `from` (the schedule and the form's preview); [] when invalid. */
export function nextRunTimes(expression: string, count: number, from: Date = new Date()): Date[] {
  const cron = cronOf(expression);
  return typeof cron === 'string' ? [] : cron.nextRuns(count, from);
}

/** The first run time strictly after `from`, or null when the expression is invalid or never fires again. */
export const nextRunAfter = (expression: string, from: Date): Date | null => nextRunTimes(expression, 1, from)[0] ?? null;

/** Where a zod issue sits in a parameter object, for the message: `days[1]`. */
const pathText = (path: readonly PropertyKey[]) =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');

/**
 * The parameter of a job, read from its JSON text (empty means every default) and checked by the key's
 * schema: `{ ok: true, value }` with the defaults filled in, or `{ ok: false, error }` in Chinese.
 */
export function parseJobParameter<K extends JobKey>(key: K, text: string | null | undefined): { ok: true; value: JobParams<K> } | { ok: false; error: string } {
  let raw: unknown = {};
  if (text && text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, error: QuartzJobMsg.parameterJson };
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: QuartzJobMsg.parameterJson };
  const parsed = (JOB_DEFINITIONS[key].params as z.ZodType).safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data as JobParams<K> };
  const issue = parsed.error.issues[0];
  const where = pathText(issue.path);
  const message = issue.code === 'unrecognized_keys' ? `不认识的参数：${issue.keys.join('、')}` : issue.message;
  return { ok: false, error: where ? `参数 ${where}：${message}` : message };
}

/** The job a body names: its `jobKey`, else the stock client's `jobClassName` read through the mapping above. */
export const jobKeyOfBody = (body: { jobKey?: string | null; jobClassName?: string | null }): string | null =>
  body.jobKey ? body.jobKey : body.jobClassName ? (jobKeyOfClassName(body.jobClassName) ?? body.jobClassName) : null;

const jobKeyRule = z.string({ error: QuartzJobMsg.keyRequired }).min(1, QuartzJobMsg.keyRequired).refine(isJobKey, QuartzJobMsg.keyUnknown);
/** The job picker's own rule (the body's key may come as `jobClassName` instead). */
export const jobKeyField = jobKeyRule;

const fields = {
  jobKey: z.string().max(255).nullish(),
  /** the stock client's name of the job (JOB_CLASS_PACKAGE); read when jobKey is absent */
  jobClassName: z.string().max(255).nullish(),
  cronExpression: z
    .string({ error: QuartzJobMsg.cronRequired })
    .max(100, 'Cron 表达式不能超过100个字符')
    .transform((v) => v.trim().replace(/\s+/g, ' ')),
  parameter: z.string().max(2000, '参数不能超过2000个字符').nullish(),
  description: z.string().max(255, '描述不能超过255个字符').nullish(),
  status: z
    .union([z.literal(0), z.literal(-1), z.literal('0'), z.literal('-1')], { error: '状态只能是 0（正常）或 -1（停止）' })
    .transform(Number)
    .default(0),
};

/** The cron expression and the parameter, each checked where it sits (the form shows the message under its field). */
const checked = (body: { jobKey?: string | null; jobClassName?: string | null; cronExpression: string; parameter?: string | null }, ctx: z.RefinementCtx) => {
  const key = jobKeyOfBody(body);
  if (!body.jobKey && body.jobClassName && !isJobKey(key ?? ''))
    ctx.addIssue({ code: 'custom', message: QuartzJobMsg.classUnknown(body.jobClassName.trim()), path: ['jobClassName'] });
  else {
    const keyed = jobKeyRule.safeParse(key ?? undefined);
    if (!keyed.success) ctx.addIssue({ code: 'custom', message: keyed.error.issues[0].message, path: ['jobKey'] });
  }
  const cron = cronError(body.cronExpression);
  if (cron) ctx.addIssue({ code: 'custom', message: cron, path: ['cronExpression'] });
  if (key && isJobKey(key)) {
    const parameter = parseJobParameter(key, body.parameter);
    if (!parameter.ok) ctx.addIssue({ code: 'custom', message: parameter.error, path: ['parameter'] });
  }
};

export const quartzJobAddBody = z.object(fields).superRefine(checked);
export const quartzJobEditBody = z.object({ id: idField, ...fields }).superRefine(checked);
export type QuartzJobAddBody = z.output<typeof quartzJobAddBody>;
export type QuartzJobEditBody = z.output<typeof quartzJobEditBody>;

export const quartzJobRecordSchema = z.object({
  id: z.string(),
  jobKey: z.string(),
  /** the stock client's name of the job (jobClassNameOf) */
  jobClassName: z.string(),
  jobTitle: z.string(),
  cronExpression: z.string(),
  parameter: z.string().nullable(),
  description: z.string().nullable(),
  status: z.number(),
  status_dictText: z.string(),
  /** GMT+8 text, null while paused */
  nextRunTime: z.string().nullable(),
  lastRunTime: z.string().nullable(),
  lastOutcome: z.enum(JOB_OUTCOMES).nullable(),
  /** a process holds the job's lease right now */
  running: z.boolean(),
  ...auditFields,
});
export type QuartzJobRecord = z.infer<typeof quartzJobRecordSchema>;

export const quartzJobRunSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobKey: z.string(),
  trigger: z.enum(JOB_TRIGGERS),
  scheduledTime: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  durationMs: z.number().nullable(),
  outcome: z.enum(JOB_OUTCOMES),
  message: z.string().nullable(),
  errorText: z.string().nullable(),
  pid: z.number(),
  host: z.string(),
});
export type QuartzJobRun = z.infer<typeof quartzJobRunSchema>;

export const QuartzJobPerm = permCodes('system:quartzJob', ['list', 'add', 'edit', 'delete', 'pause', 'resume', 'execute', 'export', 'import']);

export const QUARTZ_JOB_BASE = '/sys/quartzJob';

/** 定时任务 as a standard resource: `/sys/quartzJob/list` … `deleteBatch`. */
export const quartzJobResource = defineResource<QuartzJobRecord>()({
  basePath: QUARTZ_JOB_BASE,
  entity: '定时任务',
  perm: QuartzJobPerm,
  record: quartzJobRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: quartzJobAddBody,
  editBody: quartzJobEditBody,
  docs: {
    add: {
      description:
        '任务只能是系统提供的任务之一（jobKey：sessionCleanup、rightExpiryReminder、ledgerReconcile、closedBatchRelease、statsWarmup、logRetention），每个任务一条；原版的 jobClassName 按 org.jeecg.modules.quartz.job.<任务名首字母大写>Job 对应（如 SessionCleanupJob），其他类名被拒绝；Cron 表达式按北京时间解释（5–7 段）；参数为 JSON，按任务校验。',
    },
    edit: { description: '任务（jobKey）不可更换；新的 Cron 表达式从现在起生效。' },
  },
});

const byId = z.object({ id: idField });
/** 启动 / 停止: our screen names the job by id, the stock screen by `jobClassName`. */
const byIdOrClass = z
  .object({ id: z.string().max(64).optional(), jobClassName: z.string().max(255).optional() })
  .refine((q) => Boolean(q.id || q.jobClassName), { message: '缺少 id', path: ['id'] });
const page = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/**
 * 启动 and 停止 as a job's status offers them — 启动 a stopped job, 停止 a running one, as JeecgBoot's screen
 * shows them: the row's buttons (`offered` below) and the server's refusal of the other (`jobOffers`).
 */
export const JOB_STATUS_ACTIONS = {
  resume: { from: JobStatus.paused, to: JobStatus.running, refusal: QuartzJobMsg.alreadyRunning },
  pause: { from: JobStatus.running, to: JobStatus.paused, refusal: QuartzJobMsg.alreadyPaused },
} as const;
export type JobStatusAction = keyof typeof JOB_STATUS_ACTIONS;
export const jobOffers = (action: JobStatusAction, job: { status: number }): boolean => job.status === JOB_STATUS_ACTIONS[action].from;

/** Start, pause and run once (GET with `id`, as JeecgBoot's screen calls them), and a job's run history. */
export const quartzJobFlow = defineFlow<QuartzJobRecord>()({
  basePath: QUARTZ_JOB_BASE,
  actions: {
    resume: {
      path: 'resume',
      method: 'GET',
      permission: QuartzJobPerm.resume,
      query: byIdOrClass,
      reply: z.null(),
      done: QuartzJobMsg.resumed,
      label: '启动',
      input: (r) => ({ id: r.id }),
      tone: 'primary',
      offered: (r) => jobOffers('resume', r),
      confirm: (r) => `确定启动任务「${r.jobTitle}」吗？`,
      summary: '启动定时任务',
    },
    pause: {
      path: 'pause',
      method: 'GET',
      permission: QuartzJobPerm.pause,
      query: byIdOrClass,
      reply: z.null(),
      done: QuartzJobMsg.paused,
      label: '停止',
      input: (r) => ({ id: r.id }),
      offered: (r) => jobOffers('pause', r),
      confirm: (r) => `确定停止任务「${r.jobTitle}」吗？`,
      summary: '停止（暂停）定时任务',
    },
    execute: {
      path: 'execute',
      method: 'GET',
      permission: QuartzJobPerm.execute,
      query: byId,
      reply: quartzJobRunSchema,
      label: '立即执行',
      input: (r) => ({ id: r.id }),
      confirm: (r) => `确定立即执行一次任务「${r.jobTitle}」吗？`,
      summary: '立即执行一次（不改变下次执行时间）',
    },
    runList: {
      path: 'runList',
      method: 'GET',
      permission: QuartzJobPerm.list,
      query: z.object({
        jobId: idField,
        pageNo: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(10),
      }),
      reply: page(quartzJobRunSchema),
      summary: '任务的执行记录（最新的在前）',
    },
  },
});
