import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ACCOUNT_MENU, type MenuNode } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { SocketHub } from '../../../platform/socket/hub.ts';
import { pushNotice, releaseAnnouncement, writeNotice } from '../../core/notice/delivery.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { newId } from '../../../platform/db/ids.ts';
import { parseUserAgent } from './user-agent.ts';
import { sysLog } from '../../operations/log/log.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A socket the hub can hold: it only records what it was sent. */
const fakeSocket = () => {
  const sent: Record<string, unknown>[] = [];
  return {
    sent,
    socket: { readyState: 1, send: (text: string) => sent.push(JSON.parse(text)), close: () => undefined, terminate: () => undefined } as unknown as WebSocket,
  };
};

describe('issue #27 个人中心 and 账户设置', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const aliceId = await t.createUser({ username: 'alice27', password: 'Alice12345' });
  const bobId = await t.createUser({ username: 'bob27', password: 'Bob123456' });
  const login = (username: string, password: string, ua: string, ip: string) =>
    t
      .inject({ method: 'POST', url: t.api('/sys/login'), payload: { username, password }, headers: { 'user-agent': ua }, remoteAddress: ip })
      .then((r) => r.json().result.token as string);

  it('安全设置: the sessions list shows only my live sessions, with device, address and the current one marked', async () => {
    const phone = await login('alice27', 'Alice12345', SAFARI_IPHONE, '10.27.0.2');
    const desk = await login('alice27', 'Alice12345', CHROME_WIN, '10.27.0.1');
    await login('bob27', 'Bob123456', CHROME_WIN, '10.27.0.9');
    const list = json(await t.request(desk, 'GET', '/sys/account/sessions')).result as {
      id: string;
      device: string;
      ip: string;
      current: boolean;
      mobile: boolean;
    }[];
    expect(list).toHaveLength(2);
    expect(list.map((s) => s.ip).sort()).toEqual(['10.27.0.1', '10.27.0.2']);
    expect(list.find((s) => s.current)).toMatchObject({ ip: '10.27.0.1', device: 'Chrome 131 · Windows 10/11', mobile: false });
    expect(list.find((s) => !s.current)).toMatchObject({ device: 'Safari 17 · iOS 17.5', mobile: true });
    // the handle is not the token nor its stored hash
    expect(list.every((s) => s.id.length === 32 && !phone.includes(s.id))).toBe(true);
  });

  it('安全设置: revoking another user’s session or my current one is refused; a revoked token is refused at its next request', async () => {
    const bobToken = await login('bob27', 'Bob123456', CHROME_WIN, '10.27.1.9');
    const bobSessions = json(await t.request(bobToken, 'GET', '/sys/account/sessions')).result as { id: string; current: boolean }[];
    const other = await login('alice27', 'Alice12345', SAFARI_IPHONE, '10.27.1.2');
    const me = await login('alice27', 'Alice12345', CHROME_WIN, '10.27.1.1');
    const mine = json(await t.request(me, 'GET', '/sys/account/sessions')).result as { id: string; ip: string; current: boolean }[];

    for (const s of bobSessions)
      expect(json(await t.request(me, 'POST', '/sys/account/sessions/revoke', { id: s.id }))).toMatchObject({ success: false, message: '会话不存在或已结束' });
    expect((await t.request(bobToken, 'GET', '/sys/account/sessions')).statusCode).toBe(200);
    const current = mine.find((s) => s.current)!;
    expect(json(await t.request(me, 'POST', '/sys/account/sessions/revoke', { id: current.id })).message).toBe('不能注销当前会话，请使用退出登录');

    expect((await t.request(other, 'GET', '/sys/account/sessions')).statusCode).toBe(200);
    const target = mine.find((s) => s.ip === '10.27.1.2')!;
    expect(json(await t.request(me, 'POST', '/sys/account/sessions/revoke', { id: target.id }))).toMatchObject({ success: true, message: '已注销该会话' });
    const refused = await t.request(other, 'GET', '/sys/permission/getUserPermissionByToken');
    expect(refused.statusCode).toBe(500);
    expect(json(refused).message).toBe('Token失效，请重新登录');
    expect((await t.request(me, 'GET', '/sys/account/sessions')).statusCode).toBe(200);

    // 注销其他全部会话: every other session of mine ends, this one and bob's stay
    const third = await login('alice27', 'Alice12345', CHROME_WIN, '10.27.1.3');
    const all = json(await t.request(me, 'POST', '/sys/account/sessions/revokeOthers'));
    expect(all.success).toBe(true);
    expect(all.result.count).toBeGreaterThanOrEqual(1);
    expect((await t.request(third, 'GET', '/sys/account/sessions')).statusCode).toBe(500);
    expect((await t.request(bobToken, 'GET', '/sys/account/sessions')).statusCode).toBe(200);
    expect(json(await t.request(me, 'GET', '/sys/account/sessions')).result).toHaveLength(1);
  });

  it('个性化 and 新消息通知 are kept per user and validated; 基本设置 changes name and avatar, never the phone nor (without the password) the e-mail', async () => {
    const alice = await t.loginAs('alice27', 'Alice12345');
    const bob = await t.loginAs('bob27', 'Bob123456');
    expect(json(await t.request(alice, 'GET', '/sys/account/settings')).result).toEqual({ notice: { muted: [], channels: [] }, custom: null });
    const custom = {
      navTheme: 'dark',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      fixSiderbar: false,
      autoHideHeader: true,
      colorWeak: false,
      multipage: false,
      primaryColor: '#722ED1',
      highContrast: false,
    };
    expect(json(await t.request(alice, 'POST', '/sys/account/settings/custom', custom))).toMatchObject({ success: true, message: '个性化设置已保存' });
    // issue 36: the dark theme is saved with the rest; settings saved before it existed stay valid
    expect(json(await t.request(alice, 'POST', '/sys/account/settings/custom', { ...custom, darkMode: 'yes' })).message).toBe('暗黑模式应为是或否');
    expect(json(await t.request(alice, 'POST', '/sys/account/settings/custom', { ...custom, darkMode: true })).success).toBe(true);
    expect(json(await t.request(alice, 'GET', '/sys/account/settings')).result.custom).toEqual({ ...custom, darkMode: true });
    expect(json(await t.request(alice, 'POST', '/sys/account/settings/custom', custom)).success).toBe(true);
    const bad = json(await t.request(alice, 'POST', '/sys/account/settings/custom', { ...custom, primaryColor: 'red' }));
    expect(bad).toMatchObject({ success: false, message: '主题色应为 #RRGGBB' });
    expect(json(await t.request(alice, 'POST', '/sys/account/settings/custom', { ...custom, script: 'x' })).success).toBe(false);
    expect(json(await t.request(alice, 'PUT', '/sys/account/settings/notice', { muted: ['approval', 'announcement'] })).success).toBe(true);
    expect(json(await t.request(alice, 'POST', '/sys/account/settings/notice', { muted: ['nonsense'] }))).toMatchObject({
      success: false,
      message: '未知的消息类型',
    });

    // another sign-in (another browser) reads the same; another user reads their own
    const again = await t.loginAs('alice27', 'Alice12345', '10.27.2.1');
    expect(json(await t.request(again, 'GET', '/sys/account/settings')).result).toEqual({
      notice: { muted: ['approval', 'announcement'], channels: [] },
      custom,
    });
    expect(json(await t.request(bob, 'GET', '/sys/account/settings')).result).toEqual({ notice: { muted: [], channels: [] }, custom: null });

    const saved = json(await t.request(alice, 'POST', '/sys/account/profile', { realname: '爱丽丝', avatar: 'temp/a.png' }));
    expect(saved).toMatchObject({ success: true, message: '基本信息已保存', result: { userInfo: { realname: '爱丽丝', email: null, avatar: 'temp/a.png' } } });
    // the e-mail as it stands is accepted (older clients send it back); a new one needs 安全设置's password check
    expect(json(await t.request(alice, 'POST', '/sys/account/profile', { realname: '爱丽丝', email: null })).success).toBe(true);
    expect(json(await t.request(alice, 'POST', '/sys/account/profile', { realname: '爱丽丝', email: 'alice@example.cn' }))).toMatchObject({
      success: false,
      message: '修改邮箱需要验证当前密码，请到安全设置中修改',
    });
    expect(json(await t.request(alice, 'POST', '/sys/account/profile', { realname: '爱丽丝', email: 'not-mail' })).message).toBe('请输入正确格式的电子邮件');
    expect(json(await t.request(alice, 'POST', '/sys/account/profile', { realname: '爱丽丝', phone: '13900000000' })).success).toBe(false);
    expect(json(await t.request(alice, 'POST', '/sys/account/profile', { realname: '  ' })).message).toBe('请输入姓名');
  });

  it('新消息通知: the socket push skips the kinds a user muted, the bell still lists the notice', async () => {
    const hub = new SocketHub();
    const a = fakeSocket();
    const b = fakeSocket();
    hub.add('notice', aliceId, a.socket);
    hub.add('notice', bobId, b.socket);
    // alice muted approval results and announcements in the previous test
    const approval = await writeNotice(db, { titile: '审批通过', userIds: [aliceId, bobId], sender: 'admin', busType: 'approval_3' });
    await pushNotice(hub, approval);
    const expiry = await writeNotice(db, { titile: '即将到期', userIds: [aliceId, bobId], sender: 'system', busType: 'right_expiry' });
    await pushNotice(hub, expiry);
    const annt = newId();
    await db.insert(sysAnnouncement).values({ id: annt, titile: '全员通知', msgCategory: '1', msgType: 'ALL', sendStatus: '0', delFlag: '0', priority: 'L' });
    await releaseAnnouncement(db, hub, { id: 'x', username: 'admin' }, annt);
    expect(a.sent.map((m) => m.msgTxt)).toEqual(['即将到期']);
    expect(b.sent.map((m) => m.msgTxt)).toEqual(['审批通过', '即将到期', '全员通知']);
    const alice = await t.loginAs('alice27', 'Alice12345');
    const bell = json(await t.request(alice, 'GET', '/sys/annountCement/listByUser')).result;
    const titles = [...bell.anntMsgList, ...bell.sysMsgList].map((m: { titile: string }) => m.titile);
    expect(titles).toEqual(expect.arrayContaining(['审批通过', '即将到期', '全员通知']));
  });

  it('个人中心 answers my profile, my recent operations and decisions; the permission answer carries the hidden account entries', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes));
    for (let i = 0; i < 25; i++)
      await db.insert(sysLog).values({ id: newId(), logType: 2, logContent: `编辑用户 ${i}`, userid: 'admin', username: '管理员', createTime: at(i) });
    await db.insert(sysLog).values({ id: newId(), logType: 2, logContent: '别人的操作', userid: 'alice27', createTime: at(59) });
    await db.insert(rightsApproval).values({
      id: newId(),
      bizType: '4',
      bizId: 'b1',
      bizTitle: '第一批线索',
      node: '1',
      result: '1',
      approverId: (await t.request(admin, 'GET', '/sys/account/center')).json().result.profile.id,
      approverName: '管理员',
      approveTime: at(3),
    });
    await db.insert(rightsApproval).values({
      id: newId(),
      bizType: '4',
      bizId: 'b2',
      bizTitle: '别人审的',
      node: '1',
      result: '1',
      approverId: aliceId,
      approverName: 'alice',
      approveTime: at(4),
    });
    const center = json(await t.request(admin, 'GET', '/sys/account/center'));
    expect(center.success).toBe(true);
    expect(center.result.profile).toMatchObject({ username: 'admin' });
    expect(center.result.profile.roles.length).toBeGreaterThan(0);
    const activity = center.result.activity.map((a: { content: string }) => a.content);
    expect(activity).toHaveLength(20);
    expect(activity[0]).toBe('编辑用户 24');
    expect(activity).not.toContain('别人的操作');
    expect(center.result.decisions).toEqual([expect.objectContaining({ bizId: 'b1', bizTitle: '第一批线索', bizType_dictText: '线索批次' })]);

    const alice = await t.loginAs('alice27', 'Alice12345');
    const { menu } = json(await t.request(alice, 'GET', '/sys/permission/getUserPermissionByToken')).result as { menu: MenuNode[] };
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const paths = flat(menu).filter((n) => n.path.startsWith('/account'));
    expect(paths.map((n) => n.path)).toEqual(flat(ACCOUNT_MENU).map((n) => n.path));
    expect(paths.every((n) => n.hidden)).toBe(true);
    expect(paths.find((n) => n.path === '/account/settings/security')?.component).toBe('account/settings/Security');
  });

  it('the user agent is read for 安全设置 without a library', () => {
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49')).toMatchObject(
      { browser: '微信 8', os: 'Android 14', mobile: true },
    );
    expect(parseUserAgent(null).device).toBe('未知浏览器 · 未知系统');
  });
});
