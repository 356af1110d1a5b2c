import { index, integer, primaryKey, smallint, text, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * 定时任务 (JEECG-API §4 sys_quartz_job), with a job key of the code's registry in place of a Java class
 * name, and the schedule's own state: when the job is due next, and the lease a process takes to run it
 * (`job.scheduler.ts`). A lease that is not renewed expires, so a process that dies mid-run leaves
 * nothing stuck.
 */
export const sysQuartzJob = pgTable(
  'sys_quartz_job',
  {
    id: idColumn(),
    jobKey: varchar('job_key', { length: 64 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 100 }).notNull(),
    /** JSON, checked by the key's schema */
    parameter: text('parameter'),
    description: varchar('description', { length: 255 }),
    /** dictionary quartz_status: 0 正常 (running), -1 停止 (paused) */
    status: smallint('status').notNull().default(0),
    /** the tick the job waits for; null while paused */
    nextRun: timestamp('next_run', { withTimezone: true }),
    /** who runs it now (host:pid:random) and until when that claim holds unless renewed */
    leaseOwner: varchar('lease_owner', { length: 120 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** the run the lease belongs to: marked 中断 when its lease runs out */
    leaseRunId: varchar('lease_run_id', { length: 36 }),
    lastRunTime: timestamp('last_run_time', { withTimezone: true }),
    lastOutcome: varchar('last_outcome', { length: 12 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_quartz_job_key').on(t.jobKey), index('idx_sys_quartz_job_due').on(t.status, t.nextRun)],
);

/** One row per run of a job: when, how long, the outcome and the error, and which process ran it. */
export const sysQuartzJobRun = pgTable(
  'sys_quartz_job_run',
  {
    id: idColumn(),
    jobId: varchar('job_id', { length: 36 }).notNull(),
    jobKey: varchar('job_key', { length: 64 }).notNull(),
    /** schedule or manual */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    /** the tick it ran for (null for a manual run) */
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** running, success, failed, interrupted */
    outcome: varchar('outcome', { length: 12 }).notNull(),
    message: varchar('message', { length: 1000 }),
    errorText: text('error_text'),
    pid: integer('pid').notNull(),
    host: varchar('host', { length: 100 }).notNull(),
  },
  (t) => [index('idx_sys_quartz_job_run_job').on(t.jobId, t.startTime)],
);

/**
 * What a job has already done once and must not do again (a reminder sent for one right, one threshold
 * and one expiry date). Written in the same transaction as the work, so a rolled-back run forgets it.
 */
export const sysQuartzJobMark = pgTable(
  'sys_quartz_job_mark',
  {
    jobKey: varchar('job_key', { length: 64 }).notNull(),
    markKey: varchar('mark_key', { length: 200 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobKey, t.markKey], name: 'pk_sys_quartz_job_mark' })],
);
