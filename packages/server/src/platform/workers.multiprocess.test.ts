import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../test/scratch-database.ts';
import { call, startServer, stopServer, type ServerProcess } from '../test/server-process.ts';

/*
 * Issue #24 "how to add processes": WORKERS=2 runs main.ts as a primary and two workers sharing the
 * port (README 多进程). Runs in the server-postgres project when TEST_DATABASE_URL and TEST_REDIS_URL
 * are set; the Redis is shared, so this run's keys and channels carry a prefix of its own.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl) && Boolean(redisUrl);
const ADMIN_PASSWORD = 'Workers12345';

/** The pid of the worker that answered: 请求追踪 names its own process (`host:pid:random`). */
function answeringPid(server: ServerProcess, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // a new connection each time (no keep-alive): the primary hands every new connection to a worker
    const req = http.get(`${server.url}/sys/monitor/traces`, { agent: false, headers: { 'X-Access-Token': token } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        try {
          const answer = JSON.parse(body) as { success: boolean; message: string; result: { process: string } };
          if (!answer.success) throw new Error(answer.message);
          resolve(Number(answer.result.process.split(':').at(-2)));
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', reject);
  });
}

async function pidsAnswering(server: ServerProcess, token: string, tries = 12): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) pids.add(await answeringPid(server, token));
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(enabled)('WORKERS=2: two worker processes share the port (issue #24)', () => {
  const name = `sbwq_workers_${randomBytes(6).toString('hex')}`;
  const dataDir = path.join(os.tmpdir(), `sbwq-workers-${randomBytes(4).toString('hex')}`);
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    const dbUrl = (await createDatabase(baseUrl!, name)).url;
    fs.mkdirSync(dataDir, { recursive: true });
    server = await startServer({
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `sbwq-workers-${randomBytes(4).toString('hex')}`,
      WORKERS: '2',
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    });
    const login = await call(server, null, 'POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.code, login.message).toBe(200);
    token = login.result.token;
  });

  afterAll(async () => {
    await stopServer(server);
    await dropDatabase(baseUrl!, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let workers: number[] = [];

  it('answers from two worker processes, neither of them the primary, with one sign-in valid on both', async () => {
    // the second worker may still be starting when the first answers
    await expect.poll(async () => (await pidsAnswering(server, token)).size, { timeout: 30_000, interval: 200 }).toBe(2);
    workers = [...(await pidsAnswering(server, token))];
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.child.pid);
  });

  it('a worker killed (kill -9) leaves the service answering, and a replacement takes its place', async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    await expect.poll(() => alive(victim), { timeout: 5000 }).toBe(false);
    // the very next requests are answered, by the survivor or already by the replacement
    const meanwhile = await pidsAnswering(server, token, 4);
    expect(meanwhile.has(victim)).toBe(false);
    // the primary forks a replacement: two processes answer again, the survivor and a new one
    await expect.poll(async () => (await pidsAnswering(server, token)).size, { timeout: 30_000, interval: 200 }).toBe(2);
    const now = await pidsAnswering(server, token);
    expect(now.has(victim)).toBe(false);
    expect(now.has(survivor)).toBe(true);
    expect(server.output()).toMatch(new RegExp(`工作进程 ${victim} 已退出（SIGKILL）`));
  });

  it('SIGTERM to the primary stops every worker and then itself, in order (exit code 0)', async () => {
    const now = [...(await pidsAnswering(server, token))];
    await stopServer(server);
    expect(server.child.exitCode).toBe(0);
    expect(now.filter(alive)).toEqual([]);
  });
});
