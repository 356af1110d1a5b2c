import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DepartId, json } from '../../../test/harness.ts';
import { sysUser } from './user.table.ts';

describe('§5 change password and §2 department switch (JEECG-API §5.1)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await t.createUser({ username: 'pwuser', password: 'Pwuser1234' });
  const put = (token: string, payload: unknown, method: 'PUT' | 'POST' = 'PUT') =>
    t.inject({ method, url: t.api('/sys/user/updatePassword'), headers: { 'X-Access-Token': token }, payload: payload as object });
  const hashOf = async (username: string) => (await db.select().from(sysUser).where(eq(sysUser.username, username)))[0].password;

  it('§5 change password: each field is required, with the spec messages', async () => {
    const token = await t.loginAs('pwuser', 'Pwuser1234');
    expect(json(await put(token, { password: 'Newpass123', confirmpassword: 'Newpass123' })).message).toBe('请输入旧密码!');
    expect(json(await put(token, { oldpassword: 'Pwuser1234', password: '', confirmpassword: '' })).message).toBe('请输入新密码!');
    expect(json(await put(token, { oldpassword: 'Pwuser1234', password: 'Newpass123', confirmpassword: '' })).message).toBe('请确认新密码!');
  });

  it('§5 change password: confirm must equal new', async () => {
    const token = await t.loginAs('pwuser', 'Pwuser1234');
    const before = await hashOf('pwuser');
    const res = json(await put(token, { oldpassword: 'Pwuser1234', password: 'Newpass123', confirmpassword: 'Newpass124' }));
    expect(res).toMatchObject({ success: false, message: '两次输入密码不一致!' });
    expect(await hashOf('pwuser')).toBe(before);
  });

  it('a wrong old password or a weak new one changes nothing', async () => {
    const token = await t.loginAs('pwuser', 'Pwuser1234');
    const before = await hashOf('pwuser');
    expect(json(await put(token, { oldpassword: 'Wrong12345', password: 'Newpass123', confirmpassword: 'Newpass123' })).message).toBe('旧密码输入错误!');
    expect(json(await put(token, { oldpassword: 'Pwuser1234', password: 'short', confirmpassword: 'short' })).message).toContain('密码至少8位');
    expect(json(await put(token, { username: 'admin', oldpassword: 'Pwuser1234', password: 'Newpass123', confirmpassword: 'Newpass123' })).success).toBe(false);
    expect(await hashOf('pwuser')).toBe(before);
  });

  it('success (by PUT as stock, or POST as the spec) keeps this session and revokes the other ones', async () => {
    const other = await t.loginAs('pwuser', 'Pwuser1234', '10.0.0.8');
    const current = await t.loginAs('pwuser', 'Pwuser1234', '10.0.0.9');
    const res = json(await put(current, { username: 'pwuser', oldpassword: 'Pwuser1234', password: 'Changed123', confirmpassword: 'Changed123' }, 'POST'));
    expect(res).toMatchObject({ success: true, code: 200, message: '密码重置成功!' });
    const headersOf = (token: string) => ({ 'X-Access-Token': token });
    expect((await t.inject({ url: t.api('/sys/user/getCurrentUserDeparts'), headers: headersOf(current) })).statusCode).toBe(200);
    expect((await t.inject({ url: t.api('/sys/user/getCurrentUserDeparts'), headers: headersOf(other) })).statusCode).toBe(500);
    const back = await put(current, { oldpassword: 'Changed123', password: 'Pwuser1234', confirmpassword: 'Pwuser1234' });
    expect(json(back).success).toBe(true);
  });

  it('bad input (malformed JSON, wrong types, over-long, unknown fields, injection text) gets a 4xx envelope and changes nothing', async () => {
    const token = await t.loginAs('pwuser', 'Pwuser1234');
    const before = await hashOf('pwuser');
    const raw = await t.inject({
      method: 'PUT',
      url: t.api('/sys/user/updatePassword'),
      headers: { 'X-Access-Token': token, 'content-type': 'application/json' },
      payload: '{"oldpassword": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(json(raw)).toMatchObject({ success: false, message: '请求内容不是有效的JSON' });
    for (const payload of [
      { oldpassword: 123, password: 'Newpass123', confirmpassword: 'Newpass123' },
      { oldpassword: 'x'.repeat(5000), password: 'Newpass123', confirmpassword: 'Newpass123' },
      { oldpassword: 'Pwuser1234', password: 'Newpass123', confirmpassword: 'Newpass123', isAdmin: true },
      { oldpassword: "' or 1=1 --", password: 'Newpass123', confirmpassword: 'Newpass123' },
      { oldpassword: 'Pwuser1234', password: '<script>alert(1)</script>a1', confirmpassword: '<script>alert(1)</script>a2' },
      [],
    ]) {
      const res = await put(token, payload);
      expect(res.statusCode).toBeLessThan(500);
      expect(json(res).success).toBe(false);
      expect(res.body).not.toMatch(/at .*\.ts:\d+|stack/i);
    }
    expect(await hashOf('pwuser')).toBe(before);
  });

  it('getCurrentUserDeparts lists my departments and the current org code; selectDepart switches only to one of them', async () => {
    await t.createUser({ username: 'multi', password: 'Multi12345', departIds: [DepartId.rightsDept, DepartId.financeDept] });
    const loginRes = json(await t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'multi', password: 'Multi12345' } }));
    expect(loginRes.result.multi_depart).toBe(2);
    const headers = { 'X-Access-Token': loginRes.result.token };
    const departs = json(await t.inject({ url: t.api('/sys/user/getCurrentUserDeparts'), headers }));
    expect(departs.result.list.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01A02', 'A01A03']);
    expect(departs.result.orgCode).toBe(loginRes.result.userInfo.orgCode);
    for (const method of ['PUT', 'POST'] as const) {
      const target = method === 'PUT' ? 'A01A03' : 'A01A02';
      const res = json(await t.inject({ method, url: t.api('/sys/selectDepart'), headers, payload: { orgCode: target, username: 'multi' } }));
      expect(res.result.userInfo.orgCode).toBe(target);
      expect(JSON.stringify(res)).not.toContain('argon2');
    }
    const foreign = json(await t.inject({ method: 'PUT', url: t.api('/sys/selectDepart'), headers, payload: { orgCode: 'A01A04' } }));
    expect(foreign).toMatchObject({ success: false, message: '只能切换到本人所属的部门' });
    const injected = await t.inject({ method: 'PUT', url: t.api('/sys/selectDepart'), headers, payload: { orgCode: "A01' or '1'='1" } });
    expect(json(injected).success).toBe(false);
  });
});

