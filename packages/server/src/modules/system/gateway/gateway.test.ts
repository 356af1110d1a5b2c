import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { GatewayMsg, Msg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json } from '../../../test/harness.ts';
import { buildApp } from '../../../app.ts';
import { gatewayUpstreamsOf } from '../../../platform/config.ts';
import { GATEWAY_RECHECK_MS, allowedUpstream } from './gateway.service.ts';
import { seedGatewayDemo } from './gateway.demo.ts';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A local upstream: answers what it received as JSON; `/slow` answers after 2 s; it also tries to set a cookie. */
async function startUpstream(name: string) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const answer = () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': name, 'set-cookie': 'sid=upstream; Path=/' });
        res.end(JSON.stringify(seen));
      };
      if (req.url?.includes('/slow')) setTimeout(answer, 2000).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A port nothing listens on: taken, then released. */
async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const echo = await startUpstream('echo');
const other = await startUpstream('other');
const dead = await deadPort();
afterAll(() => {
  echo.server.closeAllConnections();
  echo.server.close();
  other.server.close();
});

const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe(`路由网关 (issue #25 Gateway routes): routes saved on the screen are served under /gateway/ on ${dbKind}`, async () => {
  const t = await createTestApp({
    GATEWAY_UPSTREAMS: `echo=http://127.0.0.1:${echo.port}/base,other=http://127.0.0.1:${other.port},down=http://127.0.0.1:${dead}`,
    GATEWAY_TIMEOUT_MS: '400',
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `gw${randomBytes(4).toString('hex')}` } : {}),
  });
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const route = (body: object) => ({ name: '测试路由', routerId: 'r1', pathPrefix: '/gateway/tm', upstream: 'echo', sortOrder: 10, ...body });
  const add = async (body: object) => json(await call('POST', '/sys/gatewayRoute/add', route(body)));
  const idOf = async (routerId: string) => json(await call('GET', `/sys/gatewayRoute/list?routerId=${routerId}`)).result.records[0];
  const gw = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { headers?: Record<string, string>; payload?: string | object } = {}) =>
    t.inject({ method, url, headers: opts.headers, ...(opts.payload === undefined ? {} : { payload: opts.payload }) });

  it('saving refuses an upstream outside GATEWAY_UPSTREAMS, a path outside /gateway/, `..`, a query, empty segments; an empty allow-list refuses every route', async () => {
    expect(await add({ upstream: 'http://169.254.169.254' })).toMatchObject({ success: false, message: GatewayMsg.upstreamNotAllowed });
    expect(await add({ upstream: 'nowhere' })).toMatchObject({ success: false, message: GatewayMsg.upstreamNotAllowed });
    for (const pathPrefix of ['/api/tm', '/gateway', '/gateway/../sys', '/gateway/tm?x=1', '/gateway//tm', '/gateway/./tm', 'gateway/tm'])
      expect(await add({ pathPrefix }), pathPrefix).toMatchObject({ success: false, message: GatewayMsg.pathFormat });
    expect(await add({ methods: ['GET', 'TRACE'] })).toMatchObject({ success: false, message: GatewayMsg.methods });
    expect(await add({ headerName: 'X-Tenant' })).toMatchObject({ success: false, message: GatewayMsg.headerPair });
    expect(() => allowedUpstream([], 'echo')).toThrow(GatewayMsg.noUpstreams);
    expect(() => gatewayUpstreamsOf('bad name=http://x')).toThrow('GATEWAY_UPSTREAMS');
    expect(() => gatewayUpstreamsOf('a=ftp://x')).toThrow('GATEWAY_UPSTREAMS');
    expect(gatewayUpstreamsOf('a=http://127.0.0.1:9000/,b=https://h.example/base/')).toEqual([
      { name: 'a', url: 'http://127.0.0.1:9000' },
      { name: 'b', url: 'https://h.example/base' },
    ]);
    // The exact URL of an allowed upstream is stored as its name.
    expect(await add({ upstream: `http://127.0.0.1:${echo.port}/base/`, pathPrefix: '/gateway/tm/' })).toMatchObject({ success: true, message: GatewayMsg.added });
    expect(await idOf('r1')).toMatchObject({ upstream: 'echo', pathPrefix: '/gateway/tm', upstreamUrl: `http://127.0.0.1:${echo.port}/base`, status: 1, needLogin: 1, stripPrefix: 1 });
    expect(await add({})).toMatchObject({ success: false, message: GatewayMsg.routerIdTaken });
    // JeecgBoot's updateAll: without an id it adds, with one it edits; the same rules apply.
    expect(json(await call('POST', '/sys/gatewayRoute/updateAll', route({ routerId: 'ua', pathPrefix: '/gateway/ua', status: 0 })))).toMatchObject({ success: true, message: GatewayMsg.saved });
    const ua = await idOf('ua');
    expect(json(await call('POST', '/sys/gatewayRoute/updateAll', { ...ua, upstream: 'elsewhere' }))).toMatchObject({ success: false, message: GatewayMsg.upstreamNotAllowed });
    expect(json(await call('POST', '/sys/gatewayRoute/updateAll', { ...ua, name: '改名' }))).toMatchObject({ success: true });
    expect(await idOf('ua')).toMatchObject({ id: ua.id, name: '改名', status: 0 });
    expect(json(await call('GET', '/sys/gatewayRoute/upstreams')).result.map((u: { name: string }) => u.name)).toEqual(['echo', 'other', 'down']);
  });

  it('forwards path (prefix stripped, upstream base path kept), method, query, headers and body; the app token, Authorization and Cookie never reach the upstream; Set-Cookie is not passed back', async () => {
    const res = await gw('POST', '/gateway/tm/announce/2026/1915?no=1915&kind=%E5%88%9D%E5%AE%A1', {
      headers: { 'X-Access-Token': token, authorization: 'Bearer secret', cookie: 'a=b', 'x-trace': 't-1', 'content-type': 'application/json' },
      payload: '{"regNo":"12345678","name":"商标"}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-upstream']).toBe('echo');
    expect(res.headers['set-cookie']).toBeUndefined();
    const seen = res.json() as Seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/base/announce/2026/1915?no=1915&kind=%E5%88%9D%E5%AE%A1', body: '{"regNo":"12345678","name":"商标"}' });
    expect(seen.headers).toMatchObject({ 'x-trace': 't-1', 'content-type': 'application/json', 'x-forwarded-prefix': '/gateway/tm' });
    for (const name of ['x-access-token', 'authorization', 'cookie']) expect(seen.headers[name], name).toBeUndefined();

    // Not stripped: the whole path goes on; a body that is not JSON travels as its bytes.
    const r1 = await idOf('r1');
    expect(json(await call('PUT', '/sys/gatewayRoute/edit', { ...r1, stripPrefix: 0 })).success).toBe(true);
    const put = await gw('PUT', '/gateway/tm', { headers: { 'X-Access-Token': token, 'content-type': 'text/plain' }, payload: 'a=1&b=2' });
    expect(put.json()).toMatchObject({ method: 'PUT', url: '/base/gateway/tm', body: 'a=1&b=2' });
  });

  it('needs a signed-in user unless the route says otherwise (需要登录); `..` in a request path is refused', async () => {
    expect((await gw('GET', '/gateway/tm/x')).json()).toMatchObject({ success: false, code: 401, message: Msg.unauthorized });
    expect((await gw('GET', '/gateway/tm/x', { headers: { 'X-Access-Token': 'not-a-token' } })).statusCode).toBe(401);
    expect(await add({ routerId: 'open', name: '物流查询', pathPrefix: '/gateway/open', needLogin: 0 })).toMatchObject({ success: true });
    const open = await gw('GET', '/gateway/open/track/SF123');
    expect(open.statusCode).toBe(201);
    expect(open.json()).toMatchObject({ method: 'GET', url: '/base/track/SF123' });
    expect((await gw('GET', '/gateway/open/..%2fsys/user/list')).json()).toMatchObject({ code: 400, message: GatewayMsg.badPath });
  });

  it('predicates and order: the first enabled route (by order) whose method and header match wins; a disabled route answers 404 in Chinese', async () => {
    const token2 = { 'X-Access-Token': token };
    expect(await add({ routerId: 'hdr', pathPrefix: '/gateway/shop', upstream: 'other', methods: 'POST', headerName: 'X-Platform', headerValue: 'taobao', sortOrder: 1 })).toMatchObject({ success: true });
    expect(await add({ routerId: 'any', pathPrefix: '/gateway/shop', upstream: 'echo', sortOrder: 5 })).toMatchObject({ success: true });
    const via = async (method: 'GET' | 'POST', headers: Record<string, string>) => (await gw(method, '/gateway/shop/complaint', { headers: { ...token2, ...headers }, payload: method === 'POST' ? {} : undefined })).headers['x-upstream'];
    expect(await via('POST', { 'x-platform': 'taobao' })).toBe('other');
    expect(await via('POST', { 'x-platform': 'jd' })).toBe('echo');
    expect(await via('GET', { 'x-platform': 'taobao' })).toBe('echo');
    // Reordered: the catch-all route now comes first.
    const anyRoute = await idOf('any');
    expect(json(await call('PUT', '/sys/gatewayRoute/edit', { ...anyRoute, sortOrder: 0 })).success).toBe(true);
    expect(await via('POST', { 'x-platform': 'taobao' })).toBe('echo');
    expect(json(await call('PUT', '/sys/gatewayRoute/edit', { ...anyRoute, status: 0 })).success).toBe(true);
    expect(await via('POST', { 'x-platform': 'taobao' })).toBe('other');
    const hdr = await idOf('hdr');
    expect(json(await call('PUT', '/sys/gatewayRoute/edit', { ...hdr, status: 0 })).success).toBe(true);
    const gone = await gw('POST', '/gateway/shop/complaint', { headers: { ...token2, 'x-platform': 'taobao' }, payload: {} });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, message: GatewayMsg.noRoute });
    expect((await gw('GET', '/gateway')).json()).toMatchObject({ message: GatewayMsg.noRoute });
  });

  it('an upstream that is down answers 502, a slow one 504, both in Chinese, never a 500', async () => {
    expect(await add({ routerId: 'down', pathPrefix: '/gateway/down', upstream: 'down' })).toMatchObject({ success: true });
    const down = await gw('GET', '/gateway/down/x', { headers: { 'X-Access-Token': token } });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ success: false, code: 502, message: GatewayMsg.upstreamDown });
    const slow = await gw('GET', '/gateway/open/slow', {});
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ success: false, code: 504, message: GatewayMsg.upstreamTimeout });
  });

  it('the demo routes (SEED_DEMO) are enabled only where their upstream name is in the allow-list, and list in order', async () => {
    await seedGatewayDemo(t.database.db, ['cnipa-mock']);
    const listed = json(await call('GET', '/sys/gatewayRoute/list?pageSize=100')).result.records as { routerId: string; status: number; upstreamUrl: string | null }[];
    const demo = listed.filter((r) => ['cnipa-announcement', 'cnipa-register', 'ecommerce-complaint', 'evidence-notary', 'logistics-track'].includes(r.routerId));
    expect(demo.map((r) => [r.routerId, r.status])).toEqual([
      ['cnipa-announcement', 1],
      ['cnipa-register', 1],
      ['ecommerce-complaint', 0],
      ['evidence-notary', 0],
      ['logistics-track', 0],
    ]);
    // `cnipa-mock` is not an upstream of this test app: its routes are listed as outside the allow-list and never served.
    expect(demo.every((r) => r.upstreamUrl === null)).toBe(true);
    expect((await gw('GET', '/gateway/cnipa/announcement/1915', { headers: { 'X-Access-Token': token } })).statusCode).toBe(404);
  });

  it('a change applies at once in a second server process on the same database: over Redis when configured, else by the version row within a second', async () => {
    const second = await buildApp({ ...t.config, redisUrl: null }, t.database.db);
    await second.app.ready();
    const viaRedis = redisUrl ? await buildApp(t.config, t.database.db) : null;
    await viaRedis?.app.ready();
    try {
      const status = async (app: typeof second) => (await app.app.inject({ url: '/gateway/late/x' })).statusCode;
      expect(await status(second)).toBe(404);
      if (viaRedis) expect(await status(viaRedis)).toBe(404);
      expect(await add({ routerId: 'late', pathPrefix: '/gateway/late', needLogin: 0 })).toMatchObject({ success: true });
      expect(await status({ app: t.app } as typeof second)).toBe(201);
      if (viaRedis) await expect.poll(() => status(viaRedis), { timeout: GATEWAY_RECHECK_MS * 0.9, interval: 20 }).toBe(201);
      await expect.poll(() => status(second), { timeout: GATEWAY_RECHECK_MS + 1500, interval: 100 }).toBe(201);
    } finally {
      await second.app.close();
      await viaRedis?.app.close();
    }
  });
});
