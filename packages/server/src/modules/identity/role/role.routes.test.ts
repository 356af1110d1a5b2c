import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { HOME_PERMISSION_ID, buttonId } from '../../../seed/seed.ts';
import { sysRole, sysRolePermission } from './role.table.ts';

describe('角色管理 and grants (JEECG-API §3.2, §3.3, §5.7)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const holderId = await t.createUser({ username: 'holder2', password: 'Holder1234', roleIds: [RoleId.holder] });
  const holder = await t.loginAs('holder2', 'Holder1234');
  const call = t.request;

  it('§6 role and menu admin routes refuse a user without the code (403 / 510)', async () => {
    for (const [method, path, payload] of [
      ['GET', '/sys/role/list'],
      ['POST', '/sys/role/add', { roleName: '新角色', roleCode: 'new_role' }],
      ['PUT', '/sys/role/edit', { id: RoleId.holder, roleName: '改', roleCode: 'holder' }],
      ['DELETE', `/sys/role/delete?id=${RoleId.holder}`],
      ['GET', '/sys/role/queryTreeList'],
      ['POST', '/sys/permission/saveRolePermission', { roleId: RoleId.holder, permissionIds: buttonId('system:user:add') }],
      ['GET', '/sys/permission/list'],
      ['POST', '/sys/permission/add', { name: 'x', menuType: 0, url: '/x' }],
      ['DELETE', `/sys/permission/delete?id=${HOME_PERMISSION_ID}`],
      ['GET', `/sys/permission/getPermRuleListByPermId?permissionId=${HOME_PERMISSION_ID}`],
      ['POST', '/sys/user/addSysUserRole', { roleId: RoleId.admin, userIdList: [holderId] }],
    ] as const) {
      const res = await call(holder, method, path, payload as object | undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  let roleId = '';
  it('add / check / edit a role; the code is unique and well-formed', async () => {
    const added = json(await call(admin, 'POST', '/sys/role/add', { roleName: '稽查专员', roleCode: 'inspector', description: '现场检查' }));
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    roleId = added.result;
    expect(json(await call(admin, 'POST', '/sys/role/add', { roleName: '重复', roleCode: 'inspector' })).message).toBe('角色编码已存在');
    expect(json(await call(admin, 'POST', '/sys/role/add', { roleName: '坏编码', roleCode: "x' or 1=1" })).message).toContain('角色编码以字母开头');
    expect(json(await call(admin, 'GET', '/sys/role/checkRoleCode?roleCode=inspector')).success).toBe(false);
    expect(json(await call(admin, 'GET', `/sys/role/checkRoleCode?roleCode=inspector&id=${roleId}`)).success).toBe(true);
    expect(json(await call(admin, 'PUT', '/sys/role/edit', { id: roleId, roleName: '稽查员', roleCode: 'inspector2' })).success).toBe(true);
    const list = json(await call(admin, 'GET', '/sys/role/list?roleName=*稽查*'));
    expect(list.result.records).toHaveLength(1);
    expect(list.result.records[0]).toMatchObject({ roleCode: 'inspector2', roleName: '稽查员' });
    expect(json(await call(holder, 'GET', '/sys/role/queryall')).result.length).toBeGreaterThanOrEqual(6);
  });

  it('the administrator role can be neither deleted nor renamed away', async () => {
    expect(json(await call(admin, 'DELETE', `/sys/role/delete?id=${RoleId.admin}`)).message).toBe('系统管理员角色不能删除');
    expect(json(await call(admin, 'PUT', '/sys/role/edit', { id: RoleId.admin, roleName: '管理员', roleCode: 'root' })).success).toBe(false);
  });

  it('grant: the tree, saving a grant by diff, and the change applies on the next request', async () => {
    const tree = json(await call(admin, 'GET', '/sys/role/queryTreeList')).result;
    expect(tree.ids).toContain(HOME_PERMISSION_ID);
    expect(tree.treeList[0]).toHaveProperty('scopedSlots');
    await t.createUser({ username: 'insp', password: 'Inspect123', roleIds: [roleId] });
    const insp = await t.loginAs('insp', 'Inspect123');
    expect((await call(insp, 'GET', '/sys/user/list')).statusCode).toBe(403);
    const save = json(
      await call(admin, 'POST', '/sys/permission/saveRolePermission', {
        roleId,
        permissionIds: `${HOME_PERMISSION_ID},${buttonId('system:user:list')}`,
        lastpermissionIds: '',
      }),
    );
    expect(save).toMatchObject({ success: true, message: '保存成功！' });
    expect(json(await call(admin, 'GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).result.sort()).toEqual(
      [HOME_PERMISSION_ID, buttonId('system:user:list')].sort(),
    );
    expect((await call(insp, 'GET', '/sys/user/list')).statusCode).toBe(200);
    const perms = json(await call(insp, 'GET', '/sys/permission/getUserPermissionByToken')).result;
    expect(perms.auth.map((a: { action: string }) => a.action)).toEqual(['system:user:list']);
    await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: HOME_PERMISSION_ID, lastpermissionIds: 'ignored' });
    expect((await call(insp, 'GET', '/sys/user/list')).statusCode).toBe(403);
    expect(json(await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: 'no-such-id' })).message).toBe('所选权限不存在');
  });

  it('a non-administrator who may grant cannot hand out a permission they lack, nor touch the admin role', async () => {
    await call(admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: RoleId.finance,
      permissionIds: `${HOME_PERMISSION_ID},${buttonId('system:role:grant')}`,
    });
    await t.createUser({ username: 'fin3', password: 'Finance123', roleIds: [RoleId.finance] });
    const fin = await t.loginAs('fin3', 'Finance123');
    expect(
      json(
        await call(fin, 'POST', '/sys/permission/saveRolePermission', {
          roleId: RoleId.finance,
          permissionIds: `${HOME_PERMISSION_ID},${buttonId('system:user:delete')}`,
        }),
      ).message,
    ).toBe('不能授予自己没有的权限');
    expect(json(await call(fin, 'POST', '/sys/permission/saveRolePermission', { roleId: RoleId.admin, permissionIds: HOME_PERMISSION_ID })).message).toBe(
      '没有权限修改系统管理员角色的授权',
    );
    const adminGrants = await db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, RoleId.admin));
    expect(adminGrants.length).toBeGreaterThan(5);
  });

  it('role members: add, list, remove; deleting a role removes its grants and links', async () => {
    const userId = await t.createUser({ username: 'member', password: 'Member1234' });
    expect(json(await call(admin, 'POST', '/sys/user/addSysUserRole', { roleId, userIdList: [userId] })).success).toBe(true);
    expect(json(await call(admin, 'GET', `/sys/user/userRoleList?roleId=${roleId}`)).result.records.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['member', 'insp']),
    );
    await call(admin, 'DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${userId}`);
    expect(json(await call(admin, 'GET', `/sys/user/userRoleList?roleId=${roleId}`)).result.records.map((u: { username: string }) => u.username)).toEqual([
      'insp',
    ]);
    expect(json(await call(admin, 'DELETE', `/sys/role/deleteBatch?ids=${roleId},`)).success).toBe(true);
    expect(await db.select().from(sysRole).where(eq(sysRole.id, roleId))).toEqual([]);
    expect(await db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId))).toEqual([]);
  });
});
