import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../../test/scratch-database.ts';
import { call, startServer, stopServer, type ServerProcess } from '../../../test/server-process.ts';
import { connect, type TestSocket } from '../../../platform/socket/socket.testkit.ts';
import { RoleId, DepartId } from '../../../seed/seed.ts';

/*
 * spec §4 Sockets, with REDIS_URL: a release on one server process reaches sockets held by another — two real server processes (`main.ts`, as `npm start` runs it) on one PostgreSQL database
 * and one Redis, as behind a load balancer. Runs in the server-postgres project when TEST_DATABASE_URL
 * and TEST_REDIS_URL are set (CI sets both).
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl) && Boolean(redisUrl);

const ADMIN_PASSWORD = 'MultiProc12345';
const USER_PASSWORD = 'Carol12345x';

async function login(server: ServerProcess, username: string, password: string): Promise<{ token: string; userId: string }> {
  const answer = await call(server, null, 'POST', '/sys/login', { username, password });
  expect(answer.code, answer.message).toBe(200);
  return { token: answer.result.token, userId: answer.result.userInfo.id };
}

describe.runIf(enabled)('two server processes on one PostgreSQL and one Redis (spec §4 Sockets, §7 Notifications; JEECG-API §7.1)', () => {
  const name = `sbwq_mp_${randomBytes(6).toString('hex')}`;
  const dataDir = path.join(os.tmpdir(), `sbwq-mp-${randomBytes(4).toString('hex')}`);
  let serverA: ServerProcess;
  let serverB: ServerProcess;
  let adminToken: string;
  let carol: { token: string; userId: string };
  const sockets: TestSocket[] = [];

  // Vitest collects a skipped suite too: everything that needs the servers happens in the hooks.
  beforeAll(async () => {
    const dbUrl = (await createDatabase(baseUrl!, name)).url;
    fs.mkdirSync(dataDir, { recursive: true });
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl ?? '',
      // Its own channels: other test runs sharing this Redis (CI runs several at once) are not heard.
      REDIS_PREFIX: `sbwq-mp-${randomBytes(4).toString('hex')}`,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    };
    // A first: it creates the schema and the seed data; B then opens the same database.
    serverA = await startServer(env);
    serverB = await startServer(env);

    adminToken = (await login(serverA, 'admin', ADMIN_PASSWORD)).token;
    const added = await call(serverA, adminToken, 'POST', '/sys/user/add', {
      username: 'mp.carol',
      realname: '跨进程用户',
      password: USER_PASSWORD,
      confirmpassword: USER_PASSWORD,
      selectedroles: RoleId.holder,
      selecteddeparts: DepartId.rightsDept,
    });
    expect(added.success, added.message).toBe(true);
    // Carol signs in through B and holds her socket there.
    carol = await login(serverB, 'mp.carol', USER_PASSWORD);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
    await dropDatabase(baseUrl!, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a notice released through process A reaches the user's socket on process B (cmd user), and an ALL notice reaches it as cmd topic", async () => {
    const onB = await connect(`${serverB.ws}/websocket/${carol.userId}`, [carol.token]);
    sockets.push(onB);
    expect(onB.protocol).toBe(carol.token);

    const id = (
      await call(serverA, adminToken, 'POST', '/sys/annountCement/add', {
        titile: '跨进程通知',
        msgType: 'USER',
        userIds: `${carol.userId},`,
        msgCategory: '1',
      })
    ).result as string;
    const released = await call(serverA, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    expect(released.message).toBe('该系统通知发布成功');
    expect(await onB.next(5000, (m) => m.msgId === id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '跨进程通知', userId: carol.userId });

    const all = (await call(serverA, adminToken, 'POST', '/sys/annountCement/add', { titile: '跨进程全体公告', msgType: 'ALL', msgCategory: '2' }))
      .result as string;
    await call(serverA, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${all}`);
    expect(await onB.next(5000, (m) => m.msgId === all)).toEqual({ cmd: 'topic', msgId: all, msgTxt: '跨进程全体公告' });

    // What B's bell loads after the push: both, from the shared database.
    const bell = (await call(serverB, carol.token, 'GET', '/sys/annountCement/listByUser')).result;
    expect(bell.anntMsgList.map((n: { id: string }) => n.id)).toContain(id);
    expect(bell.sysMsgList.map((n: { id: string }) => n.id)).toContain(all);
    // Each push arrived once: B delivered A's message from Redis, A did not deliver it twice.
    expect(onB.messages.filter((m) => [id, all].includes((m as { msgId?: string }).msgId ?? ''))).toHaveLength(2);
  });

  it("the other way round: a release through B reaches the user's socket on A; A answers the heartbeat", async () => {
    const onA = await connect(`${serverA.ws}/websocket/${carol.userId}`, [carol.token]);
    sockets.push(onA);
    onA.send('heartcheck');
    expect(await onA.next(5000, (m) => m.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    // A second notice, released through B this time, reaches the socket on A.
    const { token: adminOnB } = await login(serverB, 'admin', ADMIN_PASSWORD);
    const id = (await call(serverB, adminOnB, 'POST', '/sys/annountCement/add', { titile: '反向通知', msgType: 'USER', userIds: `${carol.userId},` }))
      .result as string;
    await call(serverB, adminOnB, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    expect(await onA.next(5000, (m) => m.msgId === id)).toMatchObject({ cmd: 'user', msgId: id });
  });
});
