import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ADMIN_PASSWORD, createTestApp, json, type TestApp } from '../../test/harness.ts';
import { startPrivateRedis, type PrivateRedis } from '../../test/private-redis.ts';
import { buildApp } from '../../app.ts';
import type { BuiltApp } from '../deps.ts';
import { CacheHub } from '../cache/cache.ts';
import { SocketHub } from '../socket/hub.ts';
import { RedisLink } from './link.ts';

/*
 * Issue #24: a Redis outage degrades, it does not fail. Each test plays the outage on a redis-server of
 * its own (stopped with SIGKILL and started again on the same port, empty), never on the shared one.
 */

// Nothing here depends on the database kind; the PostgreSQL run has redis-outage.multiprocess.test.ts.
const onPglite = process.env.TEST_DB !== 'postgres';
const quiet = { warn: () => undefined, info: () => undefined };
const prefix = () => `sbwq-outage-${randomBytes(4).toString('hex')}`;
const until = (fn: () => boolean) => expect.poll(fn, { timeout: 8000, interval: 50 }).toBe(true);

/** A stand-in for a connected browser socket: open, and it records what it is sent. */
function fakeSocket(): { socket: WebSocket; got: unknown[] } {
  const got: unknown[] = [];
  const socket = { readyState: 1, send: (text: string) => got.push(JSON.parse(text)) } as unknown as WebSocket;
  return { socket, got };
}

