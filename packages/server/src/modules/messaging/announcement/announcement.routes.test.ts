import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AnnouncementMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../core/notice/announcement.table.ts';
import { sysUser } from '../../identity/user/user.table.ts';

describe('通告管理 and 我的消息 (spec §3 Announcement, §7 Notifications; JEECG-API §4.4, §5.2)', async () => {
  const t = await createTestApp({ SAFE_OPEN_HOSTS: 'docs.example.org, portal.example.org:8443' });
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const aliceId = await t.createUser({ username: 'alice', password: 'Alice12345', roleIds: [RoleId.holder] });
  const bobId = await t.createUser({ username: 'bob', password: 'Bob1234567', roleIds: [RoleId.agency] });
  const alice = await t.loginAs('alice', 'Alice12345');
  const bob = await t.loginAs('bob', 'Bob1234567');
  const call = t.request;
  const add = async (body: object) => {
    const res = json(await call(admin, 'POST', '/sys/annountCement/add', { titile: '通知', msgContent: '<p>内容</p>', ...body }));
    expect(res.success, res.message).toBe(true);
    return res.result as string;
  };
  const release = async (id: string) => json(await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${id}`));
  const sendRows = (anntId: string) => db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, anntId));

  it('§6 every management call refuses a user without the system:announcement:* code with 403', async () => {
    const id = await add({ titile: '权限测试' });
    for (const [method, path, payload] of [
      ['GET', '/sys/annountCement/list'],
      ['POST', '/sys/annountCement/add', { titile: 'x' }],
      ['PUT', '/sys/annountCement/edit', { id, titile: 'x' }],
      ['DELETE', `/sys/annountCement/delete?id=${id}`],
      ['DELETE', `/sys/annountCement/deleteBatch?ids=${id},`],
      ['GET', `/sys/annountCement/doReleaseData?id=${id}`],
      ['GET', `/sys/annountCement/doReovkeData?id=${id}`],
    ] as const) {
      const res = await call(alice, method, path, payload as object | undefined);
      expect(res.statusCode, path).toBe(403);
      expect(json(res).code).toBe(510);
    }
    // the user's own calls need only a session
    for (const path of ['/sys/annountCement/listByUser', '/sys/sysAnnouncementSend/getMyAnnouncementSend']) {
      expect((await t.inject({ method: 'GET', url: t.api(path) })).statusCode, path).toBe(401);
      expect((await call(alice, 'GET', path)).statusCode, path).toBe(200);
    }
  });

  it('§5.2 add stores an unpublished, undeleted row; list pages with _dictText and filters', async () => {
    const id = await add({
      titile: '年度维权工作通知',
      msgAbstract: '摘要',
      priority: 'H',
      msgCategory: '1',
      msgType: 'ALL',
      startTime: '2026-01-01 08:00:00',
      endTime: '2026-12-31',
    });
    const [row] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(row).toMatchObject({ sendStatus: '0', delFlag: '0', createBy: 'admin', priority: 'H', msgCategory: '1', msgType: 'ALL', sender: null });
    expect(row.startTime?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const list = json(await call(admin, 'GET', '/sys/annountCement/list?titile=年度维权&pageNo=1&pageSize=10')).result;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      id,
      titile: '年度维权工作通知',
      priority_dictText: '高',
      msgCategory_dictText: '通知公告',
      msgType_dictText: '全体用户',
      sendStatus_dictText: '未发布',
      startTime: '2026-01-01 08:00:00',
      endTime: '2026-12-31 00:00:00',
    });
    expect(json(await call(admin, 'GET', '/sys/annountCement/list?titile=*维权工作*&msgCategory=1&sendStatus=0')).result.total).toBe(1);
    expect(json(await call(admin, 'GET', '/sys/annountCement/list?titile=年度维权&msgCategory=2')).result.total).toBe(0);
    expect(json(await call(admin, 'GET', '/sys/annountCement/list?column=createTime&order=desc')).success).toBe(true);
    expect(json(await call(admin, 'GET', '/sys/annountCement/list?column=msg_content;drop')).success).toBe(false);
  });

  it('§5.2 add refuses a missing title, a USER type without users and an end before the start', async () => {
    const bad = async (body: object) => json(await call(admin, 'POST', '/sys/annountCement/add', body)).message;
    expect(await bad({ msgContent: 'x' })).toContain(AnnouncementMsg.titleRequired);
    expect(await bad({ titile: '  ' })).toContain(AnnouncementMsg.titleRequired);
    expect(await bad({ titile: 'x', msgType: 'USER', userIds: ',' })).toContain(AnnouncementMsg.usersRequired);
    expect(await bad({ titile: 'x', startTime: '2026-02-01', endTime: '2026-01-01' })).toContain(AnnouncementMsg.timeOrder);
    expect(await bad({ titile: 'x', priority: 'X' })).toContain('优先级');
    expect(await bad({ titile: 'x', startTime: 'tomorrow' })).toContain(AnnouncementMsg.timeFormat);
  });

  it('bad input: script, event handlers, javascript: URLs, iframes, styles and SVG tricks are removed on save; formatting stays', async () => {
    const dirty = [
      '<h2 onclick="steal()">标题</h2><p>正文<script>alert(1)</script><strong>加粗</strong><em>斜体</em></p>',
      '<img src="/jeecg-boot/sys/common/static/a.png" onerror="alert(1)" alt="图">',
      '<a href="javascript:alert(1)">坏链接</a><a href="jav&#x09;ascript:alert(2)">坏链接2</a>',
      '<a href="https://docs.example.org/x" target="_blank">好链接</a>',
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
      '<style>body{display:none}</style><p style="color:red;background:url(javascript:alert(3));position:fixed">红字</p>',
      '<svg onload="alert(4)"><script>alert(5)</script></svg><math><a xlink:href="javascript:alert(6)">m</a></math>',
      '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="><a href="data:text/html,<b>x</b>">d</a>',
      '<table><tbody><tr><td colspan="2" style="text-align:center">单元格</td></tr></tbody></table><ul><li>项</li></ul>',
    ].join('');
    const id = await add({ titile: '清理测试', msgContent: dirty });
    const [row] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    const html = row.msgContent ?? '';
    for (const banned of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      'onload',
      'javascript:',
      '<iframe',
      '<object',
      '<embed',
      '<style',
      'position',
      'url(',
      '<svg',
      '<math',
      'data:',
    ]) {
      expect(html, banned).not.toContain(banned);
    }
    for (const kept of [
      '<h2>标题</h2>',
      '<strong>加粗</strong>',
      '<em>斜体</em>',
      'src="/jeecg-boot/sys/common/static/a.png"',
      'alt="图"',
      '<p style="color:red">红字</p>',
      '<td colspan="2" style="text-align:center">单元格</td>',
      '<li>项</li>',
    ]) {
      expect(html, kept).toContain(kept);
    }
    expect(html).toContain('<a href="https://docs.example.org/x" target="_blank" rel="noopener noreferrer">好链接</a>');
    // and once more on the way out: a row written around the API is cleaned when shown
    await db.update(sysAnnouncement).set({ msgContent: '<p>旧<img src=x onerror=alert(1)></p>' }).where(eq(sysAnnouncement.id, id));
    expect(json(await call(admin, 'GET', `/sys/annountCement/queryById?id=${id}`)).result.msgContent).toBe('<p>旧<img src="x" /></p>');
  });

  it('openPage must be an internal route, or with openType url an http(s) address on a SAFE_OPEN_HOSTS host', async () => {
    const msg = async (body: object) => json(await call(admin, 'POST', '/sys/annountCement/add', { titile: '跳转', ...body })).message;
    expect(await msg({ openType: 'component', openPage: '/isps/userAnnouncement' })).toBe(AnnouncementMsg.added);
    expect(await msg({ openType: 'url', openPage: '/rights/payment?tab=claim' })).toBe(AnnouncementMsg.added);
    expect(await msg({ openType: 'url', openPage: 'https://docs.example.org/guide' })).toBe(AnnouncementMsg.added);
    expect(await msg({ openType: 'url', openPage: 'https://portal.example.org:8443/a' })).toBe(AnnouncementMsg.added);
    for (const page of [
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://evil.example/',
      'http://docs.example.org.evil.example/',
      'https://docs.example.org@evil.example/',
      'ftp://docs.example.org/',
      'https://portal.example.org/a',
      'data:text/html,x',
    ]) {
      expect(await msg({ openType: 'url', openPage: page }), page).toBe(AnnouncementMsg.openUrlNotAllowed);
    }
    for (const page of ['https://docs.example.org/guide', 'isps/x', '//evil.example', 'javascript:alert(1)']) {
      expect(await msg({ openType: 'component', openPage: page }), page).toBe(AnnouncementMsg.openPageBad);
    }
    expect(await msg({ openType: 'window', openPage: '/x' })).toContain('打开方式');
  });

  it('§5.2 USER type: release writes one delivery row per chosen user (trailing comma accepted); editing a revoked one re-syncs them', async () => {
    const id = await add({ titile: '指定用户', msgType: 'USER', userIds: `${aliceId},nobody,` });
    const [row] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(row.userIds).toBe(`${aliceId},nobody,`);
    // unpublished: nobody has it yet
    expect(await sendRows(id)).toEqual([]);
    expect(
      json(await call(admin, 'PUT', '/sys/annountCement/edit', { id, titile: '指定用户（改）', msgType: 'USER', userIds: `${aliceId},${bobId}` })).message,
    ).toBe(AnnouncementMsg.edited);
    await release(id);
    expect((await sendRows(id)).map((r) => r.userId).sort()).toEqual([aliceId, bobId].sort());
    await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`);
    expect(json(await call(admin, 'PUT', '/sys/annountCement/edit', { id, titile: '只给 bob', msgType: 'USER', userIds: `${bobId},` })).success).toBe(true);
    expect((await sendRows(id)).map((r) => r.userId)).toEqual([bobId]);
    await release(id);
    expect((await sendRows(id)).map((r) => [r.userId, r.live])).toEqual([[bobId, '1']]);
    expect(json(await call(admin, 'PUT', '/sys/annountCement/edit', { id: 'missing', titile: 'x' })).message).toBe(AnnouncementMsg.notFound);
  });

  it('§5.2 doReleaseData publishes (sender, send_time, one row per target), edit is then refused; doReovkeData revokes; both may be repeated', async () => {
    const id = await add({ titile: '发布给两人', msgType: 'USER', userIds: `${aliceId},${bobId},` });
    expect(json(await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`)).message).toBe(AnnouncementMsg.notReleased);
    const res = await release(id);
    expect(res).toMatchObject({ success: true, code: 200, message: AnnouncementMsg.released });
    const [row] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(row).toMatchObject({ sendStatus: '1', sender: 'admin' });
    expect(row.sendTime).not.toBeNull();
    expect((await sendRows(id)).map((r) => r.userId).sort()).toEqual([aliceId, bobId].sort());
    // releasing again only completes the delivery: same rows, same send time
    expect((await release(id)).message).toBe(AnnouncementMsg.released);
    expect(await sendRows(id)).toHaveLength(2);
    expect((await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id)))[0].sendTime).toEqual(row.sendTime);
    expect(json(await call(admin, 'PUT', '/sys/annountCement/edit', { id, titile: '改' })).message).toBe(AnnouncementMsg.editReleased);
    expect(json(await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`)).message).toBe(AnnouncementMsg.revoked);
    const [revoked] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(revoked.sendStatus).toBe('2');
    expect(revoked.cancelTime).not.toBeNull();
    expect((await sendRows(id)).every((r) => r.live === '0')).toBe(true);
    expect(json(await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`)).message).toBe(AnnouncementMsg.revoked);
    expect((await release('missing')).message).toBe(AnnouncementMsg.notFound);
    expect(json(await call(admin, 'GET', '/sys/annountCement/doReovkeData?id=missing')).message).toBe(AnnouncementMsg.notFound);
  });

  it('a revoked notice leaves the bell; released again it comes back with its read state kept', async () => {
    const id = await add({ titile: '撤销再发布', msgType: 'USER', userIds: `${aliceId},`, msgCategory: '1' });
    const bell = async () => json(await call(alice, 'GET', '/sys/annountCement/listByUser')).result;
    const before = (await bell()).anntMsgTotal;
    await release(id);
    expect((await bell()).anntMsgTotal).toBe(before + 1);
    await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`);
    expect((await bell()).anntMsgTotal).toBe(before);
    expect(json(await call(alice, 'GET', `/sys/annountCement/queryById?id=${id}`)).message).toBe(AnnouncementMsg.notFound);
    await release(id);
    expect((await bell()).anntMsgList.map((a: { id: string }) => a.id)).toContain(id);
    await call(alice, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id });
    await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${id}`);
    await release(id);
    expect((await bell()).anntMsgTotal).toBe(before);
  });

  it('§5.2 ALL type: release creates a row for every active user, not for frozen or deleted ones', async () => {
    const frozen = await t.createUser({ username: 'frozen1', password: 'Frozen1234', status: 2 });
    const id = await add({ titile: '全体通知', msgType: 'ALL', msgCategory: '1' });
    expect((await release(id)).success).toBe(true);
    const users = (await sendRows(id)).map((r) => r.userId);
    expect(users).toContain(aliceId);
    expect(users).toContain(bobId);
    expect(users).not.toContain(frozen);
    const active = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.status, 1), eq(sysUser.delFlag, 0)));
    expect(users.length).toBe(active.length);
  });

  it('§5.2 listByUser: newest 5 unread per category with full counts; ALL-type notices are linked for users created later', async () => {
    const carolId = await t.createUser({ username: 'carol', password: 'Carol12345' });
    const carol = await t.loginAs('carol', 'Carol12345');
    const before = json(await call(carol, 'GET', '/sys/annountCement/listByUser')).result;
    // the ALL-type notice of the previous test was released before carol existed and has no end time
    expect(before.anntMsgTotal).toBe(1);
    expect(before.anntMsgList[0].titile).toBe('全体通知');
    // 发布人 by the person's name in the notice modal, beside the stock account field
    expect(before.anntMsgList[0]).toMatchObject({ sender: 'admin', senderName: '系统管理员' });
    // an ALL notice that ended before carol was created is not linked
    const ended = await add({ titile: '已过期全体', msgType: 'ALL', msgCategory: '1', endTime: '2020-01-01 00:00:00' });
    await release(ended);
    await db.delete(sysAnnouncementSend).where(and(eq(sysAnnouncementSend.anntId, ended), eq(sysAnnouncementSend.userId, carolId)));
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = await add({ titile: `系统消息${i}`, msgType: 'USER', userIds: `${carolId},`, msgCategory: '2', priority: 'M' });
      await db
        .update(sysAnnouncement)
        .set({ createTime: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where(eq(sysAnnouncement.id, id));
      await release(id);
      ids.push(id);
    }
    const draft = await add({ titile: '未发布', msgType: 'USER', userIds: `${carolId},`, msgCategory: '2' });
    const res = json(await call(carol, 'GET', '/sys/annountCement/listByUser'));
    expect(res.success).toBe(true);
    const r = res.result;
    expect(Object.keys(r).sort()).toEqual(['anntMsgList', 'anntMsgTotal', 'sysMsgList', 'sysMsgTotal']);
    expect(r.anntMsgTotal).toBe(1);
    expect(r.sysMsgTotal).toBe(7);
    expect(r.sysMsgList.map((a: { titile: string }) => a.titile)).toEqual(['系统消息6', '系统消息5', '系统消息4', '系统消息3', '系统消息2']);
    expect(r.sysMsgList[0]).toMatchObject({ id: ids[6], priority: 'M', sender: 'admin', msgCategory: '2', sendStatus: '1' });
    // the other recipients are nobody's business but the managers'
    expect(r.sysMsgList[0].userIds).toBeNull();
    expect(r.sysMsgList[0].sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(r)).not.toContain(draft);
    expect(JSON.stringify(r)).not.toContain(ended);
    // reading one lowers the count; a revoked or deleted notice leaves the lists
    expect(json(await call(carol, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: ids[6] })).success).toBe(true);
    await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${ids[5]}`);
    await call(admin, 'DELETE', `/sys/annountCement/delete?id=${ids[4]}`);
    const after = json(await call(carol, 'GET', '/sys/annountCement/listByUser')).result;
    expect(after.sysMsgTotal).toBe(4);
    expect(after.sysMsgList.map((a: { titile: string }) => a.titile)).toEqual(['系统消息3', '系统消息2', '系统消息1', '系统消息0']);
    const [mine] = await db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, ids[6]), eq(sysAnnouncementSend.userId, carolId)));
    expect(mine.readFlag).toBe('1');
    expect(mine.readTime).not.toBeNull();
  });

  it("bad input: another user's announcement can be neither read nor marked by id; a manager may read any", async () => {
    const forBob = await add({ titile: '只给 bob', msgType: 'USER', userIds: `${bobId},` });
    await release(forBob);
    const draft = await add({ titile: '草稿', msgType: 'ALL' });
    expect(json(await call(alice, 'GET', `/sys/annountCement/queryById?id=${forBob}`)).message).toBe(AnnouncementMsg.notFound);
    expect(json(await call(alice, 'GET', `/sys/annountCement/queryById?id=${draft}`)).message).toBe(AnnouncementMsg.notFound);
    expect(json(await call(alice, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: forBob })).message).toBe(AnnouncementMsg.notFound);
    const [bobRow] = await db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, forBob));
    expect(bobRow).toMatchObject({ userId: bobId, readFlag: '0' });
    expect(
      await db
        .select()
        .from(sysAnnouncementSend)
        .where(and(eq(sysAnnouncementSend.anntId, forBob), eq(sysAnnouncementSend.userId, aliceId))),
    ).toEqual([]);
    const own = json(await call(bob, 'GET', `/sys/annountCement/queryById?id=${forBob}`));
    expect(own.result).toMatchObject({ id: forBob, titile: '只给 bob', msgContent: '<p>内容</p>', userIds: null });
    expect(json(await call(admin, 'GET', `/sys/annountCement/queryById?id=${forBob}`)).result.userIds).toBe(`${bobId},`);
    expect(json(await call(bob, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: forBob })).success).toBe(true);
    expect(json(await call(admin, 'GET', `/sys/annountCement/queryById?id=${draft}`)).result.titile).toBe('草稿');
    await call(admin, 'DELETE', `/sys/annountCement/delete?id=${draft}`);
    expect(json(await call(admin, 'GET', `/sys/annountCement/queryById?id=${draft}`)).message).toBe(AnnouncementMsg.notFound);
  });

  it("§5.2 getMyAnnouncementSend pages the user's deliveries with filters, unread first; readAll marks everything read", async () => {
    const daveId = await t.createUser({ username: 'dave', password: 'Dave123456' });
    const dave = await t.loginAs('dave', 'Dave123456');
    for (const [titile, category] of [
      ['会议通知', '1'],
      ['系统升级', '2'],
      ['费用报销提醒', '2'],
    ] as const) {
      const id = await add({
        titile,
        msgType: 'USER',
        userIds: `${daveId},`,
        msgCategory: category,
        openType: 'url',
        openPage: '/rights/payment',
        busType: 'claim',
      });
      await release(id);
    }
    const page = json(await call(dave, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10&column=createTime&order=desc')).result;
    // plus the ALL-type notices released earlier
    expect(page.total).toBeGreaterThanOrEqual(4);
    const mine = page.records.find((r: { titile: string }) => r.titile === '费用报销提醒');
    // JeecgBoot's fields, plus senderName (发布人 by name; a stock client ignores it)
    expect(Object.keys(mine).sort()).toEqual(
      [
        'anntId',
        'busId',
        'busType',
        'id',
        'msgAbstract',
        'msgCategory',
        'msgCategory_dictText',
        'msgContent',
        'openPage',
        'openType',
        'priority',
        'priority_dictText',
        'readFlag',
        'sendTime',
        'sender',
        'senderName',
        'titile',
        'userId',
      ].sort(),
    );
    expect(mine).toMatchObject({
      userId: daveId,
      readFlag: '0',
      sender: 'admin',
      senderName: '系统管理员',
      msgCategory: '2',
      openType: 'url',
      openPage: '/rights/payment',
      busType: 'claim',
    });
    const search = async (q: string) => json(await call(dave, 'GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend?${q}`)).result;
    expect((await search('titile=报销')).records.map((r: { titile: string }) => r.titile)).toEqual(['费用报销提醒']);
    expect((await search('msgCategory=2')).total).toBe(2);
    expect((await search('sender=adm')).total).toBe(page.total);
    await call(dave, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: mine.anntId });
    const sorted = (await search('pageSize=30')).records;
    expect(sorted[sorted.length - 1].titile).toBe('费用报销提醒');
    expect((await search('readFlag=1')).total).toBe(1);
    expect(json(await call(dave, 'PUT', '/sys/sysAnnouncementSend/readAll')).message).toBe(AnnouncementMsg.readAll);
    expect((await search('readFlag=0')).total).toBe(0);
    const bell = json(await call(dave, 'GET', '/sys/annountCement/listByUser')).result;
    expect([bell.anntMsgTotal, bell.sysMsgTotal]).toEqual([0, 0]);
    // nobody else's rows were touched
    expect(
      (
        await db
          .select()
          .from(sysAnnouncementSend)
          .where(and(eq(sysAnnouncementSend.userId, aliceId), eq(sysAnnouncementSend.readFlag, '0')))
      ).length,
    ).toBeGreaterThan(0);
  });

  it('§5.2 delete and deleteBatch set del_flag "1" and hide the rows; unknown ids answer 未找到对应实体', async () => {
    const a = await add({ titile: '删一' });
    const b = await add({ titile: '删二' });
    expect(json(await call(admin, 'DELETE', `/sys/annountCement/delete?id=${a}`)).message).toBe(AnnouncementMsg.deleted);
    expect(json(await call(admin, 'DELETE', `/sys/annountCement/deleteBatch?ids=${b},`)).message).toBe(AnnouncementMsg.deletedBatch);
    const rows = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, '删一'));
    expect(rows[0].delFlag).toBe('1');
    expect(json(await call(admin, 'GET', '/sys/annountCement/list?titile=删')).result.total).toBe(0);
    expect(json(await call(admin, 'DELETE', `/sys/annountCement/delete?id=${a}`)).message).toBe(AnnouncementMsg.notFound);
  });

  it('releasing to 2,000 chosen users, and to all 2,000+ users, writes one row per user in one release (timings: npm run bench)', async () => {
    const values = Array.from({ length: 2000 }, (_, i) => ({
      id: `perf${String(i).padStart(28, '0')}`,
      username: `perf${i}`,
      realname: `压测${i}`,
      password: 'x',
      status: 1,
    }));
    for (let i = 0; i < values.length; i += 500) await db.insert(sysUser).values(values.slice(i, i + 500));
    const ids = values.map((v) => v.id);
    const id = await add({ titile: '压测', msgType: 'USER', userIds: ids.join(',') });
    await db.delete(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, id));
    expect((await release(id)).success).toBe(true);
    expect((await sendRows(id)).length).toBe(2000);
    const all = await add({ titile: '压测全体', msgType: 'ALL' });
    await release(all);
    expect((await sendRows(all)).length).toBeGreaterThan(2000);
  });
});
