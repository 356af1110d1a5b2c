import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, chinaToday, QuartzJobMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { rows } from '../../../platform/db/client.ts';
import { approvedRight, batchRig } from '../../rights/batch/batch.fixtures.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { sysQuartzJob, sysQuartzJobRun } from './job.table.ts';
import { claimDue, newLeaseOwner, runClaimed } from './job.runner.ts';
import { startScheduler } from './job.scheduler.ts';
import { metricsRegistry } from '../../../platform/metrics/metrics.ts';
import { rewordTemplate } from '../../messaging/message/message.fixtures.ts';

/*
 * Issue #25 定时任务: the routes (stock /sys/quartzJob/…), the validation of the cron expression and of
 * the parameter per job, the claim that makes one tick run once, and each job's effect.
 */

describe(`定时任务 (sys_quartz_job) on ${dbKind} (issue #25)`, async () => {
  const { rig, finance, a, b } = await batchRig();
  const db = rig.database.db;
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => rig.call(admin, method, url, body);
  const jobId = (key: string) => `job:${key}`;
  const notices = (busType: string) =>
    rows<{ id: string; titile: string; user_ids: string; msg_content: string }>(
      db,
      sql`select id, titile, user_ids, msg_content from sys_announcement where bus_type = ${busType} order by create_time`,
    );

  it('lists the seven seeded jobs (消息发送 since issue 38) with their Chinese titles, status text and next run; only the administrator may', async () => {
    const list = await call('GET', '/sys/quartzJob/list?pageSize=50');
    expect(list.success, list.message).toBe(true);
    const keys = list.result.records.map((r: { jobKey: string }) => r.jobKey).sort();
    expect(keys).toEqual(['closedBatchRelease', 'ledgerReconcile', 'logRetention', 'messageSend', 'rightExpiryReminder', 'sessionCleanup', 'statsWarmup']);
    const reconcile = list.result.records.find((r: { jobKey: string }) => r.jobKey === 'ledgerReconcile');
    expect(reconcile).toMatchObject({ jobTitle: '资金池夜间对账', status: 0, status_dictText: '正常', cronExpression: '0 30 2 * * *', running: false });
    // 02:30 China time, written as JeecgBoot writes dates (GMT+8)
    expect(reconcile.nextRunTime).toMatch(/ 02:30:00$/);
    expect((await rig.call(finance.token, 'GET', '/sys/quartzJob/list')).success).toBe(false);
  });

  it('add and edit refuse a bad cron expression, a key outside the registry and a bad parameter, in Chinese', async () => {
    await call('DELETE', `/sys/quartzJob/delete?id=${jobId('statsWarmup')}`);
    const badCron = await call('POST', '/sys/quartzJob/add', { jobKey: 'statsWarmup', cronExpression: '0 0 25 * * *' });
    expect(badCron).toMatchObject({ success: false });
    expect(badCron.message).toContain(QuartzJobMsg.cronInvalid);
    const className = await call('POST', '/sys/quartzJob/add', { jobKey: 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: '0 0 2 * * ?' });
    expect(className.message).toContain(QuartzJobMsg.keyUnknown);
    const badParam = await call('PUT', '/sys/quartzJob/edit', {
      id: jobId('logRetention'),
      jobKey: 'logRetention',
      cronExpression: '0 0 3 * * ?',
      parameter: '{"days": 0}',
    });
    expect(badParam.message).toContain('参数 days：保留天数须在1到3650之间');
    const added = await call('POST', '/sys/quartzJob/add', { jobKey: 'statsWarmup', cronExpression: '0 */5 * * * ?', description: '五分钟一次' });
    expect(added).toMatchObject({ success: true, message: QuartzJobMsg.added });
    expect((await call('POST', '/sys/quartzJob/add', { jobKey: 'statsWarmup', cronExpression: '0 */5 * * * ?' })).message).toBe(QuartzJobMsg.keyTaken);
    const [row] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    const moved = await call('PUT', '/sys/quartzJob/edit', { id: row.id, jobKey: 'logRetention', cronExpression: '0 */5 * * * ?' });
    expect(moved.message).toBe(QuartzJobMsg.keyReadonly);
  });

  it('pause clears the next run and resume sets it from now; the claim skips a paused job', async () => {
    const id = jobId('sessionCleanup');
    expect(await call('GET', `/sys/quartzJob/pause?id=${id}`)).toMatchObject({ success: true, message: QuartzJobMsg.paused });
    expect((await call('GET', `/sys/quartzJob/queryById?id=${id}`)).result).toMatchObject({ status: -1, status_dictText: '停止', nextRunTime: null });
    // issue 37: what the row does not offer (jobOffers) is refused — 停止 a stopped job, 启动 a running one
    expect(await call('GET', `/sys/quartzJob/pause?id=${id}`)).toMatchObject({ success: false, message: QuartzJobMsg.alreadyPaused });
    await db
      .update(sysQuartzJob)
      .set({ nextRun: new Date(Date.now() - 1000) })
      .where(eq(sysQuartzJob.id, id));
    expect((await claimDue(db, newLeaseOwner(), 5000)).map((c) => c.jobKey)).not.toContain('sessionCleanup');
    expect(await call('GET', `/sys/quartzJob/resume?id=${id}`)).toMatchObject({ success: true, message: QuartzJobMsg.resumed });
    const [row] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, id));
    expect(row.status).toBe(0);
    expect(row.nextRun!.getTime()).toBeGreaterThan(Date.now());
    expect(await call('GET', `/sys/quartzJob/resume?id=${id}`)).toMatchObject({ success: false, message: QuartzJobMsg.alreadyRunning });
  });

  it('the claim: of two processes racing for one due tick only one wins, the next run moves past now, and a held lease is not taken', async () => {
    await db
      .update(sysQuartzJob)
      .set({ nextRun: new Date(Date.now() - 500) })
      .where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    const [one, two] = await Promise.all([claimDue(db, newLeaseOwner(), 60_000), claimDue(db, newLeaseOwner(), 60_000)]);
    const won = [...one, ...two].filter((c) => c.jobKey === 'statsWarmup');
    expect(won).toHaveLength(1);
    const [row] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    expect(row.nextRun!.getTime()).toBeGreaterThan(Date.now());
    // due again while the lease holds: nobody claims it
    await db
      .update(sysQuartzJob)
      .set({ nextRun: new Date(Date.now() - 500) })
      .where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    expect((await claimDue(db, newLeaseOwner(), 60_000)).filter((c) => c.jobKey === 'statsWarmup')).toEqual([]);
    // run now is refused while the lease holds, too
    expect((await call('GET', `/sys/quartzJob/execute?id=${row.id}`)).message).toBe(QuartzJobMsg.busy);
    // its owner died mid-run (a run row left running); the lease runs out and the next claim takes over
    await db
      .insert(sysQuartzJobRun)
      .values({ id: won[0].runId, jobId: row.id, jobKey: 'statsWarmup', trigger: 'schedule', startTime: new Date(), outcome: 'running', pid: 1, host: 'gone' });
    await db
      .update(sysQuartzJob)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    const [taken] = (await claimDue(db, newLeaseOwner(), 60_000)).filter((c) => c.jobKey === 'statsWarmup');
    expect(taken).toBeDefined();
    const result = await runClaimed(rig.deps, taken, 60_000);
    expect(result).toMatchObject({ outcome: 'success', message: '预热统计 5 项' });
    const runs = (await call('GET', `/sys/quartzJob/runList?jobId=${row.id}`)).result.records;
    expect(runs.map((r: { outcome: string }) => r.outcome)).toEqual(['success', 'interrupted']);
    expect(runs[1].errorText).toContain('中断');
    expect(runs[0]).toMatchObject({ trigger: 'schedule', pid: process.pid });
    const after = (await call('GET', `/sys/quartzJob/queryById?id=${row.id}`)).result;
    expect(after).toMatchObject({ running: false, lastOutcome: 'success' });
  });

  it('the scheduler of a process runs a job due every second on its ticks and stops cleanly', async () => {
    await db.update(sysQuartzJob).set({ status: -1, nextRun: null });
    const [row] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    await call('PUT', '/sys/quartzJob/edit', { id: row.id, jobKey: 'statsWarmup', cronExpression: '* * * * * *', status: 0 });
    const before = (await db.select().from(sysQuartzJobRun).where(eq(sysQuartzJobRun.jobId, row.id))).length;
    const scheduler = startScheduler(rig.deps, { pollMs: 100, leaseMs: 5000, onError: (e) => expect.unreachable(String(e)) });
    await new Promise((r) => setTimeout(r, 2600));
    await scheduler.stop();
    const runs = await db.select().from(sysQuartzJobRun).where(eq(sysQuartzJobRun.jobId, row.id));
    const ticks = runs.slice(before).map((r) => r.scheduledTime!.getTime());
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(runs.every((r) => r.outcome !== 'running')).toBe(true);
    await call('GET', `/sys/quartzJob/pause?id=${row.id}`);
  });

  it('商标到期提醒: each right is announced to its organisation once per threshold it reaches, under the smallest', async () => {
    const today = chinaToday();
    await approvedRight(rig, a, 11, { expireDate: addDays(today, 5) });
    await approvedRight(rig, a, 12, { expireDate: addDays(today, 20) });
    const later = await approvedRight(rig, b, 13, { expireDate: addDays(today, 80) });
    await approvedRight(rig, b, 14, { expireDate: addDays(today, 200) });
    await approvedRight(rig, b, 15, { expireDate: addDays(today, 10), delFlag: '1' });
    const runsCounted = async () =>
      (await metricsRegistry.getSingleMetric('sbwq_job_runs_total')!.get()).values.find(
        (v) => v.labels.job === 'rightExpiryReminder' && v.labels.outcome === 'success',
      )?.value ?? 0;
    const countedBefore = await runsCounted();
    const first = await call('GET', `/sys/quartzJob/execute?id=${jobId('rightExpiryReminder')}`);
    expect(first).toMatchObject({ success: true, message: QuartzJobMsg.executed, result: { outcome: 'success', trigger: 'manual' } });
    // #25 /metrics: every run is counted by job key and outcome
    expect(await runsCounted()).toBe(countedBefore + 1);
    expect(first.result.message).toBe('发送到期提醒 3 条，涉及商标 3 件');
    const sent = await notices('right_expiry');
    expect(sent.map((n) => n.titile).sort()).toEqual([
      '商标专用权到期提醒：1 件将在 30 天内到期',
      '商标专用权到期提醒：1 件将在 7 天内到期',
      '商标专用权到期提醒：1 件将在 90 天内到期',
    ]);
    expect(sent.find((n) => n.titile.includes('7 天'))!.user_ids).toContain(a.userId);
    expect(sent.find((n) => n.titile.includes('90 天'))!.user_ids).toContain(b.userId);
    // the next day's run sends nothing again
    expect((await call('GET', `/sys/quartzJob/execute?id=${jobId('rightExpiryReminder')}`)).result.message).toBe('发送到期提醒 0 条，涉及商标 0 件');
    expect(await notices('right_expiry')).toHaveLength(3);
    // the 80-day right reaches 30 days: its 30-day notice, once
    await db.execute(sql`update rights_right set expire_date = ${addDays(today, 29)}::date where id = ${later}`);
    expect((await call('GET', `/sys/quartzJob/execute?id=${jobId('rightExpiryReminder')}`)).result.message).toBe('发送到期提醒 1 条，涉及商标 1 件');
    expect(await notices('right_expiry')).toHaveLength(4);
  });

  it('资金池夜间对账: a clean ledger notifies nobody; a difference notifies finance with the pool and what disagrees', async () => {
    const clean = await call('GET', `/sys/quartzJob/execute?id=${jobId('ledgerReconcile')}`);
    expect(clean.result.message).toMatch(/账实相符$/);
    expect(await notices('pool_reconcile')).toHaveLength(0);
    // Only a superuser bypassing the pool's trigger could do this; the night's check must still see it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table fin_capital_pool disable trigger fin_capital_pool_amounts_by_log`);
      await tx.execute(sql`update fin_capital_pool set total_amount = total_amount + 0.01`);
      await tx.execute(sql`alter table fin_capital_pool enable trigger fin_capital_pool_amounts_by_log`);
    });
    const found = await call('GET', `/sys/quartzJob/execute?id=${jobId('ledgerReconcile')}`);
    expect(found.result).toMatchObject({ outcome: 'success' });
    expect(found.result.message).toMatch(/发现差异 1 个，已通知财务 \d+ 人/);
    const [notice] = await notices('pool_reconcile');
    expect(notice.titile).toBe('资金池对账发现差异：1 个资金池');
    expect(notice.user_ids).toContain(finance.id);
    expect(notice.msg_content).toContain('总额：账面 100000.01，日志合计 100000.00');
  });

  it('issue 38: the expiry reminder and the reconciliation difference are the 消息模板 right_expiry and pool_reconcile_difference; a rewording is what the next run sends', async () => {
    await rewordTemplate(db, 'right_expiry', { name: '续展提醒：${count} 件商标 ${days} 天内到期' });
    await rewordTemplate(db, 'pool_reconcile_difference', { name: '对账差异 ${count} 个（资金池 ${checkedPools} 个）' });
    await approvedRight(rig, a, 16, { expireDate: addDays(chinaToday(), 3) });
    await call('GET', `/sys/quartzJob/execute?id=${jobId('rightExpiryReminder')}`);
    expect((await notices('right_expiry')).at(-1)!.titile).toBe('续展提醒：1 件商标 7 天内到期');
    // the difference made by the test above is still there
    await call('GET', `/sys/quartzJob/execute?id=${jobId('ledgerReconcile')}`);
    expect((await notices('pool_reconcile')).at(-1)!.titile).toMatch(/^对账差异 1 个（资金池 \d+ 个）$/);
  });

  it('日志保留清理 deletes sys_log rows older than the days kept, in chunks; 过期会话清理 deletes dead sessions only', async () => {
    await db.execute(sql`insert into sys_log (id, log_type, log_content, create_time)
      select 'old' || g, 1, '旧日志', now() - interval '200 days' from generate_series(1, 250) g`);
    await db.execute(sql`insert into sys_log (id, log_type, log_content, create_time) values ('recent', 1, '新日志', now() - interval '10 days')`);
    await db.update(sysQuartzJob).set({ parameter: '{"days": 180, "chunk": 100}' }).where(eq(sysQuartzJob.jobKey, 'logRetention'));
    const pruned = await call('GET', `/sys/quartzJob/execute?id=${jobId('logRetention')}`);
    expect(pruned.result.message).toBe('删除 180 天前的日志 250 条');
    expect(await rows(db, sql`select id from sys_log where id like 'old%'`)).toEqual([]);
    expect(await rows(db, sql`select id from sys_log where id = 'recent'`)).toHaveLength(1);

    await db.execute(sql`insert into sys_session (token_hash, user_id, created_at, last_seen_at, expires_at, revoked_at) values
      ('expired', ${a.userId}, now() - interval '9 days', now() - interval '8 days', now() - interval '2 days', null),
      ('revoked', ${a.userId}, now() - interval '3 days', now() - interval '3 days', now() + interval '4 days', now() - interval '2 days'),
      ('fresh-revoked', ${a.userId}, now(), now(), now() + interval '7 days', now())`);
    const cleaned = await call('GET', `/sys/quartzJob/execute?id=${jobId('sessionCleanup')}`);
    expect(cleaned.result.outcome).toBe('success');
    const left = (
      await rows<{ token_hash: string }>(db, sql`select token_hash from sys_session where token_hash in ('expired', 'revoked', 'fresh-revoked')`)
    ).map((r) => r.token_hash);
    expect(left).toEqual(['fresh-revoked']);
    // the administrator's own live session survives
    expect((await call('GET', '/sys/quartzJob/list')).success).toBe(true);
  });

  it('a job whose work throws is recorded as failed with its error text, and 立即执行 answers the failure', async () => {
    await db.update(sysQuartzJob).set({ parameter: '{"days": 0}' }).where(eq(sysQuartzJob.jobKey, 'logRetention'));
    const failed = await call('GET', `/sys/quartzJob/execute?id=${jobId('logRetention')}`);
    // the call itself succeeded (the run was made); the run's outcome is in the answer
    expect(failed).toMatchObject({ success: true, message: '执行失败：参数 days：保留天数须在1到3650之间', result: { outcome: 'failed' } });
    const runs = (await call('GET', `/sys/quartzJob/runList?jobId=${jobId('logRetention')}&pageSize=1`)).result;
    expect(runs.records[0]).toMatchObject({ outcome: 'failed', errorText: '参数 days：保留天数须在1到3650之间' });
    expect(runs.total).toBe(2);
    expect((await call('GET', `/sys/quartzJob/queryById?id=${jobId('logRetention')}`)).result.lastOutcome).toBe('failed');
  });

  it('the stock client (issue 36): jobClassName maps to the registry in list, add, edit, 启动 and 停止; an unknown class is refused in Chinese', async () => {
    const listed = (await call('GET', '/sys/quartzJob/list?pageSize=50')).result.records;
    expect(listed.find((r: { jobKey: string }) => r.jobKey === 'sessionCleanup').jobClassName).toBe('org.jeecg.modules.quartz.job.SessionCleanupJob');
    // the stock list's 任务类名 search
    const searched = (await call('GET', '/sys/quartzJob/list?jobClassName=org.jeecg.modules.quartz.job.SessionCleanupJob')).result.records;
    expect(searched.map((r: { jobKey: string }) => r.jobKey)).toEqual(['sessionCleanup']);
    expect((await call('GET', '/sys/quartzJob/list?jobClassName=org.jeecg.modules.quartz.job.SampleJob')).result.total).toBe(0);
    const sample = await call('POST', '/sys/quartzJob/add', {
      jobClassName: 'org.jeecg.modules.quartz.job.SampleJob',
      cronExpression: '0/1 * * * * ?',
      parameter: '',
      status: 0,
    });
    expect(sample.success).toBe(false);
    expect(sample.message).toContain(
      '没有任务类 org.jeecg.modules.quartz.job.SampleJob：只能使用系统提供的任务（org.jeecg.modules.quartz.job.SessionCleanupJob、',
    );
    const stockClass = 'org.jeecg.modules.quartz.job.StatsWarmupJob';
    await call(
      'DELETE',
      `/sys/quartzJob/deleteBatch?ids=${(await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, 'statsWarmup'))).map((r) => r.id).join(',')}`,
    );
    expect(
      await call('POST', '/sys/quartzJob/add', {
        jobClassName: stockClass,
        cronExpression: '0 */7 * * * ?',
        parameter: '',
        description: '原版页面新增',
        status: 0,
      }),
    ).toMatchObject({ success: true, message: QuartzJobMsg.added });
    const [row] = await db.select().from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, 'statsWarmup'));
    expect(row).toMatchObject({ cronExpression: '0 */7 * * * ?', description: '原版页面新增' });
    // the stock modal sends back the class name it was shown; the short name is the same job
    expect(await call('PUT', '/sys/quartzJob/edit', { id: row.id, jobClassName: 'StatsWarmupJob', cronExpression: '0 */9 * * * ?', status: 0 })).toMatchObject({
      success: true,
    });
    expect(
      (await call('PUT', '/sys/quartzJob/edit', { id: row.id, jobClassName: 'org.jeecg.modules.quartz.job.LogRetentionJob', cronExpression: '0 */9 * * * ?' }))
        .message,
    ).toBe(QuartzJobMsg.keyReadonly);
    expect(await call('GET', `/sys/quartzJob/pause?jobClassName=${stockClass}`)).toMatchObject({ success: true, message: QuartzJobMsg.paused });
    expect((await call('GET', `/sys/quartzJob/queryById?id=${row.id}`)).result).toMatchObject({ status: -1, jobClassName: stockClass });
    expect(await call('GET', `/sys/quartzJob/resume?jobClassName=${stockClass}`)).toMatchObject({ success: true, message: QuartzJobMsg.resumed });
    expect((await call('GET', '/sys/quartzJob/pause?jobClassName=org.jeecg.modules.quartz.job.SampleJob')).message).toContain(
      '没有任务类 org.jeecg.modules.quartz.job.SampleJob',
    );
  });

  it('demo data (SEED_DEMO=1): a few days of run history for the seeded jobs, one of them failed with its error text', async () => {
    await db.delete(sysSeed).where(eq(sysSeed.key, 'demo:quartz-job-runs:v1'));
    expect(await runSeeds(db, { adminPassword: null, seedDemo: true, announce: () => undefined })).toEqual(['demo:quartz-job-runs:v1']);
    const runs = (await call('GET', `/sys/quartzJob/runList?jobId=${jobId('ledgerReconcile')}`)).result.records;
    expect(runs.filter((r: { pid: number }) => r.pid === 4242).map((r: { outcome: string }) => r.outcome)).toEqual(['success', 'failed', 'success']);
    expect(runs.find((r: { outcome: string }) => r.outcome === 'failed').errorText).toBe('canceling statement due to statement timeout');
  });
});
