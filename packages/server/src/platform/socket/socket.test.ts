import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { SocketClose } from '@sbwq/contracts';
import { createTestApp, json } from '../../test/harness.ts';
import { installAccessControl } from '../access/access.ts';
import { SocketHub } from './hub.ts';
import { socketRoutes } from './socket.routes.ts';
import { connect, listenLocal, pause, refusedWith } from './socket.testkit.ts';

describe('notification and table sockets (spec §4 Sockets; JEECG-API §7.1, §7.2), authenticated at connect', async () => {
  const t = await createTestApp();
  const base = `${await listenLocal(t.app)}${t.config.apiBase}`;
  const aliceId = await t.createUser({ username: 'sock.alice', password: 'Alice12345' });
  const bobId = await t.createUser({ username: 'sock.bob', password: 'Bobby12345' });
  const alice = await t.loginAs('sock.alice', 'Alice12345');
  const bob = await t.loginAs('sock.bob', 'Bobby12345');
  const notice = (userId: string, query = '') => `${base}/websocket/${userId}${query}`;
  const vxe = (userId: string, pageId: string, query = '') => `${base}/vxeSocket/${userId}/${pageId}${query}`;
  const hub = t.deps.sockets;

  it('§7.1 connects with the session token as the WebSocket subprotocol, which is echoed back; any text gets the heartcheck reply', async () => {
    const s = await connect(notice(aliceId), [alice]);
    expect(s.protocol).toBe(alice);
    s.send('ping');
    expect(await s.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    s.send({ anything: true });
    expect(await s.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    s.close();
    await s.closed;
  });

  it('§7.1 connects with a token query parameter too', async () => {
    const s = await connect(notice(aliceId, `?token=${encodeURIComponent(alice)}`));
    s.send('x');
    expect((await s.next()).cmd).toBe('heartcheck');
    s.close();
  });

  it("bad input: no token, an unknown token or a revoked one is closed with 4401; another user's id with 4403", async () => {
    expect(await refusedWith(notice(aliceId))).toBe(SocketClose.tokenInvalid);
    expect(await refusedWith(notice(aliceId), ['x'.repeat(43)])).toBe(SocketClose.tokenInvalid);
    expect(await refusedWith(notice(aliceId, '?token=nope'))).toBe(SocketClose.tokenInvalid);
    expect(await refusedWith(notice(bobId), [alice])).toBe(SocketClose.wrongUser);
    expect(await refusedWith(notice(bobId, `?token=${alice}`))).toBe(SocketClose.wrongUser);
    expect(await refusedWith(vxe(bobId, 'page1'), [alice])).toBe(SocketClose.wrongUser);
    expect(await refusedWith(vxe(aliceId, 'page1'))).toBe(SocketClose.tokenInvalid);
    const temp = await t.loginAs('sock.bob', 'Bobby12345');
    await t.inject({ method: 'POST', url: t.api('/sys/logout'), headers: { 'X-Access-Token': temp } });
    expect(await refusedWith(notice(bobId), [temp])).toBe(SocketClose.tokenInvalid);
    // a refused socket was never registered
    expect(hub.count('notice', bobId)).toBe(0);
  });

  it('a user may hold several connections (tabs); hub.sendToUsers and hub.broadcast reach exactly the right sockets', async () => {
    const tab1 = await connect(notice(aliceId), [alice]);
    const tab2 = await connect(notice(aliceId), [alice]);
    const other = await connect(notice(bobId), [bob]);
    await expect.poll(() => hub.count('notice', aliceId)).toBe(2);
    await hub.sendToUsers([aliceId], { cmd: 'user', msgId: 'm1', msgTxt: '给 alice' }, { stampUserId: true });
    expect(await tab1.next()).toEqual({ cmd: 'user', msgId: 'm1', msgTxt: '给 alice', userId: aliceId });
    expect(await tab2.next()).toEqual({ cmd: 'user', msgId: 'm1', msgTxt: '给 alice', userId: aliceId });
    await hub.broadcast({ cmd: 'topic', msgId: 'm2', msgTxt: '给所有人' });
    for (const s of [tab1, tab2, other]) expect(await s.next()).toEqual({ cmd: 'topic', msgId: 'm2', msgTxt: '给所有人' });
    await pause(100);
    expect(other.messages).toHaveLength(1);
    tab1.close();
    await tab1.closed;
    await expect.poll(() => hub.count('notice', aliceId)).toBe(1);
    tab2.close();
    other.close();
  });

  it("§7.2 table socket: heart_beat is answered; update_vxe_table reaches the same user's table sockets only, never another user's", async () => {
    const page1 = await connect(vxe(aliceId, 'p-1'), [alice]);
    const page2 = await connect(vxe(aliceId, 'p-2'), [alice]);
    const bobPage = await connect(vxe(bobId, 'p-3'), [bob]);
    const aliceBell = await connect(notice(aliceId), [alice]);
    page1.send({ type: 'heart_beat', data: '' });
    expect(await page1.next()).toEqual({ type: 'heart_beat', data: true });
    const update = { type: 'update_vxe_table', data: { socketKey: 'demo-table', args: [{ id: 'r1', name: '改过' }, 'case-1'] } };
    page1.send(update);
    expect(await page2.next()).toEqual(update);
    expect(await page1.next()).toEqual(update);
    page1.send('not json');
    page1.send({ type: 'update_vxe_table', data: 'no socketKey' });
    await pause(150);
    expect(bobPage.messages).toEqual([]);
    expect(aliceBell.messages).toEqual([]);
    expect(page2.messages).toHaveLength(1);
    for (const s of [page1, page2, bobPage, aliceBell]) s.close();
  });

  it("§7.2 a server-side push after a save (hub.sendOn vxe) reaches the named users' table sockets, not their bells and not other users", async () => {
    const alicePage = await connect(vxe(aliceId, 'p-4'), [alice]);
    const bobPage = await connect(vxe(bobId, 'p-5'), [bob]);
    const bobBell = await connect(notice(bobId), [bob]);
    const carolId = await t.createUser({ username: 'sock.carol', password: 'Carol12345' });
    const carolPage = await connect(vxe(carolId, 'p-6'), [await t.loginAs('sock.carol', 'Carol12345')]);
    await expect.poll(() => hub.count('vxe', carolId)).toBe(1);
    const saved = { type: 'update_vxe_table', data: { socketKey: 'dict-items:d1', args: [{ id: 'r1', itemText: '已保存' }] } };
    await hub.sendOn('vxe', [aliceId, bobId], saved);
    expect(await alicePage.next()).toEqual(saved);
    expect(await bobPage.next()).toEqual(saved);
    await pause(100);
    expect(bobBell.messages).toEqual([]);
    expect(carolPage.messages).toEqual([]);
    for (const s of [alicePage, bobPage, bobBell, carolPage]) s.close();
  });

  it('a malformed pageId is refused before the upgrade', async () => {
    await expect(connect(vxe(aliceId, 'bad%20page'), [alice])).rejects.toThrow(/400/);
  });

  /** The socket routes alone on their own server, with a short session check and a small per-user limit. */
  const miniApp = async (hubOpts: { maxPerUser?: number }, sweepMs: number) => {
    const mini = Fastify();
    mini.setValidatorCompiler(validatorCompiler);
    mini.setSerializerCompiler(serializerCompiler);
    const miniHub = new SocketHub(hubOpts);
    installAccessControl(mini, { db: t.database.db, policy: t.deps.policy });
    await mini.register(websocket);
    await mini.register((api) => socketRoutes(api, { db: t.database.db, policy: t.deps.policy, sockets: miniHub }, { sweepMs }), { prefix: '/api' });
    afterAll(() => mini.close());
    return { hub: miniHub, base: `${await listenLocal(mini)}/api` };
  };

  it('a socket whose session ends after it connected (logout) is closed with 4401 by the periodic check', async () => {
    const mini = await miniApp({}, 100);
    const token = await t.loginAs('sock.alice', 'Alice12345');
    const s = await connect(`${mini.base}/websocket/${aliceId}`, [token]);
    await pause(250);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    expect(json(await t.inject({ method: 'POST', url: t.api('/sys/logout'), headers: { 'X-Access-Token': token } })).success).toBe(true);
    expect((await s.closed).code).toBe(SocketClose.tokenInvalid);
    await expect.poll(() => mini.hub.count('notice')).toBe(0);
  });

  it('past the per-user limit the oldest connection of that user is closed with 4409', async () => {
    const mini = await miniApp({ maxPerUser: 2 }, 60_000);
    const first = await connect(`${mini.base}/websocket/${aliceId}`, [alice]);
    const second = await connect(`${mini.base}/websocket/${aliceId}`, [alice]);
    const third = await connect(`${mini.base}/websocket/${aliceId}`, [alice]);
    expect((await first.closed).code).toBe(SocketClose.tooMany);
    expect(mini.hub.count('notice', aliceId)).toBe(2);
    expect([second.ws.readyState, third.ws.readyState]).toEqual([second.ws.OPEN, third.ws.OPEN]);
    second.close();
    third.close();
  });
});
