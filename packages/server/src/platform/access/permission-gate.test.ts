import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installAccessControl } from './access.ts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../test/harness.ts';
import { newId } from '../db/ids.ts';
import { sysPermission } from '../../modules/identity/permission/permission.table.ts';
import { sysRolePermission } from '../../modules/identity/role/role.table.ts';

describe('§6 permission codes enforced on the server by one hook', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const probe = Fastify();
  installAccessControl(probe, { db, policy: t.deps.policy });
  probe.get('/needs', { config: { permission: 'demo:thing:view' } }, async () => ({ ok: true }));
  probe.get('/either', { config: { permission: 'demo:other:view,demo:thing:view' } }, async () => ({ ok: true }));
  probe.get('/admins', { config: { adminOnly: true } }, async () => ({ ok: true }));
  probe.get('/undeclared', async () => ({ ok: true }));
  await probe.ready();

  const permissionId = newId();
  await db.insert(sysPermission).values({ id: permissionId, name: '查看示例', menuType: 2, perms: 'demo:thing:add, demo:thing:view', status: '1' });
  await db.insert(sysRolePermission).values({ id: newId(), roleId: RoleId.reviewer, permissionId });
  await t.createUser({ username: 'granted', password: 'Granted123', roleIds: [RoleId.reviewer] });
  await t.createUser({ username: 'plain', password: 'Plain12345', roleIds: [RoleId.holder] });
  const granted = await t.loginAs('granted', 'Granted123');
  const plain = await t.loginAs('plain', 'Plain12345');
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);

  it('a user holding the code (in a comma list of perms) passes; one without gets 403 with code 510', async () => {
    const ok = await probe.inject({ url: '/needs', headers: { 'X-Access-Token': granted } });
    expect(ok.statusCode).toBe(200);
    const denied = await probe.inject({ url: '/needs', headers: { 'X-Access-Token': plain } });
    expect(denied.statusCode).toBe(403);
    expect(json(denied)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  });

  it('a comma list of codes means any one of them', async () => {
    expect((await probe.inject({ url: '/either', headers: { 'X-Access-Token': granted } })).statusCode).toBe(200);
    expect((await probe.inject({ url: '/either', headers: { 'X-Access-Token': plain } })).statusCode).toBe(403);
  });

  it('a route that declares nothing is refused even to the administrator', async () => {
    const res = await probe.inject({ url: '/undeclared', headers: { 'X-Access-Token': admin } });
    expect(res.statusCode).toBe(403);
  });

  it('adminOnly routes pass only users with the admin role', async () => {
    expect((await probe.inject({ url: '/admins', headers: { 'X-Access-Token': admin } })).statusCode).toBe(200);
    expect((await probe.inject({ url: '/admins', headers: { 'X-Access-Token': granted } })).statusCode).toBe(403);
  });

  it('withdrawing a grant or disabling the button takes effect on the next request, without a new login', async () => {
    await db.update(sysPermission).set({ status: '0' }).where(eq(sysPermission.id, permissionId));
    expect((await probe.inject({ url: '/needs', headers: { 'X-Access-Token': granted } })).statusCode).toBe(403);
    await db.update(sysPermission).set({ status: '1' }).where(eq(sysPermission.id, permissionId));
    expect((await probe.inject({ url: '/needs', headers: { 'X-Access-Token': granted } })).statusCode).toBe(200);
    await db.delete(sysRolePermission).where(and(eq(sysRolePermission.roleId, RoleId.reviewer), eq(sysRolePermission.permissionId, permissionId)));
    expect((await probe.inject({ url: '/needs', headers: { 'X-Access-Token': granted } })).statusCode).toBe(403);
  });
});
