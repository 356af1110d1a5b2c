import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isJobKey, JOB_DEFINITIONS, nextRunAfter, parseJobParameter, type JobKey, type JobOutcome, type JobParams, type JobTrigger } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { countJobRun } from '../../../platform/metrics/metrics.ts';
import type { AppDeps } from '../../../platform/deps.ts';

/*
 * Running a job: the lease that makes a run the only one across every server process sharing the
 * database, the run's history row, and the handlers the features provide for the registry's keys.
 * The claim is one conditional UPDATE, so it works alike on PostgreSQL and on the embedded database.
 */

/** What a job's handler gets: the database, the app's services, its checked parameter, and `once`. */
export type JobContext<P = unknown> = {
  db: Db;
  deps: AppDeps;
  params: P;
  /**
   * True the first time `key` is marked for this job, false ever after: what a reminder uses to be sent
   * once. Give it the transaction that does the work, so a rolled-back send is not remembered as sent.
   */
  once: (db: Db, key: string) => Promise<boolean>;
};

/** A job's work; its answer (what it did, in Chinese) is kept in the run history. */
export type JobHandler<K extends JobKey = JobKey> = (ctx: JobContext<JobParams<K>>) => Promise<string | void>;
export type JobHandlers = { [K in JobKey]?: JobHandler<K> };

const handlers = new Map<string, JobHandler>();

/** The features' handlers, handed down by app.ts from features.ts (system imports no business area). */
export function registerJobHandlers(list: JobHandlers[]): void {
  for (const entry of list) for (const [key, handler] of Object.entries(entry)) handlers.set(key, handler as JobHandler);
}

export const jobHandlerOf = (key: string): JobHandler | undefined => handlers.get(key);

/** This process, as the run history names it, and the lease owner: host, pid and a random tag. */
export const processHost = os.hostname().slice(0, 100);
export const newLeaseOwner = () => `${processHost.slice(0, 80)}:${process.pid}:${randomBytes(4).toString('hex')}`;

export type Claim = { jobId: string; jobKey: string; parameter: string | null; runId: string; owner: string; scheduledTime: Date | null; trigger: JobTrigger };

type DueRow = { id: string; job_key: string; cron_expression: string; parameter: string | null; next_run: Date | string; db_now: Date | string };

const leaseInterval = (leaseMs: number) => sql`(${leaseMs} * interval '1 millisecond')`;

/**
 * Claims the jobs that are due: for each, one UPDATE that moves its next run past now and takes the
 * lease, on the condition that the job is still due and nobody holds a live lease. Two processes racing
 * for the same tick both run that UPDATE; PostgreSQL re-checks the condition on the row the first one
 * wrote, so the second matches nothing. The next run is computed from the database's clock, so a
 * process whose own clock lags cannot claim the same tick twice.
 */
export async function claimDue(db: Db, owner: string, leaseMs: number, limit = 10): Promise<Claim[]> {
  const due = await rows<DueRow>(
    db,
    sql`select id, job_key, cron_expression, parameter, next_run, now() as db_now from sys_quartz_job
         where status = 0 and next_run <= now() and (lease_until is null or lease_until < now())
         order by next_run limit ${limit}`,
  );
  const claims: Claim[] = [];
  for (const job of due) {
    const scheduled = new Date(job.next_run);
    const dbNow = new Date(job.db_now);
    const next = nextRunAfter(job.cron_expression, dbNow > scheduled ? dbNow : scheduled);
    const runId = newId();
    const won = await rows<{ id: string }>(
      db,
      sql`update sys_quartz_job
             set next_run = ${next ? next.toISOString() : null}::timestamptz, lease_owner = ${owner},
                 lease_until = now() + ${leaseInterval(leaseMs)}, lease_run_id = ${runId}
           where id = ${job.id} and status = 0 and next_run <= now() and (lease_until is null or lease_until < now())
           returning id`,
    );
    if (won.length) claims.push({ jobId: job.id, jobKey: job.job_key, parameter: job.parameter, runId, owner, scheduledTime: scheduled, trigger: 'schedule' });
  }
  return claims;
}

/**
 * The lease of one job for a run now (立即执行), whatever its schedule; null when another run holds it.
 * The next scheduled run stays where it is.
 */
