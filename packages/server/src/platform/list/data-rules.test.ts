import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DepartId, json, RoleId } from '../../test/harness.ts';
import { buttonId } from '../../seed/seed.ts';
import { newId } from '../db/ids.ts';
import { sysPermission, sysPermissionDataRule } from '../../modules/identity/permission/permission.table.ts';
import { sysRolePermission } from '../../modules/identity/role/role.table.ts';
import { sysUser } from '../../modules/identity/user/user.table.ts';

describe("JEECG-API §3.4 data rules granted to a role filter that menu's list", async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const menuId = newId();
  const ownDept = newId();
  const badColumn = newId();
  await db.insert(sysPermission).values({ id: menuId, name: '用户管理', url: '/isystem/user', component: 'system/UserList', menuType: 0, ruleFlag: 1 });
  await db.insert(sysPermissionDataRule).values([
    { id: ownDept, permissionId: menuId, ruleName: '本部门', ruleColumn: 'orgCode', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}', status: '1' },
    { id: badColumn, permissionId: menuId, ruleName: '坏字段', ruleColumn: 'password', ruleConditions: '=', ruleValue: 'x', status: '1' },
  ]);
  const grant = await db
    .insert(sysRolePermission)
    .values([
      { id: newId(), roleId: RoleId.reviewer, permissionId: menuId, dataRuleIds: ownDept },
      { id: newId(), roleId: RoleId.reviewer, permissionId: buttonId('system:user:list') },
    ])
    .returning();
  await t.createUser({ username: 'rev.a', password: 'Reviewer123', roleIds: [RoleId.reviewer], departIds: [DepartId.rightsDept] });
  await t.createUser({ username: 'fin.b', password: 'Finance123', departIds: [DepartId.financeDept] });
  await db.update(sysUser).set({ orgCode: 'A01A03' }).where(eq(sysUser.username, 'fin.b'));
  const reviewer = await t.loginAs('rev.a', 'Reviewer123');
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const names = async (token: string) =>
    json(await t.inject({ url: t.api('/sys/user/list?pageSize=100'), headers: { 'X-Access-Token': token } })).result.records.map(
      (u: { username: string }) => u.username,
    );

  it('a reviewer whose role holds the 本部门 rule sees only users of their own department', async () => {
    expect(await names(reviewer)).toEqual(['rev.a']);
    expect(await names(admin)).toEqual(expect.arrayContaining(['rev.a', 'fin.b', 'admin']));
  });

  it('a rule naming a column outside the resource hides everything instead of leaking', async () => {
    await db
      .update(sysRolePermission)
      .set({ dataRuleIds: `${ownDept},${badColumn}` })
      .where(eq(sysRolePermission.id, grant[0].id));
    expect(await names(reviewer)).toEqual([]);
  });

  it('withdrawing the rule from the role takes effect on the next request', async () => {
    await db.update(sysRolePermission).set({ dataRuleIds: null }).where(eq(sysRolePermission.id, grant[0].id));
    expect((await names(reviewer)).length).toBeGreaterThanOrEqual(3);
  });
});
