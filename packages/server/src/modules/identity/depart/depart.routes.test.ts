import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DepartId, json, RoleId } from '../../../test/harness.ts';
import { HOME_PERMISSION_ID, buttonId } from '../../../seed/seed.ts';
import { sysDepart } from './depart.table.ts';

describe('部门管理 /sys/sysDepart/* (JEECG-API §4.2, §5.7)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  await t.createUser({ username: 'holder3', password: 'Holder1234', roleIds: [RoleId.holder] });
  const holder = await t.loginAs('holder3', 'Holder1234');
  const call = t.request;

  it('§6 department admin routes refuse a user without the code', async () => {
    for (const [method, path, payload] of [
      ['POST', '/sys/sysDepart/add', { departName: 'x', orgCategory: '1' }],
      ['PUT', '/sys/sysDepart/edit', { id: DepartId.association, departName: 'x', orgCategory: '1' }],
      ['DELETE', `/sys/sysDepart/delete?id=${DepartId.members}`],
      ['POST', '/sys/permission/saveDepartPermission', { departId: DepartId.members, permissionIds: HOME_PERMISSION_ID }],
      ['GET', `/sys/sysDepartRole/list?deptId=${DepartId.members}`],
      ['GET', `/sys/user/departUserList?depId=${DepartId.members}`],
    ] as const) {
      expect((await call(holder, method, path, payload as object | undefined)).statusCode, path).toBe(403);
    }
  });

  it('the tree holds every department with key/value/title and children; the id tree is the compact form', async () => {
    const tree = json(await call(holder, 'GET', '/sys/sysDepart/queryTreeList')).result;
    const assoc = tree.find((n: { orgCode: string }) => n.orgCode === 'A01');
    expect(assoc).toMatchObject({ key: DepartId.association, value: DepartId.association, title: '商标协会', isLeaf: false });
    expect(assoc.children.map((c: { orgCode: string }) => c.orgCode)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A01A04']);
    const ids = json(await call(holder, 'GET', '/sys/sysDepart/queryIdTree')).result;
    expect(ids[0]).toEqual(expect.objectContaining({ key: DepartId.association, title: '商标协会' }));
  });

  let childId = '';
  it('add generates hierarchical org codes; edit keeps the code', async () => {
    childId = json(await call(admin, 'POST', '/sys/sysDepart/add', { parentId: DepartId.rightsDept, departName: '线上维权组', orgCategory: '2' })).result;
    const second = json(await call(admin, 'POST', '/sys/sysDepart/add', { parentId: DepartId.rightsDept, departName: '线下维权组', orgCategory: '2' })).result;
    const root = json(await call(admin, 'POST', '/sys/sysDepart/add', { departName: '地方分会', orgCategory: '1' })).result;
    const codeOf = async (id: string) => (await db.select().from(sysDepart).where(eq(sysDepart.id, id)))[0];
    expect((await codeOf(childId)).orgCode).toBe('A01A02A01');
    expect((await codeOf(second)).orgCode).toBe('A01A02A02');
    expect((await codeOf(second)).orgType).toBe('3');
    expect((await codeOf(root)).orgCode).toBe('A04');
    expect(json(await call(admin, 'PUT', '/sys/sysDepart/edit', { id: childId, departName: '网络维权组', orgCategory: '2' })).success).toBe(true);
    expect(await codeOf(childId)).toMatchObject({ departName: '网络维权组', orgCode: 'A01A02A01' });
    expect(json(await call(admin, 'POST', '/sys/sysDepart/add', { departName: '顶级部门', orgCategory: '2' })).message).toBe('顶级机构的类别只能是公司');
    expect(json(await call(admin, 'POST', '/sys/sysDepart/add', { parentId: 'nope', departName: 'x' })).message).toBe('上级部门不存在');
  });

  it('parallel adds under one parent never share an org code', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(admin, 'POST', '/sys/sysDepart/add', { parentId: DepartId.financeDept, departName: `并发组${i}`, orgCategory: '2' }),
      ),
    );
    expect(results.every((r) => json(r).success)).toBe(true);
    const codes = (await db.select().from(sysDepart).where(eq(sysDepart.parentId, DepartId.financeDept))).map((d) => d.orgCode);
    expect(new Set(codes).size).toBe(8);
  });

  it('searchBy finds by name; nothing found answers 未查询匹配数据！', async () => {
    expect(json(await call(holder, 'GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('维权')}`)).result.length).toBeGreaterThanOrEqual(2);
    expect(json(await call(holder, 'GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent("%' or '1'='1")}`)).message).toBe('未查询匹配数据！');
  });

  it('delete is refused while sub-departments or users remain, with a clear message', async () => {
    expect(json(await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${DepartId.rightsDept}`)).message).toContain('下还有下级部门');
    const uid = await t.createUser({ username: 'inchild', password: 'Inchild123', departIds: [childId] });
    expect(json(await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${childId}`)).message).toContain('下还有 1 个用户');
    expect(json(await call(admin, 'DELETE', `/sys/user/deleteUserInDepart?depId=${childId}&userId=${uid}`)).success).toBe(true);
    expect(json(await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${childId}`)).message).toBe('删除成功!');
  });

  it("department permissions and department roles: a role gets only what its department may use, and it reaches the member's menu", async () => {
    expect(
      json(
        await call(admin, 'POST', '/sys/permission/saveDepartPermission', {
          departId: DepartId.members,
          permissionIds: `${HOME_PERMISSION_ID},${buttonId('system:user:list')}`,
        }),
      ).success,
    ).toBe(true);
    expect(json(await call(admin, 'GET', `/sys/permission/queryDepartPermission?departId=${DepartId.members}`)).result).toHaveLength(2);
    const roleId = json(
      await call(admin, 'POST', '/sys/sysDepartRole/add', { departId: DepartId.members, roleName: '企业管理员', roleCode: 'ent_admin' }),
    ).result;
    const tree = json(await call(admin, 'GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${DepartId.members}`)).result;
    expect(tree.ids.sort()).toEqual([HOME_PERMISSION_ID, buttonId('system:user:list')].sort());
    expect(
      json(await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: buttonId('system:user:delete') })).message,
    ).toBe('只能授予该部门可用的权限');
    expect(
      json(await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: buttonId('system:user:list') })).success,
    ).toBe(true);
    const memberId = await t.createUser({ username: 'entuser', password: 'Entuser123', departIds: [DepartId.members] });
    const member = await t.loginAs('entuser', 'Entuser123');
    expect((await call(member, 'GET', '/sys/user/list')).statusCode).toBe(403);
    expect(json(await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: memberId, newRoleId: roleId })).success).toBe(true);
    expect((await call(member, 'GET', '/sys/user/list')).statusCode).toBe(200);
    expect(json(await call(admin, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${memberId}&departId=${DepartId.members}`)).result).toEqual([roleId]);
    const otherRole = json(
      await call(admin, 'POST', '/sys/sysDepartRole/add', { departId: DepartId.agencies, roleName: '机构角色', roleCode: 'org_role' }),
    ).result;
    await call(admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: DepartId.agencies, userIdList: [memberId] });
    expect(
      json(await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: memberId, departId: DepartId.agencies, newRoleId: otherRole })).success,
    ).toBe(true);
    expect(json(await call(admin, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${memberId}&departId=${DepartId.members}`)).result).toEqual([roleId]);
    expect(
      json(await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: memberId, departId: DepartId.agencies, newRoleId: roleId })).message,
    ).toBe('所选角色不属于该部门');
    const outsider = await t.createUser({ username: 'outsider', password: 'Outsider123', departIds: [DepartId.rightsDept] });
    expect(json(await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: outsider, newRoleId: roleId })).message).toBe(
      '只能分配用户所在部门的角色',
    );
  });

  it("部门角色 list: only the department's roles, filtered by name (*like*) and code, paged", async () => {
    const add = (departId: string, roleName: string, roleCode: string) => call(admin, 'POST', '/sys/sysDepartRole/add', { departId, roleName, roleCode });
    await add(DepartId.association, '协会审核员', 'assoc_reviewer');
    await add(DepartId.association, '协会财务', 'assoc_finance');
    await add(DepartId.association, '协会观察员', 'assoc_watch');
    await add(DepartId.agencies, '机构审核员', 'agency_reviewer');
    const list = async (query: string) => json(await call(admin, 'GET', `/sys/sysDepartRole/list?deptId=${DepartId.association}&${query}`)).result;
    expect((await list('')).records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['assoc_reviewer', 'assoc_finance', 'assoc_watch']);
    expect((await list(`roleName=${encodeURIComponent('*审核*')}`)).records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['assoc_reviewer']);
    expect((await list('roleCode=assoc_finance')).total).toBe(1);
    const page2 = await list('pageNo=2&pageSize=2');
    expect([page2.total, page2.current, page2.records.length]).toEqual([3, 2, 1]);
    // an unknown field is ignored; a quote is only a value
    expect((await list(`roleName=${encodeURIComponent("x' or '1'='1")}&nope=1`)).total).toBe(0);
  });

  it('department users: add, list, remove', async () => {
    const uid = await t.createUser({ username: 'mover', password: 'Mover12345', departIds: [] });
    await call(admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: DepartId.agencies, userIdList: [uid] });
    const list = json(await call(admin, 'GET', `/sys/user/departUserList?depId=${DepartId.agencies}`)).result;
    expect(list.records.map((u: { username: string }) => u.username)).toContain('mover');
    await call(admin, 'DELETE', `/sys/user/deleteUserInDepartBatch?depId=${DepartId.agencies}&userIds=${uid},`);
    expect(
      json(await call(admin, 'GET', `/sys/user/departUserList?depId=${DepartId.agencies}`)).result.records.map((u: { username: string }) => u.username),
    ).not.toContain('mover');
  });
});
