import { eq, sql } from 'drizzle-orm';
import { ClaimWindowMsg, JOB_DEFINITIONS, JOB_KEYS, JobStatus, nextRunAfter, toCents, type JobKey, type JobOutcome } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysQuartzJob, sysQuartzJobRun } from './job.table.ts';
import { processHost } from './job.runner.ts';

/** Job ids are fixed so that the demo's run history can name them. */
const jobIdOf = (key: string) => `job:${key}`;

/** Every job of the registry, running on its usual schedule: a fresh install does its routine work from the start. */
export async function seedJobs(db: Db): Promise<void> {
  const now = new Date();
  for (const key of JOB_KEYS) {
    const def = JOB_DEFINITIONS[key];
    if ('seeded' in def && !def.seeded) continue;
    await db
      .insert(sysQuartzJob)
      .values({
        id: jobIdOf(key),
        jobKey: key,
        cronExpression: def.cron,
        parameter: JSON.stringify(def.parameter),
        description: def.summary,
        status: JobStatus.running,
        nextRun: nextRunAfter(def.cron, now),
        createBy: 'system',
      })
      .onConflictDoNothing();
  }
}

type DemoRun = { key: JobKey; start: Date; outcome: JobOutcome; ms: number; message?: string; error?: string };

/** The last `n` times a cron fired before `before`, oldest first: when the scheduler would have run it. */
function lastFires(cron: string, before: Date, n: number): Date[] {
  const fires: Date[] = [];
  for (let at = nextRunAfter(cron, new Date(before.getTime() - 4 * 86_400_000)); at && at < before; at = nextRunAfter(cron, at)) {
    fires.push(at);
    if (fires.length > n) fires.shift();
  }
  return fires;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(db, query))[0].n);

/**
 * A few days of history at the times the schedule fires, each saying what that run found in the demo data
 * as it stood then: 对账 counts the pools and log rows of that moment (one night it timed out), 结案报销期满解冻
 * ran on each night the demo ledger shows its releases, with their count and total. 商标到期提醒 has not run
 * yet, so its first run sends the reminders the demo's expiring marks call for.
 */
export async function seedJobRunsDemo(db: Db): Promise<void> {
  const now = new Date();
  const runs: DemoRun[] = [];
  const fires = (key: JobKey, n: number) => lastFires(JOB_DEFINITIONS[key].cron, now, n);

  for (const [i, start] of fires('ledgerReconcile', 3).entries()) {
    if (i === 1) {
      runs.push({ key: 'ledgerReconcile', start, outcome: 'failed', ms: 30_021, error: 'canceling statement due to statement timeout' });
      continue;
    }
    const pools = await count(db, sql`select count(*)::int as n from fin_capital_pool where create_time <= ${start}`);
    const logs = await count(db, sql`select count(*)::int as n from fin_capital_pool_log where create_time <= ${start}`);
    runs.push({ key: 'ledgerReconcile', start, outcome: 'success', ms: 380 + i * 16, message: `核对资金池 ${pools} 个、日志 ${logs} 条，账实相符` });
  }

  const released = await rows<{ at: Date | string; n: number; total: string }>(
    db,
    sql`select create_time as at, count(*)::int as n, sum(amount)::text as total from fin_capital_pool_log
         where remark = ${ClaimWindowMsg.ledgerRemark} group by create_time order by create_time`,
  );
  const releaseRuns = new Map(released.map((r) => [new Date(r.at).getTime(), r]));
  for (const start of fires('closedBatchRelease', 3)) if (!releaseRuns.has(start.getTime())) releaseRuns.set(start.getTime(), { at: start, n: 0, total: '0' });
  for (const [at, r] of releaseRuns) {
    runs.push({
      key: 'closedBatchRelease',
      start: new Date(at),
      outcome: 'success',
      ms: 40 + r.n * 12,
      message: ClaimWindowMsg.runAnswer(r.n, toCents(r.total), 0, []),
    });
  }

  const days = JOB_DEFINITIONS.logRetention.parameter.days;
  for (const start of fires('logRetention', 1)) {
    // the demo log starts within the retention period, so the night's run had nothing to remove
    const old = await count(db, sql`select count(*)::int as n from sys_log where create_time < ${new Date(start.getTime() - days * 86_400_000)}`);
    if (old === 0) runs.push({ key: 'logRetention', start, outcome: 'success', ms: 230, message: `删除 ${days} 天前的日志 0 条` });
  }
  for (const [i, start] of fires('sessionCleanup', 3).entries())
    runs.push({ key: 'sessionCleanup', start, outcome: 'success', ms: 18 - i, message: `删除过期会话 ${[3, 0, 1][i]} 条` });
  for (const start of fires('statsWarmup', 1)) runs.push({ key: 'statsWarmup', start, outcome: 'success', ms: 140, message: '预热统计 6 项' });

  for (const r of runs) {
    await db.insert(sysQuartzJobRun).values({
      id: newId(),
      jobId: jobIdOf(r.key),
      jobKey: r.key,
      trigger: 'schedule',
      scheduledTime: r.start,
      startTime: r.start,
      endTime: new Date(r.start.getTime() + r.ms),
      durationMs: r.ms,
      outcome: r.outcome,
      message: r.message ?? null,
      errorText: r.error ?? null,
      pid: 4242,
      host: processHost,
    });
  }
  const last = new Map<string, DemoRun>();
  for (const r of runs) if ((last.get(r.key)?.start.getTime() ?? 0) < r.start.getTime()) last.set(r.key, r);
  for (const [key, r] of last) {
    await db
      .update(sysQuartzJob)
      .set({ lastRunTime: r.start, lastOutcome: r.outcome })
      .where(eq(sysQuartzJob.id, jobIdOf(key)));
  }
}