export async function claimNow(db: Db, jobId: string, owner: string, leaseMs: number): Promise<Claim | null> {
  const runId = newId();
  const [won] = await rows<{ job_key: string; parameter: string | null }>(
    db,
    sql`update sys_quartz_job set lease_owner = ${owner}, lease_until = now() + ${leaseInterval(leaseMs)}, lease_run_id = ${runId}
         where id = ${jobId} and (lease_until is null or lease_until < now())
         returning job_key, parameter`,
  );
  return won ? { jobId, jobKey: won.job_key, parameter: won.parameter, runId, owner, scheduledTime: null, trigger: 'manual' } : null;
}

const ERROR_TEXT_MAX = 4000;
const errorTextOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error)).slice(0, ERROR_TEXT_MAX);

export type RunResult = { runId: string; outcome: JobOutcome; message: string | null; errorText: string | null; durationMs: number };

/**
 * Runs a claimed job and writes its history: the run row first (outcome running, this process), a
 * heartbeat that renews the lease while the work goes on, then the outcome, the duration and the error
 * text, and the lease given back. A run that a dead process left `running` is marked 中断 here: holding
 * the lease means its owner's lease ran out.
 */
export async function runClaimed(deps: AppDeps, claim: Claim, leaseMs: number): Promise<RunResult> {
  const { db } = deps;
  const started = new Date();
  await db.execute(
    sql`update sys_quartz_job_run set outcome = 'interrupted', end_time = now(), error_text = '执行进程中断，租约到期后由其他执行接管'
         where job_id = ${claim.jobId} and outcome = 'running'`,
  );
  await db.execute(
    sql`insert into sys_quartz_job_run (id, job_id, job_key, trigger, scheduled_time, start_time, outcome, pid, host)
        values (${claim.runId}, ${claim.jobId}, ${claim.jobKey}, ${claim.trigger}, ${claim.scheduledTime?.toISOString() ?? null}::timestamptz,
                ${started.toISOString()}::timestamptz, 'running', ${process.pid}, ${processHost})`,
  );
  const heartbeat = setInterval(
    () => {
      db.execute(
        sql`update sys_quartz_job set lease_until = now() + ${leaseInterval(leaseMs)} where id = ${claim.jobId} and lease_run_id = ${claim.runId}`,
      ).catch(() => undefined);
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  let outcome: JobOutcome = 'success';
  let message: string | null = null;
  let errorText: string | null = null;
  try {
    message = (await runHandler(deps, claim)) || null;
  } catch (error) {
    outcome = 'failed';
    errorText = errorTextOf(error);
  } finally {
    clearInterval(heartbeat);
  }
  const durationMs = Date.now() - started.getTime();
  await db.execute(
    sql`update sys_quartz_job_run set outcome = ${outcome}, end_time = now(), duration_ms = ${durationMs}, message = ${message?.slice(0, 1000) ?? null}, error_text = ${errorText}
         where id = ${claim.runId}`,
  );
  await db.execute(
    sql`update sys_quartz_job set lease_owner = null, lease_until = null, lease_run_id = null, last_run_time = ${started.toISOString()}::timestamptz, last_outcome = ${outcome}
         where id = ${claim.jobId} and lease_run_id = ${claim.runId}`,
  );
  countJobRun(claim.jobKey, outcome);
  return { runId: claim.runId, outcome, message, errorText, durationMs };
}

async function runHandler(deps: AppDeps, claim: Claim): Promise<string | void> {
  if (!isJobKey(claim.jobKey)) throw new Error(`没有这个任务：${claim.jobKey}`);
  const handler = jobHandlerOf(claim.jobKey);
  if (!handler) throw new Error(`任务「${JOB_DEFINITIONS[claim.jobKey].title}」没有实现`);
  const parameter = parseJobParameter(claim.jobKey, claim.parameter);
  if (!parameter.ok) throw new Error(parameter.error);
  const once = async (db: Db, key: string) =>
    (
      await rows(
        db,
        sql`insert into sys_quartz_job_mark (job_key, mark_key) values (${claim.jobKey}, ${key.slice(0, 200)}) on conflict do nothing returning job_key`,
      )
    ).length > 0;
  return handler({ db: deps.db, deps, params: parameter.value, once });
}
