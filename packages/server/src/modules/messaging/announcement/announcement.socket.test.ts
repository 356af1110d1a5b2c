import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { buildApp } from '../../../app.ts';
import { connect, listenLocal, pause } from '../../../platform/socket/socket.testkit.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { publishNotice } from '../../core/notice/delivery.ts';

describe('live delivery: a release pushes over the notification socket (spec §4 Sockets, §7 Notifications; JEECG-API §5.2, §7.1)', async () => {
  const t = await createTestApp();
  const base = `${await listenLocal(t.app)}${t.config.apiBase}`;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const [{ id: adminId }] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  const aliceId = await t.createUser({ username: 'live.alice', password: 'Alice12345' });
  const bobId = await t.createUser({ username: 'live.bob', password: 'Bobby12345' });
  const alice = await t.loginAs('live.alice', 'Alice12345');
  const bob = await t.loginAs('live.bob', 'Bobby12345');
  const call = t.as(admin);

  it('USER type → {cmd:"user", msgId, msgTxt, userId} to each tab of each target user, nothing to anyone else; ALL type → {cmd:"topic"} to everyone', async () => {
    const aliceTab1 = await connect(`${base}/websocket/${aliceId}`, [alice]);
    const aliceTab2 = await connect(`${base}/websocket/${aliceId}?token=${alice}`);
    const bobTab = await connect(`${base}/websocket/${bobId}`, [bob]);
    const adminTab = await connect(`${base}/websocket/${adminId}`, [admin]);

    const userNotice = json(await call('POST', '/sys/annountCement/add', { titile: '给 alice 的消息', msgType: 'USER', userIds: `${aliceId},` })).result;
    expect(json(await call('GET', `/sys/annountCement/doReleaseData?id=${userNotice}`)).success).toBe(true);
    const expected = { cmd: 'user', msgId: userNotice, msgTxt: '给 alice 的消息', userId: aliceId };
    expect(await aliceTab1.next()).toEqual(expected);
    expect(await aliceTab2.next()).toEqual(expected);

    const topic = json(await call('POST', '/sys/annountCement/add', { titile: '全体公告', msgType: 'ALL', msgCategory: '1' })).result;
    expect(json(await call('GET', `/sys/annountCement/doReleaseData?id=${topic}`)).success).toBe(true);
    for (const s of [aliceTab1, aliceTab2, bobTab, adminTab]) expect(await s.next()).toEqual({ cmd: 'topic', msgId: topic, msgTxt: '全体公告' });

    await pause(150);
    expect(bobTab.messages).toHaveLength(1);
    expect(adminTab.messages).toHaveLength(1);
    // what the bell loads after the push
    const bell = json(await t.inject({ url: t.api('/sys/annountCement/listByUser'), headers: { 'X-Access-Token': alice } })).result;
    expect(bell.sysMsgList.map((a: { id: string }) => a.id)).toContain(userNotice);
    expect(bell.anntMsgList.map((a: { id: string }) => a.id)).toContain(topic);
    for (const s of [aliceTab1, aliceTab2, bobTab, adminTab]) s.close();
  });

  it("JEECG-API §5.2 syncNotic after a read or 全部标注已读: an empty success, pushed to the caller's own sockets only, as stock words it", async () => {
    const aliceTab1 = await connect(`${base}/websocket/${aliceId}`, [alice]);
    const aliceTab2 = await connect(`${base}/websocket/${aliceId}`, [alice]);
    const bobTab = await connect(`${base}/websocket/${bobId}`, [bob]);
    const adminTab = await connect(`${base}/websocket/${adminId}`, [admin]);
    const aliceCall = t.as(alice);

    const forBoth = json(await call('POST', '/sys/annountCement/add', { titile: '给两人的消息', msgType: 'USER', userIds: `${aliceId},${bobId},` })).result;
    const forAll = json(await call('POST', '/sys/annountCement/add', { titile: '同步全体公告', msgType: 'ALL', msgCategory: '1' })).result;
    const onlyBob = json(await call('POST', '/sys/annountCement/add', { titile: '只给 bob', msgType: 'USER', userIds: `${bobId},` })).result;
    for (const id of [forBoth, forAll, onlyBob]) expect(json(await call('GET', `/sys/annountCement/doReleaseData?id=${id}`)).success).toBe(true);
    await pause(150);
    const seen = (s: { messages: unknown[] }) => s.messages.length;
    const before = [aliceTab1, aliceTab2, bobTab, adminTab].map(seen);
    for (const s of [aliceTab1, aliceTab2]) s.messages.splice(0);

    expect(json(await aliceCall('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: forBoth })).success).toBe(true);
    const answer = json(await aliceCall('GET', `/sys/annountCement/syncNotic?anntId=${forBoth}`));
    expect(answer).toMatchObject({ success: true, result: null });
    for (const s of [aliceTab1, aliceTab2])
      expect(await s.next(2000, (m) => m.msgId === forBoth)).toEqual({ cmd: 'user', msgId: forBoth, msgTxt: '给两人的消息', userId: aliceId });

    expect(json(await aliceCall('GET', `/sys/annountCement/syncNotic?anntId=${forAll}`)).success).toBe(true);
    for (const s of [aliceTab1, aliceTab2])
      expect(await s.next(2000, (m) => m.msgId === forAll && m.cmd === 'topic')).toEqual({ cmd: 'topic', msgId: forAll, msgTxt: '同步全体公告' });

    expect(json(await aliceCall('PUT', '/sys/sysAnnouncementSend/readAll')).success).toBe(true);
    expect(json(await aliceCall('GET', '/sys/annountCement/syncNotic?anntId=')).success).toBe(true);
    for (const s of [aliceTab1, aliceTab2]) expect(await s.next(2000, (m) => m.msgTxt === '批量设置已读')).toEqual({ cmd: 'topic', msgTxt: '批量设置已读' });

    // a notice that never reached the caller: refused as queryById refuses it, and nobody is told
    expect(json(await aliceCall('GET', `/sys/annountCement/syncNotic?anntId=${onlyBob}`))).toMatchObject({ success: false, message: '未找到对应实体' });
    const anonymous = await t.inject({ url: t.api(`/sys/annountCement/syncNotic?anntId=${forBoth}`) });
    expect(anonymous.statusCode).toBe(401);

    await pause(200);
    expect(aliceTab1.messages).toHaveLength(3);
    expect(aliceTab2.messages).toHaveLength(3);
    expect([bobTab, adminTab].map(seen)).toEqual(before.slice(2));
    for (const s of [aliceTab1, aliceTab2, bobTab, adminTab]) s.close();
  });

  it('publishNotice (for other modules) delivers a released system message to chosen users and pushes `user`', async () => {
    const tab = await connect(`${base}/websocket/${bobId}`, [bob]);
    const id = await publishNotice(t.database.db, t.deps.sockets, {
      titile: '您的报销申请已通过',
      msgContent: '<p>请到付款管理中上传报销信息<script>x()</script></p>',
      userIds: [bobId],
      sender: 'system',
      busType: 'claim',
      busId: 'c1',
      openType: 'component',
      openPage: '/rights/payment',
    });
    expect(await tab.next()).toEqual({ cmd: 'user', msgId: id, msgTxt: '您的报销申请已通过', userId: bobId });
    const bell = json(await t.inject({ url: t.api('/sys/annountCement/listByUser'), headers: { 'X-Access-Token': bob } })).result;
    expect(bell.sysMsgList[0]).toMatchObject({
      id,
      msgContent: '<p>请到付款管理中上传报销信息</p>',
      busType: 'claim',
      openPage: '/rights/payment',
      sendStatus: '1',
    });
    await expect(
      publishNotice(t.database.db, t.deps.sockets, { titile: 'x', userIds: [bobId], sender: 'system', openPage: 'https://evil.example' }),
    ).rejects.toThrow();
    tab.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(Boolean(redisUrl))('with REDIS_URL, a release on one server process reaches sockets held by another (spec §4 Sockets)', async () => {
  const a = await createTestApp({ REDIS_URL: redisUrl ?? '' });
  const b = await buildApp(a.config, a.database.db);
  afterAll(() => b.app.close());
  const baseB = `${await listenLocal(b.app)}${a.config.apiBase}`;
  const admin = await a.loginAs('admin', ADMIN_PASSWORD);
  const carolId = await a.createUser({ username: 'redis.carol', password: 'Carol12345' });
  const carol = await a.loginAs('redis.carol', 'Carol12345');
  const call = a.as(admin);

  // CI runs this file on PGlite and on PostgreSQL at the same time against one Redis, so a socket may
  // also see the other run's broadcasts: each check looks only at its own announcement ids.
  it("release on A → the user's socket on B gets the `user` and the `topic` message, once each", async () => {
    const onB = await connect(`${baseB}/websocket/${carolId}`, [carol]);
    const id = json(await call('POST', '/sys/annountCement/add', { titile: '跨进程', msgType: 'USER', userIds: `${carolId},` })).result;
    expect(json(await call('GET', `/sys/annountCement/doReleaseData?id=${id}`)).success).toBe(true);
    expect(await onB.next(3000, (m) => m.msgId === id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '跨进程', userId: carolId });
    const all = json(await call('POST', '/sys/annountCement/add', { titile: '跨进程全体', msgType: 'ALL' })).result;
    expect(json(await call('GET', `/sys/annountCement/doReleaseData?id=${all}`)).success).toBe(true);
    expect(await onB.next(3000, (m) => m.msgId === all)).toEqual({ cmd: 'topic', msgId: all, msgTxt: '跨进程全体' });
    await pause(200);
    expect(onB.messages.filter((m) => [id, all].includes((m as { msgId?: string }).msgId ?? ''))).toHaveLength(2);
    onB.close();
  });

  it("§7.2 a table-row update from a tab on A reaches the same user's table socket on B", async () => {
    const baseA = `${await listenLocal(a.app)}${a.config.apiBase}`;
    const fromA = await connect(`${baseA}/vxeSocket/${carolId}/page-a`, [carol]);
    const onB = await connect(`${baseB}/vxeSocket/${carolId}/page-b`, [carol]);
    const update = { type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: '1' }, 'case'] } };
    fromA.send(update);
    expect(await onB.next()).toEqual(update);
    fromA.close();
    onB.close();
  });
});
