import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { GatewayMsg, Msg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';

/** An upstream answering its own path, so a route saved through the stock screen is seen to serve. */
const upstream = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ url: req.url }));
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const port = (upstream.address() as AddressInfo).port;
afterAll(() => upstream.close());

/**
 * Issue 36, the stock client's 路由网关 screen (SysGatewayRouteList.vue): a JSON editor loaded from `list`
 * (an array), saved by `updateAll` with `{routes: "<JSON>"}`, and 清除缓存 (`clearRedis`).
 */
describe(`路由网关 through the stock JSON editor on ${dbKind}`, async () => {
  const t = await createTestApp({ GATEWAY_UPSTREAMS: `echo=http://127.0.0.1:${port}/base,other=http://127.0.0.1:${port}/other` });
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const stockList = async () => json(await call('GET', '/sys/gatewayRoute/list?_t=1764000000'));
  const save = async (routes: unknown) =>
    json(await call('POST', '/sys/gatewayRoute/updateAll', { routes: typeof routes === 'string' ? routes : JSON.stringify(routes) }));
  const page = async () =>
    json(await call('GET', '/sys/gatewayRoute/list?pageNo=1&pageSize=100')).result.records as {
      id: string;
      routerId: string;
      status: number;
      permission: string | null;
    }[];

  await call('POST', '/sys/gatewayRoute/add', {
    name: '公告',
    routerId: 'notice',
    pathPrefix: '/gateway/notice',
    upstream: 'echo',
    methods: ['GET'],
    permission: 'gateway:notice:call',
    sortOrder: 1,
  });
  await call('POST', '/sys/gatewayRoute/add', { name: '停用的', routerId: 'off', pathPrefix: '/gateway/off', upstream: 'echo', status: 0 });

  it('list without paging answers the enabled routes as an array: our fields, the uri from the allow-list, Path/Method predicates', async () => {
    const answer = await stockList();
    expect(answer.success).toBe(true);
    expect(Array.isArray(answer.result)).toBe(true);
    const notice = answer.result.find((r: { routerId: string }) => r.routerId === 'notice');
    expect(notice).toMatchObject({
      name: '公告',
      uri: `http://127.0.0.1:${port}/base`,
      upstream: 'echo',
      permission: 'gateway:notice:call',
      predicates: [
        { name: 'Path', args: ['/gateway/notice/**'] },
        { name: 'Method', args: ['GET'] },
      ],
      filters: [],
    });
    expect(answer.result.some((r: { routerId: string }) => r.routerId === 'off')).toBe(false);
    // Our list page still gets a page.
    expect((await page()).map((r) => r.routerId)).toEqual(expect.arrayContaining(['notice', 'off']));
  });

  it("updateAll {routes}: the editor's array round-trips; a new stock-style route (id, uri, Path predicate) is added and served; the permission column is kept", async () => {
    const current = (await stockList()).result as Record<string, unknown>[];
    const added = {
      id: 'jeecg-demo',
      name: '演示',
      uri: `http://127.0.0.1:${port}/other`,
      predicates: [{ name: 'Path', args: { _genkey_0: '/gateway/demo/**' } }],
      filters: [],
    };
    const edited = current.map((r) => (r.routerId === 'notice' ? { ...r, name: '公告查询' } : r));
    expect(await save([...edited, added])).toMatchObject({ success: true, message: GatewayMsg.saved });
    const after = await page();
    expect(after.find((r) => r.routerId === 'notice')).toMatchObject({ permission: 'gateway:notice:call' });
    expect(after.find((r) => r.routerId === 'jeecg-demo')).toMatchObject({ status: 1 });
    expect(after.find((r) => r.routerId === 'off')).toMatchObject({ status: 0 });
    // A stock route says nothing of sign-in: it needs it (fail closed), as our form's default.
    expect((await t.inject({ method: 'GET', url: '/gateway/demo/ping' })).statusCode).toBe(401);
    const served = await t.inject({ method: 'GET', url: '/gateway/demo/ping', headers: { 'X-Access-Token': token } });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual({ url: '/other/ping' });
    // The sandbox of every gateway answer stays.
    expect(served.headers['content-security-policy']).toContain('sandbox');

    // Left out of the array, an enabled route is deleted; the disabled one stays.
    const withoutDemo = ((await stockList()).result as { routerId: string }[]).filter((r) => r.routerId !== 'jeecg-demo');
    expect(await save(withoutDemo)).toMatchObject({ success: true });
    expect((await page()).map((r) => r.routerId).sort()).toEqual(['notice', 'off']);
  });

  it('refusals name the element and change nothing: an upstream outside the allow-list, a path outside /gateway/, not an array, an empty array', async () => {
    const before = await page();
    const base = (await stockList()).result as Record<string, unknown>[];
    const bad = (over: object) => [
      ...base,
      { id: 'evil', name: '外部', uri: 'http://169.254.169.254', predicates: [{ name: 'Path', args: ['/gateway/evil/**'] }], ...over },
    ];
    expect(await save(bad({}))).toMatchObject({ success: false, message: `第${base.length + 1}个路由：${GatewayMsg.upstreamNotAllowed}` });
    expect(await save(bad({ uri: 'lb://jeecg-system' }))).toMatchObject({
      success: false,
      message: `第${base.length + 1}个路由：${GatewayMsg.upstreamNotAllowed}`,
    });
    expect(await save(bad({ uri: 'echo', predicates: [{ name: 'Path', args: ['/sys/**'] }] }))).toMatchObject({
      success: false,
      message: `第${base.length + 1}个路由：${GatewayMsg.pathFormat}`,
    });
    expect(await save(bad({ uri: 'echo', permission: 'x:y', needLogin: 0 }))).toMatchObject({
      success: false,
      message: `第${base.length + 1}个路由：${GatewayMsg.permissionNeedsLogin}`,
    });
    expect(await save('{"id":"x"}')).toMatchObject({ success: false, message: GatewayMsg.stockRoutesJson });
    expect(await save('not json')).toMatchObject({ success: false, message: GatewayMsg.stockRoutesJson });
    expect(await save([])).toMatchObject({ success: false, message: GatewayMsg.stockRoutesEmpty });
    expect(await page()).toEqual(before);
  });

  it('clearRedis reloads the routes in every process (清除成功！); both need the gateway codes', async () => {
    expect(json(await call('GET', '/sys/gatewayRoute/clearRedis'))).toMatchObject({ success: true, message: GatewayMsg.cleared });
    await t.createUser({ username: 'gw_plain', password: 'Plain12345', roleIds: [RoleId.holder] });
    const plain = t.as(await t.loginAs('gw_plain', 'Plain12345'));
    for (const [method, url, body] of [
      ['GET', '/sys/gatewayRoute/clearRedis'],
      ['GET', '/sys/gatewayRoute/list'],
      ['POST', '/sys/gatewayRoute/updateAll', { routes: '[]' }],
    ] as const) {
      const answer = await plain(method, url, body);
      expect(answer.statusCode, url).toBe(403);
      expect(json(answer)).toMatchObject({ code: 510, message: Msg.noPermission });
    }
  });
});
