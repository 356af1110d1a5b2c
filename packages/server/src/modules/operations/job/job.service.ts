import { count, desc, eq, inArray } from 'drizzle-orm';
import {
  isJobKey,
  JOB_STATUS_ACTIONS,
  jobClassNameOf,
  jobKeyOfBody,
  jobKeyOfClassName,
  jobOffers,
  jobTitle,
  JobStatus,
  nextRunAfter,
  QuartzJobMsg,
  type JobOutcome,
  type JobTrigger,
  type Page,
  type QuartzJobAddBody,
  type QuartzJobEditBody,
  type QuartzJobRecord,
  type QuartzJobRun,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { answer } from '../../../platform/flow/flow-routes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { DataTable, SYSTEM_CHANGER, withVersions, type VersionReader } from '../../core/datalog/datalog.service.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { formatDateTime, withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysQuartzJob, sysQuartzJobRun } from './job.table.ts';
import { claimNow, newLeaseOwner, runClaimed } from './job.runner.ts';

export const quartzJobWhitelist: ListResource = {
  table: sysQuartzJob,
  fields: fieldsOf(sysQuartzJob, { jobKey: 'string', status: 'number', description: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysQuartzJob.$inferSelect;

async function records(deps: AppDeps, list: Row[]): Promise<QuartzJobRecord[]> {
  const base = list.map((row) => ({
    id: row.id,
    jobKey: row.jobKey,
    jobClassName: isJobKey(row.jobKey) ? jobClassNameOf(row.jobKey) : row.jobKey,
    jobTitle: jobTitle(row.jobKey),
    cronExpression: row.cronExpression,
    parameter: row.parameter,
    description: row.description,
    status: row.status,
    nextRunTime: row.status === JobStatus.running ? formatDateTime(row.nextRun) : null,
    lastRunTime: formatDateTime(row.lastRunTime),
    lastOutcome: (row.lastOutcome as JobOutcome | null) ?? null,
    running: row.leaseUntil !== null && new Date(row.leaseUntil).getTime() > Date.now(),
    ...withDateTexts({ createBy: row.createBy, createTime: row.createTime, updateBy: row.updateBy, updateTime: row.updateTime }),
  }));
  const texts = await deps.dicts.withDictText(
    base.map((r) => ({ ...r, status: String(r.status) })),
    { status: 'quartz_status' },
  );
  return base.map((r, i) => ({ ...r, status_dictText: texts[i].status_dictText ?? String(r.status) }));
}

/** The stock list searches by `jobClassName` (its 任务类名 field): read as the job it maps to; a class that maps to none finds nothing. */
function withStockSearch(params: ListParams): ListParams {
  const raw = params.jobClassName;
  const name = (Array.isArray(raw) ? raw[0] : raw) as unknown;
  if (typeof name !== 'string' || name.trim() === '' || params.jobKey !== undefined) return params;
  return { ...params, jobKey: jobKeyOfClassName(name.replace(/\*/g, '')) ?? '-' };
}

export async function listJobs({ deps }: ResourceCtx, params: ListParams): Promise<Page<QuartzJobRecord>> {
  const page = await pageOf<Row>(deps.db, quartzJobWhitelist, withStockSearch(params), { tieBreak: sysQuartzJob.id });
  return { ...page, records: await records(deps, page.records) };
}

async function rowOf(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, id));
  if (!row) throw new BizError(QuartzJobMsg.notFound);
  return row;
}

export async function jobById({ deps }: ResourceCtx, id: string): Promise<QuartzJobRecord> {
  return (await records(deps, [await rowOf(deps.db, id)]))[0];
}

/** The tick a job waits for: the first after now while it runs, none while it is paused. */
const nextRunOf = (status: number, cron: string, now = new Date()) => (status === JobStatus.running ? nextRunAfter(cron, now) : null);

const emptyToNull = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : null);

/** A job as its data-log versions keep it: what runs, when and with what; not the scheduler's bookkeeping (next run, lease, last outcome). */
const readJobs: VersionReader = async (db, ids) => {
  const found = await db.select().from(sysQuartzJob).where(inArray(sysQuartzJob.id, ids));
  return new Map(
    found.map(({ nextRun: _next, leaseOwner: _owner, leaseUntil: _until, leaseRunId: _run, lastRunTime: _last, lastOutcome: _outcome, ...job }) => [
      job.id,
      job,
    ]),
  );
};

/** What a form sets of a job: when and with what it runs, and its next tick. */
const scheduleOf = (body: QuartzJobAddBody) => ({
  cronExpression: body.cronExpression,
  parameter: emptyToNull(body.parameter),
  description: body.description ?? null,
  status: body.status,
  nextRun: nextRunOf(body.status, body.cronExpression),
});

/** The job a checked body names (the body's own check refused it otherwise). */
const keyOf = (body: QuartzJobAddBody): string => jobKeyOfBody(body) ?? '';

/** The job 启动 / 停止 name: by id (ours) or by the stock client's `jobClassName`. */
type JobRef = { id?: string; jobClassName?: string };

async function jobIdOf(db: Db, q: JobRef): Promise<string> {
  if (q.id) return q.id;
  const key = jobKeyOfClassName(q.jobClassName ?? '');
  if (!key) throw new BizError(QuartzJobMsg.classUnknown(q.jobClassName ?? ''));
  const [row] = await db.select({ id: sysQuartzJob.id }).from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, key));
  if (!row) throw new BizError(QuartzJobMsg.notFound);
  return row.id;
}