describe.runIf(onPglite)('issue #24: two processes (apps on one database) with Redis stopped and started under them', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: BuiltApp;
  const readyOf = async (app: BuiltApp['app']) => (await app.inject({ url: '/ready' })).json<{ status: string; database: string; redis: string }>();

  beforeAll(async () => {
    redis = await startPrivateRedis();
    a = await createTestApp({ REDIS_URL: redis.url, REDIS_PREFIX: prefix() });
    b = await buildApp(a.config, a.database.db);
    await b.app.ready();
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.app.close();
    await redis?.stop();
  });

  it('sign-in and the captcha answer on both processes, without waiting on Redis, while Redis is down; the rate limit still counts (per process)', async () => {
    // The link connects on its own tick after start-up; on a loaded machine the first /ready can come before it.
    await expect.poll(async () => (await readyOf(a.app)).redis, { timeout: 8000 }).toBe('up');
    expect(await readyOf(a.app)).toEqual({ status: 'ready', database: 'up', redis: 'up' });
    await redis.stop();
    // each process notices the closed link on its own socket's tick
    for (const app of [a.app, b.app]) await expect.poll(async () => (await readyOf(app)).redis, { timeout: 8000 }).toBe('down');
    expect(await readyOf(a.app)).toEqual({ status: 'ready', database: 'up', redis: 'down' });

    for (const app of [a.app, b.app]) {
      const started = Date.now();
      const login = json(
        await app.inject({ method: 'POST', url: a.api('/sys/login'), payload: { username: 'admin', password: ADMIN_PASSWORD }, remoteAddress: '10.24.0.1' }),
      );
      const captcha = json(await app.inject({ url: a.api('/sys/randomImage/outage-key-1'), remoteAddress: '10.24.0.1' }));
      // A shared 2-core machine may take a second for both; a wait on Redis would add seconds per call.
      expect(Date.now() - started).toBeLessThan(2000);
      expect(login.code, login.message).toBe(200);
      expect(captcha.result).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    // The login route allows 30 a minute from one address: counted in this process now, still enforced.
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await b.app.inject({ method: 'POST', url: a.api('/sys/login'), payload: { username: `x${i}`, password: 'x' }, remoteAddress: '10.24.0.2' }))
        .statusCode;
    }
    expect(last).toBe(429);

    await redis.start();
    await expect.poll(async () => (await readyOf(b.app)).redis, { timeout: 8000 }).toBe('up');
    // Back on Redis: an address the local count had blocked is counted afresh in (the new, empty) Redis;
    // its 31 failed sign-ins now ask for a captcha (the login guard), which shows the call got through.
    const again = await b.app.inject({
      method: 'POST',
      url: a.api('/sys/login'),
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.24.0.2',
    });
    expect(again.statusCode).toBe(200);
    expect(json(again).message).toBe('请输入验证码');
  });

  it('a dictionary item saved during the outage answers success at once, is committed, and the other process shows it by the time Redis is back', async () => {
    const token = await a.loginAs('admin', ADMIN_PASSWORD);
    const headers = { 'X-Access-Token': token };
    const textOnB = async () =>
      (json(await b.app.inject({ url: a.api('/sys/dict/getDictItems/user_status'), headers })).result as { value: string; text: string }[]).find(
        (i) => i.value === '1',
      )?.text;
    expect(await textOnB()).toBe('正常');
    const dict = json(await a.inject({ url: a.api('/sys/dict/list?dictCode=user_status'), headers })).result.records[0];
    const item = json(await a.inject({ url: a.api(`/sys/dictItem/list?dictId=${dict.id}`), headers })).result.records.find(
      (i: { itemValue: string }) => i.itemValue === '1',
    );

    await redis.stop();
    const started = Date.now();
    const saved = json(await a.inject({ method: 'PUT', url: a.api('/sys/dictItem/edit'), headers, payload: { ...item, itemText: '在用' } }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(saved).toMatchObject({ success: true, message: '编辑成功!' });
    const onA = json(await a.inject({ url: a.api('/sys/dict/getDictItems/user_status'), headers })).result.find((i: { value: string }) => i.value === '1');
    expect(onA.text).toBe('在用');

    await redis.start();
    await expect.poll(textOnB, { timeout: 8000 }).toBe('在用');
  });

  it('a Redis that hangs instead of refusing (SIGSTOP) costs one sign-in a second at most; then Redis counts as down until it answers again', async () => {
    await expect.poll(async () => (await readyOf(b.app)).redis, { timeout: 8000 }).toBe('up');
    const signIn = async () => {
      const started = Date.now();
      const answer = json(
        await b.app.inject({ method: 'POST', url: a.api('/sys/login'), payload: { username: 'admin', password: ADMIN_PASSWORD }, remoteAddress: '10.24.0.3' }),
      );
      expect(answer.code, answer.message).toBe(200);
      return Date.now() - started;
    };
    redis.pause();
    try {
      // The first waits for the 1 s command timeout; the store then skips Redis, and the connection is dropped.
      expect(await signIn()).toBeLessThan(2000);
      await expect.poll(async () => (await readyOf(b.app)).redis, { timeout: 8000 }).toBe('down');
      // Each call that still tried Redis would take the 1 s command timeout at least.
      const times: number[] = [];
      for (let i = 0; i < 5; i++) times.push(await signIn());
      expect(times.sort((x, y) => x - y)[2]).toBeLessThan(1000);
    } finally {
      redis.resume();
    }
    await expect.poll(async () => (await readyOf(b.app)).redis, { timeout: 8000 }).toBe('up');
    expect(await signIn()).toBeLessThan(2000);
  });
});

