import { eq } from 'drizzle-orm';
import { JOB_DEFINITIONS, JOB_KEYS, JobStatus, nextRunAfter, type JobOutcome, type JobTrigger } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
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

type DemoRun = { key: string; daysAgo: number; outcome: JobOutcome; ms: number; message?: string; error?: string; trigger?: JobTrigger };

const DEMO_RUNS: DemoRun[] = [
  { key: 'ledgerReconcile', daysAgo: 3, outcome: 'success', ms: 412, message: '核对资金池 3 个、日志 57 条，账实相符' },
  { key: 'ledgerReconcile', daysAgo: 2, outcome: 'failed', ms: 30_021, error: 'canceling statement due to statement timeout' },
  { key: 'ledgerReconcile', daysAgo: 1, outcome: 'success', ms: 388, message: '核对资金池 3 个、日志 61 条，账实相符' },
  { key: 'rightExpiryReminder', daysAgo: 2, outcome: 'success', ms: 95, message: '发送到期提醒 2 条（90 天 1 条，30 天 1 条）' },
  { key: 'rightExpiryReminder', daysAgo: 1, outcome: 'success', ms: 61, message: '发送到期提醒 0 条' },
  { key: 'logRetention', daysAgo: 1, outcome: 'success', ms: 230, message: '删除 180 天前的日志 0 条' },
  { key: 'sessionCleanup', daysAgo: 1, outcome: 'success', ms: 18, message: '删除过期会话 4 条' },
  { key: 'statsWarmup', daysAgo: 0, outcome: 'success', ms: 140, message: '预热统计 6 项', trigger: 'manual' },
];

/** A few days of history, one of them failed, so the run history drawer has something to show. */
export async function seedJobRunsDemo(db: Db): Promise<void> {
  const now = Date.now();
  for (const r of DEMO_RUNS) {
    const start = new Date(now - r.daysAgo * 86_400_000 - 3600_000);
    await db.insert(sysQuartzJobRun).values({
      id: newId(),
      jobId: jobIdOf(r.key),
      jobKey: r.key,
      trigger: r.trigger ?? 'schedule',
      scheduledTime: r.trigger === 'manual' ? null : start,
      startTime: start,
      endTime: new Date(start.getTime() + r.ms),
      durationMs: r.ms,
      outcome: r.outcome,
      message: r.message ?? null,
      errorText: r.error ?? null,
      pid: 4242,
      host: processHost,
    });
  }
  const last = new Map(DEMO_RUNS.map((r) => [r.key, r]));
  for (const [key, r] of last) {
    await db.update(sysQuartzJob).set({ lastRunTime: new Date(now - r.daysAgo * 86_400_000 - 3600_000), lastOutcome: r.outcome }).where(eq(sysQuartzJob.id, jobIdOf(key)));
  }
}