describe('§7 login: bad input never reaches the database or answers 500', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  it('malformed JSON, wrong types, over-long strings, unknown fields, SQL and script fragments', async () => {
    const users = await db.select().from(sysUser);
    const cases: { payload: string | object; contentType?: string }[] = [
      { payload: '{"username":"admin",', contentType: 'application/json' },
      { payload: 'username=admin&password=x', contentType: 'application/x-www-form-urlencoded' },
      { payload: { username: 42, password: true } },
      { payload: { username: 'a'.repeat(101), password: 'x' } },
      { payload: { username: 'admin', password: 'x'.repeat(129) } },
      { payload: { username: 'admin', password: ADMIN_PASSWORD, role: 'admin' } },
      { payload: { username: "admin' --", password: "' or '1'='1" } },
      { payload: { username: 'admin"; drop table sys_user; --', password: 'x' } },
      { payload: { username: '<script>alert(1)</script>', password: '<img src=x onerror=alert(1)>' } },
      { payload: { username: 'admin', password: 'x', captcha: "'; select pg_sleep(5); --", checkKey: '../../etc/passwd' } },
      { payload: { username: '', password: '' } },
    ];
    for (const c of cases) {
      const res = await t.inject({
        method: 'POST',
        url: t.api('/sys/login'),
        payload: c.payload,
        headers: c.contentType ? { 'content-type': c.contentType } : {},
        remoteAddress: '10.20.0.1',
      });
      expect(res.statusCode, JSON.stringify(c.payload)).toBeLessThan(500);
      const body = json(res);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/[\u4e00-\u9fff]/);
      expect(res.body).not.toMatch(/\.ts:\d+|Error:/);
    }
    expect(await db.select().from(sysUser)).toEqual(users);
  });
});
