import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../../test/scratch-database.ts';
import { startServer, stopServer, type ServerProcess } from '../../../test/server-process.ts';

/*
 * Issue #25 定时任务: "each tick runs exactly once across all server processes sharing the database" —
 * two real server processes (`main.ts`, as `npm start` runs it) on one PostgreSQL database, each with
 * its scheduler polling every 150 ms and a 1.5 s lease. Runs in the server-postgres project.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl);

type Run = { id: string; pid: number; outcome: string; scheduled_time: Date | null; start_time: Date };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(enabled)('定时任务 on two server processes sharing one PostgreSQL (issue #25)', () => {
  const name = `sbwq_jobs_${randomBytes(6).toString('hex')}`;
  const dataDir = path.join(os.tmpdir(), `sbwq-jobs-${randomBytes(4).toString('hex')}`);
  let serverA: ServerProcess;
  let serverB: ServerProcess;
  let client: pg.Client;
  let dbUrl: string;
  const runsOf = async (key: string) =>
    (await client.query<Run>(`select id, pid, outcome, scheduled_time, start_time from sys_quartz_job_run where job_key = $1 order by start_time`, [key])).rows;
  const everySecond = (key: string) =>
    client.query(
      `update sys_quartz_job set cron_expression = '* * * * * *', status = 0, next_run = date_trunc('second', now()) + interval '1 second' where job_key = $1`,
      [key],
    );
  const pause = (key: string) => client.query(`update sys_quartz_job set status = -1, next_run = null where job_key = $1`, [key]);

  beforeAll(async () => {
    dbUrl = (await createDatabase(baseUrl!, name)).url;
    fs.mkdirSync(dataDir, { recursive: true });
    const env = {
      DATABASE_URL: dbUrl,
      ADMIN_PASSWORD: 'JobsProc12345',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      JOBS_ENABLED: '1',
      JOBS_POLL_MS: '150',
      JOBS_LEASE_MS: '1500',
    };
    // A first: it creates the schema and seeds the jobs; every seeded job is paused before B starts.
    serverA = await startServer(env);
    client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query(`update sys_quartz_job set status = -1, next_run = null`);
    serverB = await startServer(env);
  });

  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
    await dropDatabase(baseUrl!, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a job due every second runs once per tick, whichever process claims it', async () => {
    await everySecond('statsWarmup');
    await sleep(4500);
    await pause('statsWarmup');
    await sleep(500);
    const runs = await runsOf('statsWarmup');
    const ticks = runs.map((r) => r.scheduled_time!.getTime());
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks.every((t) => t % 1000 === 0)).toBe(true);
    expect(runs.every((r) => r.outcome === 'success')).toBe(true);
    expect(runs.every((r) => r.pid === serverA.child.pid || r.pid === serverB.child.pid)).toBe(true);
  });

  it('a process killed (kill -9) mid-run leaves nothing stuck: the lease runs out, the other process runs the next tick, the dead run is marked 中断', async () => {
    // The test holds sys_log locked, so the first run of 日志保留清理 waits inside its DELETE: mid-run.
    const locker = new pg.Client({ connectionString: dbUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table sys_log in access exclusive mode');
    await everySecond('logRetention');
    let stuck: Run | undefined;
    for (let i = 0; i < 60 && !stuck; i++) {
      await sleep(100);
      stuck = (await runsOf('logRetention')).find((r) => r.outcome === 'running');
    }
    expect(stuck, 'a run waiting on the lock').toBeDefined();
    const victim = stuck!.pid === serverA.child.pid ? serverA : serverB;
    const survivor = victim === serverA ? serverB : serverA;
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    await locker.query('rollback');
    await locker.end();

    let done: Run | undefined;
    for (let i = 0; i < 80 && !done; i++) {
      await sleep(100);
      done = (await runsOf('logRetention')).find((r) => r.pid === survivor.child.pid && r.outcome === 'success');
    }
    await pause('logRetention');
    expect(done, 'the surviving process ran a later tick').toBeDefined();
    expect(done!.scheduled_time!.getTime()).toBeGreaterThan(stuck!.scheduled_time!.getTime());
    const dead = (await runsOf('logRetention')).find((r) => r.id === stuck!.id)!;
    expect(dead.outcome).toBe('interrupted');
    expect(survivor.child.exitCode).toBeNull();
  });
});
