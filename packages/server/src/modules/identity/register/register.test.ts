import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EnterStatus, Msg, RegisterMsg } from '@sbwq/contracts';
import { createTestApp, json } from '../../../test/harness.ts';
import { lastCaptchaAnswer, watchCaptchas } from '../../../test/captcha.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { sysUser } from '../user/user.table.ts';
import { sysSmsCode, sysSmsOutbox } from '../sms/sms.table.ts';

const INVALID = '手机验证码错误或已失效，请重新获取';

type Node = { component: string | null; children?: Node[] };
const components = (menu: Node[]): string[] => menu.flatMap((m) => [m.component ?? '', ...components(m.children ?? [])]).filter(Boolean);

describe('issue #27 register and recover (JEECG-API §2.5)', async () => {
  const t = await createTestApp({ SMS_MIN_REPLY_MS: '0' });
  const db = t.database.db;
  let ipSeq = 0;
  const nextIp = () => `10.29.0.${++ipSeq}`;
  const post = (path: string, payload: object, ip = nextIp()) => t.inject({ method: 'POST', url: t.api(path), payload, remoteAddress: ip }).then(json);
  watchCaptchas();
  const captcha = async (ip: string) => {
    const checkKey = `k${Math.random()}`;
    await t.inject({ method: 'GET', url: t.api(`/sys/randomImage/${checkKey}`), remoteAddress: ip });
    return { checkKey, captcha: lastCaptchaAnswer() };
  };
  const lastCode = async (mobile: string) =>
    (await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, mobile)).orderBy(desc(sysSmsOutbox.createTime)).limit(1))[0]?.code;
  /** the 60 s resend interval is not what these tests are about */
  const age = () => db.update(sysSmsCode).set({ createTime: new Date(Date.now() - 61_000) });
  const registerCode = async (mobile: string) => {
    const ip = nextIp();
    expect((await post('/sys/sms', { mobile, smsmode: '1', ...(await captcha(ip)) }, ip)).success).toBe(true);
    await age();
    return lastCode(mobile);
  };
  const recoverCode = async (username: string, mobile: string) => {
    const ip = nextIp();
    const step1 = await post('/sys/user/querySysUser', { username, ...(await captcha(ip)) }, ip);
    expect(step1.success).toBe(true);
    const sent = await post('/sys/sms', { mobile, smsmode: '2', username, ticket: step1.result.ticket }, ip);
    expect(sent.message).toBe('如手机号信息无误，验证码已发送，5分钟内有效');
    await age();
    return lastCode(mobile);
  };
  const body = {
    username: 'newagency',
    password: 'Agency2026',
    confirmpassword: 'Agency2026',
    phone: '13711112222',
    orgName: '杭州新知识产权代理有限公司',
    orgType: '1',
  };

  it('§5 password rules word for word, then a registered contact signs in and sees only the enrolment (入驻) flow, no staff rights', async () => {
    expect((await post('/sys/user/register', { ...body, smscode: '123456', confirmpassword: 'Other2026' })).message).toBe('两次输入的密码不一样！');
    expect((await post('/sys/user/register', { ...body, smscode: '123456', password: '', confirmpassword: '' })).message).toBe('请输入新密码!');
    expect((await post('/sys/user/register', { ...body, smscode: '123456', password: 'short', confirmpassword: 'short' })).message).toBe(
      '密码至少8位，须同时包含字母和数字',
    );
    expect((await post('/sys/user/register', { ...body, smscode: '123456', confirmpassword: '' })).message).toBe('请确认新密码!');
    expect((await post('/sys/user/register', { ...body, smscode: '000000' })).message).toBe(INVALID);

    const code = await registerCode(body.phone);
    const done = await post('/sys/user/register', { ...body, smscode: code });
    expect(done).toMatchObject({ success: true, code: 200, message: '注册成功' });
    // the code is used up: the same form again learns nothing about the username
    expect((await post('/sys/user/register', { ...body, smscode: code })).message).toBe(INVALID);

    const token = await t.loginAs('newagency', 'Agency2026', nextIp());
    const menu = json(await t.request(token, 'GET', '/sys/permission/getUserPermissionByToken')).result.menu as Node[];
    // 个人中心 / 账户设置 are hidden entries every signed-in user has (#27 account center), not a business screen.
    const screens = components(menu).filter((c) => c !== 'layouts/RouteView' && !c.startsWith('layouts/') && !c.startsWith('account/'));
    expect(screens).toContain('dashboard/EnterOrganisation');
    expect(screens.every((c) => ['dashboard/EnterOrganisation', 'dashboard/Certification', 'dashboard/Analysis'].includes(c))).toBe(true);
    const mine = json(await t.request(token, 'GET', '/rights/org/mine'));
    expect(mine.result).toMatchObject({ orgName: body.orgName, orgType: '1', enterStatus: '0', contactPhone: body.phone });
    expect(json(await t.request(token, 'GET', '/sys/user/list')).success).toBe(false);
    expect(json(await t.request(token, 'GET', '/rights/org/list')).result?.records ?? []).toEqual([]);
  });

  it('a self-registered user awaiting approval reaches only their own enrolment: the table dictionary, login statistics and user lookups answer 403 (510); once enrolled, what the role gives', async () => {
    const token = await t.loginAs('newagency', 'Agency2026', nextIp());
    const call = (method: 'GET' | 'POST', path: string, payload?: object) => t.request(token, method, path, payload);
    const refused = async (path: string) => {
      const res = await call('GET', path);
      expect(res.statusCode, path).toBe(403);
      expect(json(res), path).toMatchObject({ success: false, code: 510, message: Msg.noPermission });
    };
    const closed = [
      '/sys/dict/getDictItems/sys_user,realname,username',
      '/sys/dict/getDictText/sys_user,realname,username/admin',
      '/sys/dict/loadDict/sys_user,realname,username?keyword=a',
      '/sys/dict/loadDictItem/sys_user,realname,username?key=admin',
      '/sys/loginfo',
      '/sys/visitInfo',
      '/sys/role/queryall',
      '/sys/sysDepart/queryTreeList',
    ];
    for (const path of closed) await refused(path);
    // checkOnlyUser is the register form's (issue 36): to them it tells no more than to anyone without a session
    expect(json(await call('GET', '/sys/user/checkOnlyUser?username=admin'))).toMatchObject({
      success: true,
      result: true,
      message: '注册提交时校验是否已被使用',
    });

    // their own enrolment and account, as the 机构入驻 screen and the shell need them
    for (const path of [
      '/rights/org/status',
      '/rights/org/mine',
      '/sys/permission/getUserPermissionByToken',
      '/sys/dict/getDictItems/rights_org_type',
      '/sys/user/getCurrentUserDeparts',
      '/sys/annountCement/listByUser',
      '/sys/account/center',
      '/thirdLogin/bindings',
    ]) {
      const res = await call('GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(json(res).success, path).toBe(true);
    }
    expect(json(await call('POST', '/rights/org/saveEnrol', { orgName: '杭州新知识产权代理有限公司（草稿）' })).success).toBe(true);

    await db.update(rightsOrg).set({ enterStatus: EnterStatus.enrolled }).where(eq(rightsOrg.orgName, '杭州新知识产权代理有限公司（草稿）'));
    const users = json(await call('GET', '/sys/dict/getDictItems/sys_user,realname,username'));
    expect(users.success).toBe(true);
    expect(users.result.map((u: { value: string }) => u.value)).toContain('admin');
    expect(json(await call('GET', '/sys/loginfo')).success).toBe(true);
    await db.update(rightsOrg).set({ enterStatus: EnterStatus.draft }).where(eq(rightsOrg.orgName, '杭州新知识产权代理有限公司（草稿）'));
  });

  it('registration does not tell whether a username exists: a taken one and a free one get the same SMS-code refusal until the code is valid', async () => {
    const wrong = { ...body, phone: '13711113333', smscode: '000000' };
    const taken = await post('/sys/user/register', { ...wrong, username: 'newagency' });
    const free = await post('/sys/user/register', { ...wrong, username: 'nobodyYetRegistered' });
    const answer = (r: { success: boolean; code: number; message: string; result: unknown }) => ({
      success: r.success,
      code: r.code,
      message: r.message,
      result: r.result,
    });
    expect(answer(taken)).toEqual(answer(free));
    expect(taken).toMatchObject({ success: false, message: INVALID });
    expect((await post('/sys/user/register', { ...wrong, username: 'admin' })).message).toBe(INVALID);
  });

  it('registration: a valid code may learn the username is taken, and is not used up by it: the same code then registers a free username', async () => {
    const phone = '13711114444';
    const code = await registerCode(phone);
    expect(await post('/sys/user/register', { ...body, phone, smscode: code })).toMatchObject({ success: false, message: '用户名已注册' });
    expect(await post('/sys/user/register', { ...body, username: 'second_agency', phone, smscode: code, orgName: '第二代理机构' })).toMatchObject({
      success: true,
      message: '注册成功',
    });
    // used up by the registration it made
    expect((await post('/sys/user/register', { ...body, username: 'third_agency', phone, smscode: code })).message).toBe(INVALID);
    expect(await db.select().from(sysUser).where(eq(sysUser.username, 'third_agency'))).toHaveLength(0);
  });

  it('issue 36: registration refuses an organisation already registered (name compared without case and outer spaces), after the code is valid; the code stays usable', async () => {
    const phone = '13711116666';
    const code = await registerCode(phone);
    // the organisation registered above (its enrolment draft renamed it)
    const again = { ...body, username: 'copy_agency', phone, smscode: code, orgName: ' 杭州新知识产权代理有限公司（草稿） ' };
    expect(await post('/sys/user/register', again)).toMatchObject({ success: false, message: RegisterMsg.orgNameTaken });
    expect(await db.select().from(sysUser).where(eq(sysUser.username, 'copy_agency'))).toHaveLength(0);
    expect(await post('/sys/user/register', { ...again, orgName: '杭州另一家知识产权代理有限公司' })).toMatchObject({ success: true });
  });

  it('registration: a phone that already has an account gets no code (same answer), so it cannot register twice', async () => {
    const res = await post('/sys/sms', { mobile: body.phone, smsmode: '1', ...(await captcha('10.29.9.1')) }, '10.29.9.1');
    expect(res.message).toBe('如手机号信息无误，验证码已发送，5分钟内有效');
    await age();
    const codes = await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, body.phone));
    expect(codes).toHaveLength(1);
  });

  it('recovery in four steps: a verified code resets the password once, every session ends, the new password signs in', async () => {
    const old = await t.loginAs('newagency', 'Agency2026', nextIp());
    const code = await recoverCode('newagency', body.phone);
    const step = { username: 'newagency', phone: body.phone, smscode: code };
    // step 3 before step 2: the code is not verified yet
    expect((await post('/sys/user/passwordChange', { ...step, password: 'Renewed2026', confirmpassword: 'Renewed2026' })).message).toBe(INVALID);
    expect(await post('/sys/user/phoneVerification', step)).toMatchObject({ success: true, result: { username: 'newagency' } });
    expect((await post('/sys/user/passwordChange', { ...step, password: 'weak', confirmpassword: 'weak' })).message).toBe('密码至少8位，须同时包含字母和数字');
    expect(await post('/sys/user/passwordChange', { ...step, password: 'Renewed2026', confirmpassword: 'Renewed2026' })).toMatchObject({
      success: true,
      message: '密码重置完成！',
    });
    // reuse of the same code
    expect((await post('/sys/user/passwordChange', { ...step, password: 'Again2026x', confirmpassword: 'Again2026x' })).message).toBe(INVALID);
    expect((await t.request(old, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).not.toBe(200);
    await t.loginAs('newagency', 'Renewed2026', nextIp());
  });

  it("another user's code, an expired code and a wrong phone are refused with the same message; step 1 answers the same for a missing account", async () => {
    const otherId = await t.createUser({ username: 'otheruser', password: 'Other2026' });
    await db.update(sysUser).set({ phone: '13755556666' }).where(eq(sysUser.id, otherId));
    const othersCode = await recoverCode('otheruser', '13755556666');
    // newagency with otheruser's phone and code: the code is bound to otheruser
    expect((await post('/sys/user/phoneVerification', { username: 'newagency', phone: '13755556666', smscode: othersCode })).message).toBe(INVALID);

    // account that does not exist: step 1 and the send answer exactly as for a real one, nothing is delivered
    const ip = nextIp();
    const ghost = await post('/sys/user/querySysUser', { username: 'nobody-here', ...(await captcha(ip)) }, ip);
    expect(ghost).toMatchObject({ success: true, message: '账号已确认，请验证手机' });
    const sent = await post('/sys/sms', { mobile: '13799990000', smsmode: '2', username: 'nobody-here', ticket: ghost.result.ticket }, ip);
    expect(sent.message).toBe('如手机号信息无误，验证码已发送，5分钟内有效');
    expect(await lastCode('13799990000')).toBeUndefined();
    // a ticket is bound to its account name
    expect((await post('/sys/sms', { mobile: body.phone, smsmode: '2', username: 'newagency', ticket: ghost.result.ticket })).message).toBe(
      '账号确认已失效，请返回第一步重新确认',
    );

    await age();
    const code = await recoverCode('newagency', body.phone);
    await db
      .update(sysSmsCode)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sysSmsCode.mobile, body.phone));
    expect((await post('/sys/user/phoneVerification', { username: 'newagency', phone: body.phone, smscode: code })).message).toBe(INVALID);
    expect((await post('/sys/user/querySysUser', { username: 'newagency', captcha: 'zzzz', checkKey: 'none' })).message).toBe(Msg.captchaWrong);
  });

  it('brute force: five wrong codes kill the code, the right one is refused after', async () => {
    await db.delete(sysSmsCode);
    const code = await recoverCode('newagency', body.phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await post('/sys/user/phoneVerification', { username: 'newagency', phone: body.phone, smscode: wrong })).message).toBe(INVALID);
    expect((await post('/sys/user/phoneVerification', { username: 'newagency', phone: body.phone, smscode: code })).message).toBe(INVALID);
  });
});

describe('registration answers take at least SMS_MIN_REPLY_MS, whatever the username', async () => {
  const t = await createTestApp({ SMS_MIN_REPLY_MS: '300' });
  it('a refusal for a wrong code takes the same minimum time for a taken and a free username', async () => {
    for (const username of ['admin', 'nobody_here_yet']) {
      const started = Date.now();
      const res = json(
        await t.inject({
          method: 'POST',
          url: t.api('/sys/user/register'),
          payload: {
            username,
            password: 'Agency2026',
            confirmpassword: 'Agency2026',
            phone: '13711115555',
            smscode: '000000',
            orgName: '某机构',
            orgType: '1',
          },
          remoteAddress: `10.29.8.${username.length}`,
        }),
      );
      expect(res.message).toBe(INVALID);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    }
  });
});
