import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, RoleId, type Method } from '../../../test/harness.ts';
import { sysUser } from '../user/user.table.ts';

describe('职务 / 租户 / 通讯录, with tenant scope from the tenant_id header', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = (token: string, method: Method, path: string, payload?: object, tenant = '0') => t.request(token, method, path, payload, { tenant_id: tenant });

  it('tenants: add with an integer id, list, edit; a duplicate id is refused', async () => {
    expect(json(await call(admin, 'POST', '/sys/tenant/add', { id: 2, name: '地方商标协会', beginDate: '2026-01-01', status: 1 })).success).toBe(true);
    expect(json(await call(admin, 'POST', '/sys/tenant/add', { id: 2, name: '重复' })).message).toBe('租户编号已存在');
    expect(json(await call(admin, 'POST', '/sys/tenant/add', { id: 'abc', name: 'x' })).success).toBe(false);
    const list = json(await call(admin, 'GET', '/sys/tenant/list')).result;
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    expect(list.records[1]).toMatchObject({ name: '地方商标协会', beginDate: '2026-01-01 00:00:00', status_dictText: '正常' });
  });

  it('positions are scoped to the tenant of the request: invisible and unreachable from another tenant', async () => {
    const p1 = json(await call(admin, 'POST', '/sys/position/add', { code: 'director', name: '部门主任', postRank: '4' }, '1')).result;
    json(await call(admin, 'POST', '/sys/position/add', { code: 'director', name: '主任（租户2）' }, '2'));
    expect(json(await call(admin, 'POST', '/sys/position/add', { code: 'director', name: '重复' }, '1')).message).toBe('职务编码已存在');
    const inOne = json(await call(admin, 'GET', '/sys/position/list', undefined, '1')).result.records;
    expect(inOne).toHaveLength(1);
    expect(inOne[0]).toMatchObject({ name: '部门主任', postRank_dictText: '副高级' });
    expect(json(await call(admin, 'GET', '/sys/position/list', undefined, '2')).result.records[0].name).toBe('主任（租户2）');
    expect(json(await call(admin, 'GET', `/sys/position/queryById?id=${p1}`, undefined, '2')).message).toBe('未找到对应数据');
    expect(json(await call(admin, 'PUT', '/sys/position/edit', { id: p1, code: 'x', name: '改名' }, '2')).message).toBe('未找到对应数据');
    expect(json(await call(admin, 'DELETE', `/sys/position/delete?id=${p1}`, undefined, '2')).message).toBe('未找到对应数据');
    expect(json(await call(admin, 'GET', `/sys/position/queryById?id=${p1}`, undefined, '1')).result.name).toBe('部门主任');
  });

  it('a user may only use tenants they belong to; an unknown, frozen or malformed tenant is refused with 403', async () => {
    const uid = await t.createUser({ username: 'tenant.user', password: 'Tenant1234', roleIds: [RoleId.admin] });
    await db.update(sysUser).set({ relTenantIds: '1' }).where(eq(sysUser.id, uid));
    const token = await t.loginAs('tenant.user', 'Tenant1234');
    await t.createUser({ username: 'plain.t', password: 'Plaint1234', roleIds: [RoleId.reviewer] });
    const plain = await t.loginAs('plain.t', 'Plaint1234');
    expect((await call(plain, 'GET', '/sys/user/queryUserRoleCode', undefined, '2')).statusCode).toBe(403);
    expect((await call(plain, 'GET', '/sys/user/queryUserRoleCode', undefined, '1 or 1=1')).statusCode).toBe(403);
    expect((await call(plain, 'GET', '/sys/user/queryUserRoleCode', undefined, '99')).statusCode).toBe(403);
    expect((await call(plain, 'GET', '/sys/user/queryUserRoleCode', undefined, '0')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/sys/user/queryUserRoleCode', undefined, '2')).statusCode).toBe(200);
    await call(admin, 'PUT', '/sys/tenant/edit', { id: 2, name: '地方商标协会', status: 0 });
    expect((await call(admin, 'GET', '/sys/position/list', undefined, '2')).statusCode).toBe(403);
    const mine = json(await call(plain, 'GET', '/sys/tenant/queryList?ids=1,2')).result;
    expect(mine).toEqual([]);
  });

  it('a tenant with data cannot be deleted', async () => {
    expect(json(await call(admin, 'DELETE', '/sys/tenant/delete?id=1')).message).toBe('租户下还有数据，不能删除');
  });

  it('通讯录 lists active users with contact fields by department (sub-departments included), and nothing else', async () => {
    await t.createUser({ username: 'addr1', password: 'Address123' });
    const res = await call(admin, 'GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01&realname=addr');
    const body = json(res);
    expect(body.result.total).toBe(1);
    expect(body.result.records[0]).toMatchObject({ realname: 'addr1-姓名', departName: '维权工作部', orgCode: 'A01A02' });
    expect(res.body).not.toMatch(/password|argon2|username/);
    expect(json(await call(admin, 'GET', "/sys/user/queryByOrgCodeForAddressList?orgCode=A01' or '1'='1")).success).toBe(false);
    await t.createUser({ username: 'hold.addr', password: 'Holdaddr123', roleIds: [RoleId.holder] });
    const holder = await t.loginAs('hold.addr', 'Holdaddr123');
    expect((await call(holder, 'GET', '/sys/user/queryByOrgCodeForAddressList')).statusCode).toBe(403);
  });
});
