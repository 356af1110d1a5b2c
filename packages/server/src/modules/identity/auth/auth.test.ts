import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { lastCaptchaAnswer, watchCaptchas } from '../../../test/captcha.ts';
import { rows } from '../../../platform/db/client.ts';
import { sysCaptcha, sysLoginAttempt } from './auth.table.ts';
import { sysSession } from '../../../platform/auth/session.table.ts';
import { sysLog } from '../../operations/log/log.table.ts';
import { sysUser } from '../user/user.table.ts';

describe('§7 login and session (JEECG-API §2)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const login = (payload: unknown, ip = '10.1.0.1', ua = 'vitest-agent') =>
    t.inject({ method: 'POST', url: t.api('/sys/login'), payload: payload as object, remoteAddress: ip, headers: { 'user-agent': ua } });
  watchCaptchas();
  const captchaFor = async (checkKey: string, ip = '10.1.0.1') => {
    const res = await t.inject({ method: 'GET', url: t.api(`/sys/randomImage/${checkKey}`), remoteAddress: ip });
    expect(json(res).result).toMatch(/^data:image\/svg\+xml;base64,/);
    return lastCaptchaAnswer();
  };

  it('security review (low-entropy secrets unkeyed in the database): a captcha row keeps neither its answer nor an unkeyed hash of its check key, and the answer still works', async () => {
    const answer = await captchaFor('k-stored', '10.1.0.77');
    const stored = await db.select().from(sysCaptcha);
    expect(stored.some((r) => r.keyHash === createHash('sha256').update('captcha:k-stored').digest('hex'))).toBe(false);
    expect(stored.some((r) => r.code === answer.toLowerCase())).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.code))).toBe(true);
    for (const u of ['s1', 's2', 's3']) await login({ username: u, password: 'nope' }, '10.1.0.77');
    expect(json(await login({ username: 'admin', password: ADMIN_PASSWORD, captcha: answer, checkKey: 'k-stored' }, '10.1.0.77')).code).toBe(200);
  });

  it('answers code 200 with token, userInfo without credentials, departs, multi_depart and sysAllDictItems', async () => {
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD, remember_me: true });
    const body = json(res);
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe(200);
    expect(body.message).toBe('登录成功');
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.result.userInfo).toMatchObject({ username: 'admin', realname: '系统管理员', orgCode: 'A01A04' });
    expect(res.body).not.toMatch(/password|salt|\$argon2/);
    expect(body.result.departs).toHaveLength(1);
    expect(body.result.multi_depart).toBe(1);
    expect(body.result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    expect(body.result.sysAllDictItems.nice_class).toHaveLength(45);
  });

  it('the stock JeecgBoot 2.3 login body signs in: checkKey as the number it used for randomImage, remember_me boolean, captcha (issue: stock client got HTTP 400)', async () => {
    const checkKey = 1732372800123;
    await captchaFor(String(checkKey), '10.1.0.9');
    const wrong = json(await login({ username: 'admin', password: ADMIN_PASSWORD, captcha: 'zzzz', checkKey, remember_me: true }, '10.1.0.9'));
    expect(wrong).toMatchObject({ success: false, message: '验证码错误' });
    const fresh = await captchaFor(String(checkKey + 1), '10.1.0.9');
    const res = await login({ username: 'admin', password: ADMIN_PASSWORD, captcha: fresh, checkKey: checkKey + 1, remember_me: true }, '10.1.0.9');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(json(res).result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    for (const bad of [-1, 1.5]) {
      const refused = await login({ username: 'admin', password: ADMIN_PASSWORD, captcha: 'abcd', checkKey: bad }, '10.1.0.9');
      expect(refused.statusCode).toBe(400);
      expect(json(refused).message).toMatch(/[\u4e00-\u9fff]/);
    }
    await db.delete(sysLoginAttempt);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.loginAs('admin', ADMIN_PASSWORD);
    const found = await rows<{ n: number }>(db, sql`select count(*)::int as n from sys_session where token_hash = ${token}`);
    expect(found[0].n).toBe(0);
    const hashed = createHash('sha256').update(token).digest('hex');
    expect(await db.select().from(sysSession).where(eq(sysSession.tokenHash, hashed))).toHaveLength(1);
  });

  it('an unknown user and a wrong password get the same message, and each failure is logged with address and agent', async () => {
    const unknown = json(await login({ username: 'nobody', password: 'Whatever1' }, '10.1.0.2'));
    const wrong = json(await login({ username: 'admin', password: 'Wrong1234' }, '10.1.0.3'));
    expect(unknown).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    expect(wrong.message).toBe(unknown.message);
    // the login log's rows only: the operation log also records the POST, a moment later (issue #25)
    const logs = await db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.ip, '10.1.0.3'), eq(sysLog.logType, 1)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ logType: 1, userid: 'admin', userAgent: 'vitest-agent' });
    expect(logs[0].logContent).toContain('登录失败');
    await db.delete(sysLoginAttempt);
  });

  it('a successful login is logged as log_type 1 with 登录成功', async () => {
    await login({ username: 'admin', password: ADMIN_PASSWORD }, '10.1.0.4');
    const [log] = await db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.ip, '10.1.0.4'), eq(sysLog.logType, 1)));
    expect(log.logContent).toBe('用户名: admin,登录成功！');
  });

  it('after 3 failures for a username the captcha is required; it is case-insensitive and single use', async () => {
    await t.createUser({ username: 'capuser', password: 'Capuser123' });
    for (let i = 0; i < 2; i++) expect(json(await login({ username: 'capuser', password: 'nope' }, `10.2.0.${i}`)).result.needCaptcha).toBe(false);
    expect(json(await login({ username: 'capuser', password: 'nope' }, '10.2.0.9')).result.needCaptcha).toBe(true);
    const noCaptcha = json(await login({ username: 'capuser', password: 'Capuser123' }, '10.2.0.10'));
    expect(noCaptcha).toMatchObject({ success: false, message: '请输入验证码', result: { needCaptcha: true } });
    const code = await captchaFor('k-1');
    const wrongCode = json(await login({ username: 'capuser', password: 'Capuser123', captcha: 'zzzz', checkKey: 'k-1' }, '10.2.0.11'));
    expect(wrongCode.message).toBe('验证码错误');
    // the code was consumed by the wrong attempt: the right code no longer works either
    expect(json(await login({ username: 'capuser', password: 'Capuser123', captcha: code, checkKey: 'k-1' }, '10.2.0.11')).message).toBe('验证码错误');
    const fresh = await captchaFor('k-2');
    const ok = json(await login({ username: 'capuser', password: 'Capuser123', captcha: fresh.toUpperCase(), checkKey: 'k-2' }, '10.2.0.12'));
    expect(ok.code).toBe(200);
  });

  it('after 3 failures from one address the captcha is required for any username from it', async () => {
    for (const u of ['a1', 'a2', 'a3']) await login({ username: u, password: 'nope' }, '10.3.0.1');
    const res = json(await login({ username: 'admin', password: ADMIN_PASSWORD }, '10.3.0.1'));
    expect(res).toMatchObject({ success: false, message: '请输入验证码' });
    expect(json(await login({ username: 'admin', password: ADMIN_PASSWORD }, '10.3.0.2')).code).toBe(200);
  });

  it('an expired captcha is refused', async () => {
    for (const u of ['e1', 'e2', 'e3']) await login({ username: u, password: 'nope' }, '10.4.0.1');
    const code = await captchaFor('k-exp', '10.4.0.1');
    await db.update(sysCaptcha).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = json(await login({ username: 'admin', password: ADMIN_PASSWORD, captcha: code, checkKey: 'k-exp' }, '10.4.0.1'));
    expect(res.message).toBe('验证码错误');
  });

  it('5 wrong passwords lock the account for 10 minutes, even against the right password', async () => {
    await t.createUser({ username: 'lockme', password: 'Lockme123' });
    let last: ReturnType<typeof json> | null = null;
    for (let i = 0; i < 5; i++) {
      const ip = `10.5.${i}.1`;
      const key = `lk-${i}`;
      const extra = i >= 3 ? { captcha: await captchaFor(key, ip), checkKey: key } : {};
      last = json(await login({ username: 'lockme', password: 'bad', ...extra }, ip));
    }
    expect(last?.message).toContain('锁定');
    const code = await captchaFor('lk-right', '10.5.9.1');
    const right = json(await login({ username: 'lockme', password: 'Lockme123', captcha: code, checkKey: 'lk-right' }, '10.5.9.1'));
    expect(right.message).toContain('锁定');
    const [attempt] = await db.select().from(sysLoginAttempt).where(eq(sysLoginAttempt.key, 'u:lockme'));
    const minutes = (attempt.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    await db
      .update(sysLoginAttempt)
      .set({ lockedUntil: new Date(Date.now() - 1000), lastFailAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sysLoginAttempt.key, 'u:lockme'));
    expect(json(await login({ username: 'lockme', password: 'Lockme123' }, '10.5.10.1')).code).toBe(200);
  });

  it('a frozen user is refused with 该用户已冻结 once the password is right', async () => {
    await t.createUser({ username: 'frozen', password: 'Frozen123', status: 2 });
    expect(json(await login({ username: 'frozen', password: 'Frozen123' }, '10.6.0.1')).message).toBe('该用户已冻结');
  });

  it('logout revokes the token; the next call answers Token失效; logging out again still succeeds', async () => {
    const token = await t.loginAs('admin', ADMIN_PASSWORD, '10.7.0.1');
    const headers = { 'X-Access-Token': token };
    expect((await t.inject({ method: 'GET', url: t.api('/sys/permission/getUserPermissionByToken'), headers })).statusCode).toBe(200);
    const out = await t.inject({ method: 'POST', url: t.api('/sys/logout'), headers });
    expect(json(out)).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await t.inject({ method: 'GET', url: t.api('/sys/permission/getUserPermissionByToken'), headers });
    expect(after.statusCode).toBe(500);
    expect(json(after).message).toBe('Token失效，请重新登录');
    expect(json(await t.inject({ method: 'POST', url: t.api('/sys/logout'), headers })).success).toBe(true);
    expect(json(await t.inject({ method: 'POST', url: t.api('/sys/logout') })).success).toBe(true);
  });

  it('a session idle longer than the idle timeout, or past its absolute lifetime, is refused', async () => {
    const idle = await t.loginAs('admin', ADMIN_PASSWORD, '10.8.0.1');
    const idleHash = createHash('sha256').update(idle).digest('hex');
    await db
      .update(sysSession)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000) })
      .where(eq(sysSession.tokenHash, idleHash));
    expect((await t.inject({ url: t.api('/sys/dict/queryAllDictItems'), headers: { 'X-Access-Token': idle } })).statusCode).toBe(500);

    const old = await t.loginAs('admin', ADMIN_PASSWORD, '10.8.0.2');
    const oldHash = createHash('sha256').update(old).digest('hex');
    await db
      .update(sysSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sysSession.tokenHash, oldHash));
    expect((await t.inject({ url: t.api('/sys/dict/queryAllDictItems'), headers: { 'X-Access-Token': old } })).statusCode).toBe(500);
  });

  it('a frozen user loses their open sessions at once', async () => {
    await t.createUser({ username: 'tofreeze', password: 'Tofreeze1' });
    const token = await t.loginAs('tofreeze', 'Tofreeze1', '10.9.0.1');
    await db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'tofreeze'));
    expect((await t.inject({ url: t.api('/sys/dict/queryAllDictItems'), headers: { 'X-Access-Token': token } })).statusCode).toBe(500);
  });
});