export async function addJob({ db, user }: ResourceCtx, body: QuartzJobAddBody): Promise<void> {
  const jobKey = keyOf(body);
  const [taken] = await db.select({ id: sysQuartzJob.id }).from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, jobKey));
  if (taken) throw new BizError(QuartzJobMsg.keyTaken);
  const id = newId();
  try {
    await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.job, [id], readJobs, (t) =>
      t.insert(sysQuartzJob).values({
        id,
        jobKey,
        ...scheduleOf(body),
        ...created(user),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(QuartzJobMsg.keyTaken);
    throw error;
  }
}

/** The key is what the job does: it stays; a changed schedule takes effect from now. */
export async function editJob({ db, user }: ResourceCtx, body: QuartzJobEditBody): Promise<void> {
  const row = await rowOf(db, body.id);
  if (row.jobKey !== keyOf(body)) throw new BizError(QuartzJobMsg.keyReadonly);
  await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.job, [body.id], readJobs, (t) =>
    t
      .update(sysQuartzJob)
      .set({ ...scheduleOf(body), ...updated(user) })
      .where(eq(sysQuartzJob.id, body.id)),
  );
}

/** Removes the jobs and their history; a run in progress finishes, and its lease release then finds no row. */
export async function deleteJobs({ db, user }: ResourceCtx, ids: string[]): Promise<void> {
  await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.job, ids, readJobs, async (t) => {
    const done = await t.delete(sysQuartzJob).where(inArray(sysQuartzJob.id, ids)).returning({ id: sysQuartzJob.id });
    if (done.length === 0) throw new BizError(QuartzJobMsg.notFound);
    await t.delete(sysQuartzJobRun).where(inArray(sysQuartzJobRun.jobId, ids));
  });
}

/** 启动 / 停止 (by id or by the stock client's class name). */
export const resumeJob = async (ctx: ResourceCtx, q: JobRef) => setJobStatus(ctx, await jobIdOf(ctx.db, q), JobStatus.running).then(() => null);
export const pauseJob = async (ctx: ResourceCtx, q: JobRef) => setJobStatus(ctx, await jobIdOf(ctx.db, q), JobStatus.paused).then(() => null);

async function setJobStatus({ db, user }: ResourceCtx, id: string, status: number): Promise<void> {
  const row = await rowOf(db, id);
  // 启动 a stopped job, 停止 a running one: the rule the screen offers its buttons by
  const action = status === JobStatus.running ? 'resume' : 'pause';
  if (!jobOffers(action, row)) throw new BizError(JOB_STATUS_ACTIONS[action].refusal);
  await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.job, [id], readJobs, (t) =>
    t
      .update(sysQuartzJob)
      .set({ status, nextRun: nextRunOf(status, row.cronExpression), ...updated(user) })
      .where(eq(sysQuartzJob.id, id)),
  );
}

type RunRow = typeof sysQuartzJobRun.$inferSelect;

const runRecord = (r: RunRow): QuartzJobRun => ({
  id: r.id,
  jobId: r.jobId,
  jobKey: r.jobKey,
  trigger: r.trigger as JobTrigger,
  scheduledTime: formatDateTime(r.scheduledTime),
  startTime: formatDateTime(r.startTime)!,
  endTime: formatDateTime(r.endTime),
  durationMs: r.durationMs,
  outcome: r.outcome as JobOutcome,
  message: r.message,
  errorText: r.errorText,
  pid: r.pid,
  host: r.host,
});

/**
 * 立即执行: one run now in this process, under the job's lease (so it never overlaps a scheduled run in
 * any process), answered with its outcome; the schedule is left as it was.
 */
export async function executeJob(deps: AppDeps, id: string): Promise<QuartzJobRun> {
  await rowOf(deps.db, id);
  const claim = await claimNow(deps.db, id, newLeaseOwner(), deps.config.jobs.leaseMs);
  if (!claim) throw new BizError(QuartzJobMsg.busy);
  const result = await runClaimed(deps, claim, deps.config.jobs.leaseMs);
  const [run] = await deps.db.select().from(sysQuartzJobRun).where(eq(sysQuartzJobRun.id, result.runId));
  return runRecord(run);
}

/** 立即执行 as the screen calls it: the run, under a message that says how it ended. */
export async function executeJobNow({ deps }: ResourceCtx, q: { id: string }) {
  const run = await executeJob(deps, q.id);
  return run.outcome === 'success' ? answer(run, QuartzJobMsg.executed) : answer(run, QuartzJobMsg.executeFailed(run.errorText ?? ''));
}

export async function listRuns({ db }: ResourceCtx, query: { jobId: string; pageNo: number; pageSize: number }): Promise<Page<QuartzJobRun>> {
  const where = eq(sysQuartzJobRun.jobId, query.jobId);
  const [{ total }] = await db.select({ total: count() }).from(sysQuartzJobRun).where(where);
  const list = await db
    .select()
    .from(sysQuartzJobRun)
    .where(where)
    .orderBy(desc(sysQuartzJobRun.startTime), desc(sysQuartzJobRun.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { records: list.map(runRecord), total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
}

export const resource = { list: listJobs, byId: jobById, add: addJob, edit: editJob, remove: deleteJobs };
