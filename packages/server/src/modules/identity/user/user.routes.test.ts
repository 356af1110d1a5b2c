import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DepartId, json, RoleId } from '../../../test/harness.ts';
import { sysUser } from './user.table.ts';

describe('用户管理 /sys/user/* (JEECG-API §5.7) with server-side access control', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  await t.createUser({ username: 'holder1', password: 'Holder1234', roleIds: [RoleId.holder] });
  const holder = await t.loginAs('holder1', 'Holder1234');
  const call = t.request;

  it('§6 every user-admin route refuses a user without its permission with 403 / 510', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/sys/user/list'],
      ['GET', '/sys/user/queryById?id=x'],
      ['GET', '/sys/user/queryByIds?userIds=x'],
      ['POST', '/sys/user/add', { username: 'zz', realname: 'z', password: 'Abcdef123' }],
      ['PUT', '/sys/user/edit', { id: 'x', realname: 'z' }],
      ['DELETE', '/sys/user/delete?id=x'],
      ['DELETE', '/sys/user/deleteBatch?ids=x'],
      ['PUT', '/sys/user/frozenBatch', { ids: 'x', status: '2' }],
      ['PUT', '/sys/user/changePassword', { username: 'admin', password: 'Hacked1234' }],
      ['GET', '/sys/user/queryUserRole?userid=x'],
      ['GET', '/sys/user/userDepartList?userId=x'],
      ['GET', '/sys/user/queryUserByDepId?id=x'],
      ['GET', '/sys/user/recycleBin'],
      ['PUT', '/sys/user/putRecycleBin', { userIds: 'x' }],
      ['DELETE', '/sys/user/deleteRecycleBin?userIds=x'],
    ];
    for (const [method, path, payload] of routes) {
      const res = await call(holder, method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(json(res).code).toBe(510);
    }
  });

  let newUserId = '';
  it('add: creates the user with roles and departments; the answer and the list never carry the password', async () => {
    const res = json(
      await call(admin, 'POST', '/sys/user/add', {
        username: 'zhang.san',
        realname: '张三',
        password: 'Zhangsan123',
        confirmpassword: 'Zhangsan123',
        phone: '13800138000',
        email: 'zs@example.org.cn',
        workNo: 'W001',
        sex: '1',
        selectedroles: `${RoleId.reviewer},`,
        selecteddeparts: DepartId.rightsDept,
      }),
    );
    expect(res).toMatchObject({ success: true, message: '添加成功！' });
    newUserId = res.result;
    const list = await call(admin, 'GET', '/sys/user/list?username=*zhang*&pageNo=1&pageSize=10');
    const body = json(list);
    expect(body.result.total).toBe(1);
    expect(body.result.records[0]).toMatchObject({
      username: 'zhang.san',
      sex_dictText: '男',
      status_dictText: '正常',
      orgCodeTxt: '维权工作部',
      orgCode: 'A01A02',
    });
    expect(list.body).not.toMatch(/password|argon2/);
    expect(json(await call(admin, 'GET', `/sys/user/queryUserRole?userid=${newUserId}`)).result).toEqual([RoleId.reviewer]);
    expect(await t.loginAs('zhang.san', 'Zhangsan123')).toBeTruthy();
  });

  it('username, phone, e-mail and work number are unique, checked on add/edit and by checkOnlyUser', async () => {
    const dup = (over: object) => call(admin, 'POST', '/sys/user/add', { username: 'other', realname: '其他', password: 'Other12345', ...over });
    expect(json(await dup({ username: 'zhang.san' })).message).toBe('用户账号已存在');
    expect(json(await dup({ phone: '13800138000' })).message).toBe('手机号已存在');
    expect(json(await dup({ email: 'zs@example.org.cn' })).message).toBe('邮箱已存在');
    expect(json(await dup({ workNo: 'W001' })).message).toBe('工号已存在');
    expect(json(await call(holder, 'GET', '/sys/user/checkOnlyUser?username=zhang.san'))).toMatchObject({ success: false, message: '用户账号已存在' });
    expect(json(await call(holder, 'GET', '/sys/user/checkOnlyUser?username=free.name')).success).toBe(true);
    expect(json(await call(admin, 'GET', `/sys/user/checkOnlyUser?id=${newUserId}&phone=13800138000`)).success).toBe(true);
  });

  it('issue 36: checkOnlyUser answers the stock register form without a session, the same for a taken and a free value, rate limited', async () => {
    const anonymous = (query: string, remoteAddress = '10.36.0.1') =>
      t.inject({ method: 'GET', url: t.api(`/sys/user/checkOnlyUser?${query}`), remoteAddress });
    const taken = json(await anonymous('username=zhang.san'));
    const free = json(await anonymous('username=nobody.has.this'));
    const withoutTime = ({ timestamp: _time, ...rest }: Record<string, unknown>) => rest;
    expect(withoutTime(taken)).toEqual(withoutTime(free));
    expect(taken).toMatchObject({ success: true, code: 200, result: true, message: '注册提交时校验是否已被使用' });
    expect(json(await anonymous('phone=13800138000'))).toMatchObject({ success: true, message: '注册提交时校验是否已被使用' });
    const stale = await t.inject({
      method: 'GET',
      url: t.api('/sys/user/checkOnlyUser?username=zhang.san'),
      headers: { 'X-Access-Token': 'not-a-session' },
      remoteAddress: '10.36.0.2',
    });
    expect(json(stale)).toMatchObject({ success: true, message: '注册提交时校验是否已被使用' });
    let last = null;
    for (let i = 0; i < 60; i++) last = await anonymous(`username=u${i}`, '10.36.0.3');
    expect(last!.statusCode).toBe(200);
    last = await anonymous('username=one.more', '10.36.0.3');
    expect(last.statusCode).toBe(429);
    expect(json(last)).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    // A signed-in account still learns what it learnt before.
    expect(json(await call(holder, 'GET', '/sys/user/checkOnlyUser?username=zhang.san'))).toMatchObject({ success: false, message: '用户账号已存在' });
  });

  it("spec §7 generic helpers: /api/user, /api/role, /api/permission(/no-pager) answer what the screens' lists answer, under the same codes", async () => {
    const same = async (alias: string, original: string) => {
      const a = json(await call(admin, 'GET', alias));
      const b = json(await call(admin, 'GET', original));
      expect(a.success, alias).toBe(true);
      expect(a.result, alias).toEqual(b.result);
    };
    await same('/api/user?pageNo=1&pageSize=5&column=username&order=asc', '/sys/user/list?pageNo=1&pageSize=5&column=username&order=asc');
    await same('/api/user?username=zhang*', '/sys/user/list?username=zhang*');
    await same('/api/role', '/sys/role/list');
    await same('/api/permission', '/sys/permission/list');
    await same('/api/permission/no-pager', '/sys/permission/list');
    for (const path of ['/api/user', '/api/role', '/api/permission', '/api/permission/no-pager']) {
      const refused = await call(holder, 'GET', path);
      expect(refused.statusCode, path).toBe(403);
      expect((await t.request(null, 'GET', path)).statusCode, path).toBe(401);
    }
    // read-only: nothing but GET
    expect((await call(admin, 'POST', '/api/user', { username: 'x' })).statusCode).toBe(404);
    expect(json(await call(admin, 'GET', '/api/user?column=password')).success).toBe(false);
  });

  it('form rules: bad phone, bad e-mail, weak password, unknown role or department give clear messages and create nothing', async () => {
    const before = (await db.select().from(sysUser)).length;
    const add = (over: object) => call(admin, 'POST', '/sys/user/add', { username: 'bad.one', realname: '坏', password: 'Badone1234', ...over });
    expect(json(await add({ phone: '12345' })).message).toContain('手机号码');
    expect(json(await add({ email: 'not-an-email' })).message).toContain('电子邮件');
    expect(json(await add({ password: '123' })).message).toContain('密码至少8位');
    expect(json(await add({ selectedroles: "x' or '1'='1" })).message).toBe('所选角色不存在');
    expect(json(await add({ selecteddeparts: 'nope' })).message).toBe('所选部门不存在');
    expect(json(await add({ username: "a'; drop table sys_user; --" })).success).toBe(false);
    expect(json(await add({ realname: 'x'.repeat(51) })).success).toBe(false);
    expect((await db.select().from(sysUser)).length).toBe(before);
  });

  it('nobody grants a role they do not hold, nor changes their own roles', async () => {
    const { sysPermission } = await import('../permission/permission.table.ts');
    const { sysRolePermission } = await import('../role/role.table.ts');
    const { newId } = await import('../../../platform/db/ids.ts');
    const perms = await db.select().from(sysPermission);
    for (const code of ['system:user:add', 'system:user:edit', 'system:user:list']) {
      const row = perms.find((p) => p.perms === code)!;
      await db.insert(sysRolePermission).values({ id: newId(), roleId: RoleId.finance, permissionId: row.id });
    }
    const financeId = await t.createUser({ username: 'fin1', password: 'Finance123', roleIds: [RoleId.finance] });
    const fin = await t.loginAs('fin1', 'Finance123');
    const escalate = json(
      await call(fin, 'POST', '/sys/user/add', { username: 'sneaky', realname: '偷偷', password: 'Sneaky1234', selectedroles: RoleId.admin }),
    );
    expect(escalate).toMatchObject({ success: false, message: '不能授予自己没有的角色' });
    const self = json(await call(fin, 'PUT', '/sys/user/edit', { id: financeId, realname: '财务', selectedroles: `${RoleId.finance},${RoleId.admin}` }));
    expect(self).toMatchObject({ success: false, message: '不能修改自己的角色' });
    expect(
      json(await call(fin, 'POST', '/sys/user/add', { username: 'fin2', realname: '财务二', password: 'Finance234', selectedroles: RoleId.finance })).success,
    ).toBe(true);
  });

  it('edit keeps the password and replaces roles and departments', async () => {
    const res = json(
      await call(admin, 'PUT', '/sys/user/edit', {
        id: newUserId,
        realname: '张三丰',
        selectedroles: RoleId.finance,
        selecteddeparts: `${DepartId.financeDept},${DepartId.rightsDept}`,
        password: 'Ignored123',
      }),
    );
    expect(res).toMatchObject({ success: true, message: '修改成功!' });
    expect(json(await call(admin, 'GET', `/sys/user/queryUserRole?userid=${newUserId}`)).result).toEqual([RoleId.finance]);
    expect(await t.loginAs('zhang.san', 'Zhangsan123')).toBeTruthy();
    const deps = json(await call(admin, 'GET', `/sys/user/userDepartList?userId=${newUserId}`)).result;
    expect(deps.map((d: { title: string }) => d.title).sort()).toEqual(['维权工作部', '财务部'].sort());
  });

  it('queryUserByDepId includes users of sub-departments', async () => {
    const res = json(await call(admin, 'GET', `/sys/user/queryUserByDepId?id=${DepartId.association}`));
    const names = res.result.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'zhang.san']));
    expect(json(await call(admin, 'GET', `/sys/user/queryUserByDepId?id=${DepartId.association}&realname=张三`)).result).toHaveLength(1);
  });

  it("freezing ends the user's sessions at once; unfreezing lets them sign in again; nobody freezes themself or admin", async () => {
    const token = await t.loginAs('zhang.san', 'Zhangsan123');
    expect(json(await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: `${newUserId},`, status: '2' })).success).toBe(true);
    expect((await call(token, 'GET', '/sys/user/queryUserRoleCode')).statusCode).toBe(500);
    expect(json(await t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'zhang.san', password: 'Zhangsan123' } })).message).toBe(
      '该用户已冻结',
    );
    await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: newUserId, status: 1 });
    expect(await t.loginAs('zhang.san', 'Zhangsan123')).toBeTruthy();
    const adminRow = (await db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0];
    expect(json(await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: adminRow.id, status: '2' })).success).toBe(false);
    expect(json(await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: newUserId, status: '3' })).success).toBe(false);
  });

  it('admin password reset: new password works, old sessions end', async () => {
    const token = await t.loginAs('zhang.san', 'Zhangsan123');
    expect(json(await call(admin, 'PUT', '/sys/user/changePassword', { username: 'zhang.san', password: 'Reset12345' })).message).toBe('密码修改成功!');
    expect((await call(token, 'GET', '/sys/user/queryUserRoleCode')).statusCode).toBe(500);
    expect(await t.loginAs('zhang.san', 'Reset12345')).toBeTruthy();
    expect(json(await call(admin, 'PUT', '/sys/user/changePassword', { username: 'ghost', password: 'Reset12345' })).message).toBe('用户不存在！');
  });

  it("queryUserRoleCode answers the caller's own role codes", async () => {
    expect(json(await call(holder, 'GET', '/sys/user/queryUserRoleCode')).result).toEqual(['holder']);
  });

  it('delete is soft: the user leaves the list, cannot sign in, shows in the recycle bin, and can be restored or purged', async () => {
    const token = await t.loginAs('zhang.san', 'Reset12345');
    expect(json(await call(admin, 'DELETE', `/sys/user/delete?id=${newUserId}`)).message).toBe('删除用户成功');
    expect((await call(token, 'GET', '/sys/user/queryUserRoleCode')).statusCode).toBe(500);
    expect(json(await call(admin, 'GET', '/sys/user/list?username=zhang.san')).result.total).toBe(0);
    expect(json(await call(admin, 'GET', '/sys/user/recycleBin')).result.map((u: { id: string }) => u.id)).toContain(newUserId);
    await call(admin, 'PUT', '/sys/user/putRecycleBin', { userIds: newUserId });
    expect(json(await call(admin, 'GET', '/sys/user/list?username=zhang.san')).result.total).toBe(1);
    await call(admin, 'DELETE', `/sys/user/deleteBatch?ids=${newUserId},`);
    await call(admin, 'DELETE', `/sys/user/deleteRecycleBin?userIds=${newUserId}`);
    expect(await db.select().from(sysUser).where(eq(sysUser.id, newUserId))).toEqual([]);
  });

  it('list: unknown sort columns and injection in filters give a clear message, never a 500', async () => {
    for (const q of [
      'column=password&order=asc',
      'column=id;drop table sys_user&order=asc',
      "status=1' or '1'='1",
      'createTime_begin=yesterday',
      'pageSize=abc',
    ]) {
      const res = await call(admin, 'GET', `/sys/user/list?${q}`);
      expect(res.statusCode, q).toBeLessThan(500);
      expect(json(res).success, q).toBe(false);
    }
    const sorted = json(await call(admin, 'GET', '/sys/user/list?column=username&order=asc&realname=*姓名*'));
    expect(sorted.result.records.map((u: { username: string }) => u.username)).toEqual(['fin1', 'holder1']);
  });
});
