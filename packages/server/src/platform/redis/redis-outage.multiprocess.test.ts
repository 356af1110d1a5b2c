import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../test/scratch-database.ts';
import { API, call, startServer, stopServer, type ServerProcess } from '../../test/server-process.ts';
import { startPrivateRedis, type PrivateRedis } from '../../test/private-redis.ts';
import { connect, type TestSocket } from '../socket/socket.testkit.ts';
import { RoleId, DepartId } from '../../seed/seed.ts';

/*
 * Issue #24, Redis outage under two real server processes (`main.ts`, as `npm start` runs it) sharing
 * one PostgreSQL scratch database and one Redis of the test's own, as behind a load balancer. Redis is
 * stopped (SIGKILL) and started again, empty, on the same port; the machine's Redis is never touched.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl);

const ADMIN_PASSWORD = 'Outage12345x';
const USER_PASSWORD = 'Carol12345x';

async function login(server: ServerProcess, username: string, password: string): Promise<{ token: string; userId: string }> {
  const answer = await call(server, null, 'POST', '/sys/login', { username, password });
  expect(answer.code, answer.message).toBe(200);
  return { token: answer.result.token, userId: answer.result.userInfo.id };
}

const ready = async (server: ServerProcess) => (await (await fetch(`${server.url.slice(0, -API.length)}/ready`)).json()) as { status: string; redis: string };

/** How long `fn` takes, with its result. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

describe.runIf(enabled)('issue #24: two server processes on one PostgreSQL and one Redis; Redis stopped and started under them', () => {
  const name = `sbwq_ro_${randomBytes(6).toString('hex')}`;
  const dataDir = path.join(os.tmpdir(), `sbwq-ro-${randomBytes(4).toString('hex')}`);
  let redis: PrivateRedis;
  let serverA: ServerProcess;
  let serverB: ServerProcess;
  let adminA: string;
  let adminB: string;
  let carol: { token: string; userId: string };
  let onB: TestSocket;

  // Vitest collects a skipped suite too: everything that needs the servers happens in the hooks.
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const dbUrl = (await createDatabase(baseUrl!, name)).url;
    fs.mkdirSync(dataDir, { recursive: true });
    const env = { DATABASE_URL: dbUrl, REDIS_URL: redis.url, REDIS_PREFIX: 'sbwq-ro', ADMIN_PASSWORD, SEED_DEMO: '0', DATA_DIR: dataDir, NODE_ENV: 'test' };
    // A first: it creates the schema and the seed data; B then opens the same database.
    serverA = await startServer(env);
    serverB = await startServer(env);
    adminA = (await login(serverA, 'admin', ADMIN_PASSWORD)).token;
    adminB = (await login(serverB, 'admin', ADMIN_PASSWORD)).token;
    const added = await call(serverA, adminA, 'POST', '/sys/user/add', {
      username: 'ro.carol',
      realname: '断线用户',
      password: USER_PASSWORD,
      confirmpassword: USER_PASSWORD,
      selectedroles: RoleId.holder,
      selecteddeparts: DepartId.rightsDept,
    });
    expect(added.success, added.message).toBe(true);
    carol = await login(serverB, 'ro.carol', USER_PASSWORD);
    onB = await connect(`${serverB.ws}/websocket/${carol.userId}`, [carol.token]);
  });

  afterAll(async () => {
    onB?.close();
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
    await redis?.stop();
    if (enabled) await dropDatabase(baseUrl!, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sign-in, captcha and a dictionary save work during the outage; afterwards B serves the new text and gets the notice released on A meanwhile', async () => {
    const statusText = async (server: ServerProcess, token: string) =>
      (await call(server, token, 'GET', '/sys/dict/getDictItems/user_status')).result.find((i: { value: string }) => i.value === '1')?.text;
    const listText = async (server: ServerProcess, token: string) =>
      (await call(server, token, 'GET', '/sys/user/list?username=admin')).result.records[0]?.status_dictText;
    // B has the dictionary cached before the outage.
    expect(await statusText(serverB, adminB)).toBe('正常');
    expect(await listText(serverB, adminB)).toBe('正常');
    const dict = (await call(serverA, adminA, 'GET', '/sys/dict/list?dictCode=user_status')).result.records[0];
    const item = (await call(serverA, adminA, 'GET', `/sys/dictItem/list?dictId=${dict.id}`)).result.records.find(
      (i: { itemValue: string }) => i.itemValue === '1',
    );

    await redis.stop();
    await expect.poll(async () => [(await ready(serverA)).redis, (await ready(serverB)).redis], { timeout: 10_000 }).toEqual(['down', 'down']);
    expect((await ready(serverB)).status).toBe('ready');

    // Sign-in and the captcha on both processes (the rate limit counts per process meanwhile).
    for (const server of [serverA, serverB]) {
      const signIn = await timed(() => call(server, null, 'POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD }));
      expect(signIn.value.code, signIn.value.message).toBe(200);
      expect(signIn.ms).toBeLessThan(2000);
      const captcha = await timed(() => call(server, null, 'GET', `/sys/randomImage/ro-${Date.now()}`));
      expect(captcha.value.result).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(captcha.ms).toBeLessThan(2000);
    }

    // A dictionary save answers success quickly and is committed.
    const saved = await timed(() => call(serverA, adminA, 'PUT', '/sys/dictItem/edit', { ...item, itemText: '在职' }));
    expect(saved.value).toMatchObject({ success: true, message: '编辑成功!' });
    expect(saved.ms).toBeLessThan(2000);
    const stored = (await call(serverB, adminB, 'GET', `/sys/dictItem/list?dictId=${dict.id}`)).result.records.find((i: { id: string }) => i.id === item.id);
    expect(stored.itemText).toBe('在职');

    // A notice released on A while B cannot hear A.
    const id = (
      await call(serverA, adminA, 'POST', '/sys/annountCement/add', {
        titile: '断线期间的通知',
        msgType: 'USER',
        userIds: `${carol.userId},`,
        msgCategory: '1',
      })
    ).result as string;
    const released = await timed(() => call(serverA, adminA, 'GET', `/sys/annountCement/doReleaseData?id=${id}`));
    expect(released.value.message).toBe('该系统通知发布成功');
    expect(released.ms).toBeLessThan(2000);

    await redis.start();
    // Within 30 s of the return: the socket on B gets the notice (A published what it kept), and B serves
    // the new text, in the dictionary and in a list's *_dictText.
    expect(await onB.next(30_000, (m) => m.msgId === id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '断线期间的通知', userId: carol.userId });
    await expect.poll(() => statusText(serverB, adminB), { timeout: 30_000 }).toBe('在职');
    expect(await listText(serverB, adminB)).toBe('在职');
    await expect.poll(async () => (await ready(serverB)).redis, { timeout: 10_000 }).toBe('up');
    // A's kept message is sent again a few seconds after the return; B delivers it once all the same.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(onB.messages.filter((m) => (m as { msgId?: string }).msgId === id)).toHaveLength(1);
  });
});