describe.runIf(onPglite)('issue #24: what a process missed while Redis was away', () => {
  let redis: PrivateRedis;
  const links: RedisLink[] = [];
  const link = async () => {
    const made = new RedisLink(redis.url, quiet);
    links.push(made);
    return made;
  };
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
    await redis.stop();
  });

  it('an outage is logged once as a warning however often Redis is called or retried meanwhile, and its end once', async () => {
    const warnings: string[] = [];
    const infos: string[] = [];
    const logged = new RedisLink(redis.url, { warn: (_obj, msg) => warnings.push(msg), info: (msg) => infos.push(msg) });
    links.push(logged);
    const hub = new CacheHub(logged, prefix());
    await logged.start();
    await redis.stop();
    await until(() => logged.state === 'down');
    for (let i = 0; i < 20; i++) {
      await hub.invalidate('dict');
      logged.failed(new Error('refused'));
    }
    // Several reconnect attempts (one a second at most) fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(warnings).toHaveLength(1);
    await redis.start();
    await until(() => logged.state === 'up');
    expect(infos).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });

  it('when Redis returns each process drops its cached values (an invalidation sent meanwhile could not reach it)', async () => {
    const channelPrefix = prefix();
    const [linkA, linkB] = [await link(), await link()];
    // A day-long outage TTL: only the drop on return can make B reload here.
    const hubA = new CacheHub(linkA, channelPrefix, { outageTtlMs: 86_400_000 });
    const hubB = new CacheHub(linkB, channelPrefix, { outageTtlMs: 86_400_000 });
    await Promise.all([linkA.start(), linkB.start()]);
    let version = 1;
    const load = async () => version;
    expect(await hubB.get('dict', load)).toBe(1);

    await redis.stop();
    await until(() => linkA.state === 'down' && linkB.state === 'down');
    version = 2;
    const started = Date.now();
    await hubA.invalidate('dict');
    expect(Date.now() - started).toBeLessThan(200);
    expect(await hubB.get('dict', load)).toBe(1);

    await redis.start();
    await until(() => linkB.state === 'up');
    expect(await hubB.get('dict', load)).toBe(2);
  });

  it("while Redis is away a cached value is trusted a few seconds at most (other processes' changes cannot arrive)", async () => {
    const hub = new CacheHub(await link(), prefix(), { outageTtlMs: 300 });
    await links.at(-1)!.start();
    let version = 1;
    expect(await hub.get('dict', async () => version)).toBe(1);
    await redis.stop();
    await until(() => links.at(-1)!.state === 'down');
    version = 2;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await hub.get('dict', async () => version)).toBe(2);
    await redis.start();
  });

  it("a socket delivery made during the outage reaches the other process's sockets once Redis returns, once; the sender's own sockets get it at once and only once", async () => {
    const channelPrefix = prefix();
    const [linkA, linkB] = [await link(), await link()];
    const [hubA, hubB] = [new SocketHub(), new SocketHub()];
    hubA.connect(linkA, channelPrefix);
    hubB.connect(linkB, channelPrefix);
    await Promise.all([linkA.start(), linkB.start()]);
    const [onA, onB] = [fakeSocket(), fakeSocket()];
    hubA.add('notice', 'carol', onA.socket);
    hubB.add('notice', 'carol', onB.socket);

    await redis.stop();
    await until(() => linkA.state === 'down');
    const started = Date.now();
    await hubA.sendToUsers(['carol'], { cmd: 'user', msgId: 'n-24' });
    expect(Date.now() - started).toBeLessThan(200);
    expect(onA.got).toEqual([{ cmd: 'user', msgId: 'n-24' }]);
    expect(onB.got).toEqual([]);

    await redis.start();
    await until(() => onB.got.length > 0);
    // The kept message is published again 2 s and 5 s after the return (a peer may resubscribe late):
    // past those, B still has it once and A never got it back.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(onB.got).toEqual([{ cmd: 'user', msgId: 'n-24' }]);
    expect(onA.got).toHaveLength(1);
  });
});

describe.runIf(onPglite)('issue #24: the server starts while Redis is down and connects when it comes up', () => {
  it('build answers within a few seconds, /ready says redis down, sign-in works; once Redis starts /ready says up', async () => {
    const redis = await startPrivateRedis();
    await redis.stop();
    const started = Date.now();
    const t = await createTestApp({ REDIS_URL: redis.url, REDIS_PREFIX: prefix() });
    try {
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(json(await t.inject({ url: '/health' }))).toEqual({ status: 'ok' });
      expect(json(await t.inject({ url: '/ready' }))).toEqual({ status: 'ready', database: 'up', redis: 'down' });
      expect(await t.loginAs('admin', ADMIN_PASSWORD)).toBeTruthy();
      await redis.start();
      await expect.poll(async () => (await t.inject({ url: '/ready' })).json<{ redis: string }>().redis, { timeout: 8000 }).toBe('up');
    } finally {
      await t.app.close();
      await redis.stop();
    }
  });
});
