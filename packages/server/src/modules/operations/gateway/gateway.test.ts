import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EnterStatus, GatewayMsg, Msg, RightsOrgType } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { sysPermission } from '../../identity/permission/permission.table.ts';
import { sysRolePermission } from '../../identity/role/role.table.ts';
import { buildApp } from '../../../app.ts';
import { gatewayUpstreamsOf } from '../../../platform/config.ts';
import { GATEWAY_RECHECK_MS, allowedUpstream } from './gateway.service.ts';
import { seedGatewayDemo } from './gateway.demo.ts';

type Seen = { upstream: string; method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** What a hostile or careless upstream sends back beside its page: none of it may reach the browser. */
const UPSTREAM_HOP_AND_STATE = {
  'set-cookie': 'sid=upstream; Path=/',
  'keep-alive': 'timeout=5, max=77',
  'proxy-authenticate': 'Basic realm="upstream"',
  trailer: 'x-done',
  'content-security-policy': "script-src 'unsafe-inline'",
  'access-control-allow-origin': '*',
  'x-powered-by': 'upstream',
};

/**
 * A local upstream: answers what it received as JSON (status 201); `/slow` answers after 2 s; `/page.html`
 * answers an HTML page with a script and hop-by-hop and cookie headers; `/moved?to=` redirects there.
 */
async function startUpstream(name: string) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: Seen = { upstream: name, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const url = new URL(req.url ?? '/', 'http://upstream');
      const answer = () => {
        if (url.pathname.endsWith('/page.html')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: '"v1"', 'cache-control': 'no-cache', ...UPSTREAM_HOP_AND_STATE });
          res.end('<script>fetch("/jeecg-boot/sys/user/list", { headers: { "X-Access-Token": localStorage.token } })</script>');
          return;
        }
        if (url.pathname.endsWith('/moved')) {
          res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
          res.end();
          return;
        }
        res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': 'sid=upstream; Path=/' });
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
    expect(await add({ upstream: `http://127.0.0.1:${echo.port}/base/`, pathPrefix: '/gateway/tm/' })).toMatchObject({
      success: true,
      message: GatewayMsg.added,
    });
    expect(await idOf('r1')).toMatchObject({
      upstream: 'echo',
      pathPrefix: '/gateway/tm',
      upstreamUrl: `http://127.0.0.1:${echo.port}/base`,
      status: 1,
      needLogin: 1,
      stripPrefix: 1,
    });
    expect(await add({})).toMatchObject({ success: false, message: GatewayMsg.routerIdTaken });
    // JeecgBoot's updateAll: without an id it adds, with one it edits; the same rules apply.
    expect(json(await call('POST', '/sys/gatewayRoute/updateAll', route({ routerId: 'ua', pathPrefix: '/gateway/ua', status: 0 })))).toMatchObject({
      success: true,
      message: GatewayMsg.saved,
    });
    const ua = await idOf('ua');
    expect(json(await call('POST', '/sys/gatewayRoute/updateAll', { ...ua, upstream: 'elsewhere' }))).toMatchObject({
      success: false,
      message: GatewayMsg.upstreamNotAllowed,
    });
    expect(json(await call('POST', '/sys/gatewayRoute/updateAll', { ...ua, name: '改名' }))).toMatchObject({ success: true });
    expect(await idOf('ua')).toMatchObject({ id: ua.id, name: '改名', status: 0 });
    expect(json(await call('GET', '/sys/gatewayRoute/upstreams')).result.map((u: { name: string }) => u.name)).toEqual(['echo', 'other', 'down']);
  });

  it('forwards path (prefix stripped, upstream base path kept), method, query, headers and body; the app token, Authorization and Cookie never reach the upstream; Set-Cookie is not passed back', async () => {
    const res = await gw('POST', '/gateway/tm/announce/2026/1915?no=1915&kind=%E5%88%9D%E5%AE%A1', {
      headers: { 'X-Access-Token': token, authorization: 'Bearer secret', cookie: 'a=b', 'x-request-id': 't-1', 'content-type': 'application/json' },
      payload: '{"regNo":"12345678","name":"商标"}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
    const seen = res.json() as Seen;
    expect(seen).toMatchObject({
      upstream: 'echo',
      method: 'POST',
      url: '/base/announce/2026/1915?no=1915&kind=%E5%88%9D%E5%AE%A1',
      body: '{"regNo":"12345678","name":"商标"}',
    });
    expect(seen.headers).toMatchObject({ 'x-request-id': 't-1', 'content-type': 'application/json', 'x-forwarded-prefix': '/gateway/tm' });
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
    expect(
      await add({
        routerId: 'hdr',
        pathPrefix: '/gateway/shop',
        upstream: 'other',
        methods: 'POST',
        headerName: 'X-Platform',
        headerValue: 'taobao',
        sortOrder: 1,
      }),
    ).toMatchObject({ success: true });
    expect(await add({ routerId: 'any', pathPrefix: '/gateway/shop', upstream: 'echo', sortOrder: 5 })).toMatchObject({ success: true });
    const via = async (method: 'GET' | 'POST', headers: Record<string, string>) =>
      (await gw(method, '/gateway/shop/complaint', { headers: { ...token2, ...headers }, payload: method === 'POST' ? {} : undefined })).json().upstream;
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
    const listed = json(await call('GET', '/sys/gatewayRoute/list?pageSize=100')).result.records as {
      routerId: string;
      status: number;
      upstreamUrl: string | null;
    }[];
    const demo = listed.filter((r) =>
      ['cnipa-announcement', 'cnipa-register', 'ecommerce-complaint', 'evidence-notary', 'logistics-track'].includes(r.routerId),
    );
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

describe(`路由网关 security review (issue 34 "Gateway answers run in our origin") on ${dbKind}`, async () => {
  const t = await createTestApp({ GATEWAY_UPSTREAMS: `echo=http://127.0.0.1:${echo.port}/base,other=http://127.0.0.1:${other.port}` });
  const db = t.database.db;
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  const add = async (body: object) =>
    json(await admin('POST', '/sys/gatewayRoute/add', { name: '安全测试', upstream: 'echo', sortOrder: 10, needLogin: 0, ...body }));
  expect(await add({ routerId: 'open', pathPrefix: '/gateway/open' })).toMatchObject({ success: true });
  expect(await add({ routerId: 'kept', pathPrefix: '/gateway/kept', stripPrefix: 0 })).toMatchObject({ success: true });
  const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

  it("an upstream HTML page comes back sandboxed (CSP sandbox, nosniff) and as a download; a JSON answer and the gateway's own refusals are sandboxed too", async () => {
    const page = await get('/gateway/open/page.html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script>');
    expect(page.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', etag: '"v1"', 'cache-control': 'no-cache' });

    const data = await get('/gateway/open/data');
    expect(data.statusCode).toBe(201);
    expect(data.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(data.headers['x-content-type-options']).toBe('nosniff');
    expect(data.headers['content-disposition']).toBeUndefined();

    const none = await get('/gateway/nothing-here');
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
  });

  it("hop-by-hop headers, Set-Cookie, CORS and the upstream's own CSP never come back", async () => {
    const page = await get('/gateway/open/page.html');
    for (const name of Object.keys(UPSTREAM_HOP_AND_STATE).filter((n) => n !== 'content-security-policy')) expect(page.headers[name], name).toBeUndefined();
    expect(String(page.headers.connection ?? '')).not.toContain('keep-alive');
  });

  it('only an allow-list of client headers reaches the upstream: forwarding, rewrite and credential headers from the client do not; the gateway sets X-Forwarded-* itself', async () => {
    const hostile = {
      'x-real-ip': '6.6.6.6',
      forwarded: 'for=6.6.6.6;host=evil.example',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'gopher',
      'x-forwarded-prefix': '/evil',
      'x-original-url': '/admin',
      'x-rewrite-url': '/admin',
      'x-http-method-override': 'DELETE',
      authorization: 'Bearer secret',
      'proxy-authorization': 'Basic c2VjcmV0',
      cookie: 'a=b',
      'x-custom': 'kept out',
    };
    const res = await get('/gateway/open/data', {
      ...hostile,
      accept: 'application/json',
      'accept-language': 'zh-CN',
      'user-agent': 'gw-test',
      'if-none-match': '"v0"',
    });
    expect(res.statusCode).toBe(201);
    const seen = (res.json() as Seen).headers;
    for (const [name, value] of Object.entries(hostile)) expect(seen[name], name).not.toBe(value);
    for (const name of [
      'x-real-ip',
      'forwarded',
      'x-original-url',
      'x-rewrite-url',
      'x-http-method-override',
      'authorization',
      'proxy-authorization',
      'cookie',
      'x-custom',
    ])
      expect(seen[name], name).toBeUndefined();
    expect(seen).toMatchObject({
      accept: 'application/json',
      'accept-language': 'zh-CN',
      'user-agent': 'gw-test',
      'if-none-match': '"v0"',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-prefix': '/gateway/open',
    });
    expect(seen.host).toBe(`127.0.0.1:${echo.port}`);
  });

  it('a request with Keep-Alive, Connection or Upgrade headers is forwarded (the upstream answers), not a false 502; WebSocket upgrade is not proxied', async () => {
    const requests: Record<string, string>[] = [
      { 'keep-alive': 'timeout=5' },
      { connection: 'keep-alive', 'keep-alive': 'timeout=5' },
      { upgrade: 'websocket' },
      { connection: 'Upgrade', upgrade: 'websocket' },
      { te: 'trailers' },
    ];
    for (const headers of requests) {
      const res = await get('/gateway/open/data', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
      const seen = (res.json() as Seen).headers;
      expect(seen.upgrade, JSON.stringify(headers)).toBeUndefined();
      expect(seen['keep-alive'], JSON.stringify(headers)).toBeUndefined();
    }
  });

  it("a Location on the upstream's own host is rewritten to the gateway path; one elsewhere (another host, another port, outside the base path or the route) is dropped", async () => {
    const location = async (from: string, to: string) => {
      const res = await get(`${from}?to=${encodeURIComponent(to)}`);
      expect(res.statusCode, to).toBe(302);
      return res.headers.location;
    };
    const self = `http://127.0.0.1:${echo.port}`;
    expect(await location('/gateway/open/moved', `${self}/base/login?next=%2Fhome`)).toBe('/gateway/open/login?next=%2Fhome');
    expect(await location('/gateway/open/moved', '/base/a/b#top')).toBe('/gateway/open/a/b#top');
    expect(await location('/gateway/open/dir/moved', 'next')).toBe('/gateway/open/dir/next');
    expect(await location('/gateway/open/moved', `${self}/base`)).toBe('/gateway/open');
    expect(await location('/gateway/kept/moved', `${self}/base/gateway/kept/x`)).toBe('/gateway/kept/x');
    for (const to of [
      'http://evil.example/x',
      '//evil.example/x',
      `${self}/elsewhere`,
      `${self}/basement`,
      `http://127.0.0.1:${other.port}/x`,
      `https://127.0.0.1:${echo.port}/base/x`,
      '/other/x',
      'javascript:alert(1)',
    ])
      expect(await location('/gateway/open/moved', to), to).toBeUndefined();
    // Not stripped: a path of the upstream that is not under this route's own prefix is another route's, or none.
    expect(await location('/gateway/kept/moved', `${self}/base/gateway/open/x`)).toBeUndefined();
  });

  describe('a route that needs sign-in may name a permission code; without one it still refuses an unvetted self-registered account', async () => {
    const permissionId = newId();
    await db.insert(sysPermission).values({ id: permissionId, name: '调用商标局接口', menuType: 2, perms: 'gateway:cnipa:call', status: '1' });
    await db.insert(sysRolePermission).values({ id: newId(), roleId: RoleId.reviewer, permissionId });
    await t.createUser({ username: 'gwgranted', password: 'Granted123', roleIds: [RoleId.reviewer] });
    await t.createUser({ username: 'gwplain', password: 'Plain12345', roleIds: [RoleId.finance] });
    const newcomerId = await t.createUser({ username: 'gwnewcomer', password: 'Newcomer123', roleIds: [RoleId.holder] });
    // What self-registration leaves (register.service.ts): a 权利人 account and its organisation's 未提交 enrolment.
    const orgId = newId();
    await db
      .insert(rightsOrg)
      .values({ id: orgId, orgName: '新来的权利人', orgType: RightsOrgType.holder, applicantId: newcomerId, enterStatus: EnterStatus.draft });
    const granted = { 'X-Access-Token': await t.loginAs('gwgranted', 'Granted123') };
    const plain = { 'X-Access-Token': await t.loginAs('gwplain', 'Plain12345') };
    const newcomer = { 'X-Access-Token': await t.loginAs('gwnewcomer', 'Newcomer123') };

    it('the code is saved and listed; a malformed code, or a code on a route open to everyone, is refused with a clear message', async () => {
      expect(await add({ routerId: 'bad', pathPrefix: '/gateway/bad', needLogin: 1, permission: 'drop table;' })).toMatchObject({
        success: false,
        message: GatewayMsg.permissionFormat,
      });
      expect(await add({ routerId: 'bad', pathPrefix: '/gateway/bad', needLogin: 0, permission: 'gateway:cnipa:call' })).toMatchObject({
        success: false,
        message: GatewayMsg.permissionNeedsLogin,
      });
      expect(await add({ routerId: 'perm', pathPrefix: '/gateway/perm', needLogin: 1, permission: ' gateway:cnipa:call ' })).toMatchObject({ success: true });
      expect(await add({ routerId: 'member', pathPrefix: '/gateway/member', needLogin: 1 })).toMatchObject({ success: true });
      const listed = json(await admin('GET', '/sys/gatewayRoute/list?pageSize=100')).result.records as { routerId: string; permission: string | null }[];
      expect(listed.find((r) => r.routerId === 'perm')?.permission).toBe('gateway:cnipa:call');
      expect(listed.find((r) => r.routerId === 'member')?.permission).toBeNull();
    });

    it('a user without the code gets 403 (code 510 没有权限，请联系管理员授权); one who holds it through a role is forwarded', async () => {
      const denied = await get('/gateway/perm/announce', plain);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ success: false, code: 510, message: Msg.noPermission });
      expect(Msg.noPermission).toBe('没有权限，请联系管理员授权');
      expect((await get('/gateway/perm/announce')).statusCode).toBe(401);
      const ok = await get('/gateway/perm/announce', granted);
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ url: '/base/announce' });
      // A withdrawn grant applies to the next request.
      await db.delete(sysRolePermission).where(eq(sysRolePermission.permissionId, permissionId));
      expect((await get('/gateway/perm/announce', granted)).statusCode).toBe(403);
    });

    it('a route with 需要登录 and no code admits a vetted account, refuses a self-registered one until its organisation is enrolled', async () => {
      expect((await get('/gateway/member/x', plain)).statusCode).toBe(201);
      const refused = await get('/gateway/member/x', newcomer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 510, message: Msg.noPermission });
      // An open route stays open to them.
      expect((await get('/gateway/open/x', newcomer)).statusCode).toBe(201);
      await db.update(rightsOrg).set({ enterStatus: EnterStatus.enrolled }).where(eq(rightsOrg.id, orgId));
      expect((await get('/gateway/member/x', newcomer)).statusCode).toBe(201);
    });
  });
});
