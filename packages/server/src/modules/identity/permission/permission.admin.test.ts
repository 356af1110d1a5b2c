import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { sysPermission } from './permission.table.ts';
import { sysRolePermission } from '../role/role.table.ts';

describe('菜单管理 /sys/permission/* (JEECG-API §3.1, §3.2)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(admin);
  let topId = '';
  let childId = '';

  it('add keeps is_leaf in step, normalises component and url, and gives a top menu layouts/RouteView', async () => {
    topId = json(await call('POST', '/sys/permission/add', { name: '维权管理', menuType: 0, url: 'rights', icon: 'safety', sortNo: 2, route: true })).result;
    childId = json(
      await call('POST', '/sys/permission/add', {
        name: '线索批次',
        menuType: 1,
        parentId: topId,
        url: '/rights/threaded',
        component: '/views/rights/ThreadedList.vue',
        keepAlive: true,
      }),
    ).result;
    const btn = json(await call('POST', '/sys/permission/add', { name: '新增', menuType: 2, parentId: childId, perms: 'rights:threaded:add', permsType: '1' }));
    expect(btn.success).toBe(true);
    const [top] = await db.select().from(sysPermission).where(eq(sysPermission.id, topId));
    expect(top).toMatchObject({ url: '/rights', component: 'layouts/RouteView', isLeaf: 0 });
    const [child] = await db.select().from(sysPermission).where(eq(sysPermission.id, childId));
    expect(child).toMatchObject({ component: 'rights/ThreadedList', isLeaf: 0, keepAlive: 1 });
    const tree = json(await call('GET', '/sys/permission/list')).result;
    const node = tree.find((n: { id: string }) => n.id === topId);
    expect(node.children[0]).toMatchObject({ name: '线索批次', key: childId, title: '线索批次', menuType_dictText: '子菜单' });
    expect(node.children[0].children[0]).toMatchObject({ perms: 'rights:threaded:add', isLeaf: true });
  });

  it("the new menu reaches a granted user's menu tree", async () => {
    const rows = await db.select().from(sysPermission);
    // finance, not an organisation role: an organisation user sees only the onboarding pages until certified
    for (const r of rows.filter((x) => [topId, childId].includes(x.id))) {
      await db.insert(sysRolePermission).values({ id: `rp-${r.id}`.slice(0, 36), roleId: RoleId.finance, permissionId: r.id });
    }
    await t.createUser({ username: 'ag', password: 'Agency1234', roleIds: [RoleId.finance] });
    const token = await t.loginAs('ag', 'Agency1234');
    const menu = json(await t.inject({ url: t.api('/sys/permission/getUserPermissionByToken'), headers: { 'X-Access-Token': token } })).result.menu;
    const rights = menu.find((m: { id: string }) => m.id === topId);
    expect(rights.children[0]).toMatchObject({ path: '/rights/threaded', component: 'rights/ThreadedList', name: 'rights-threaded' });
  });

  it('refuses a sub-menu without a parent, a button as parent, a cycle, and javascript: urls', async () => {
    expect(json(await call('POST', '/sys/permission/add', { name: 'x', menuType: 1, url: '/x' })).message).toBe('子菜单必须选择上级菜单');
    const btnId = (await db.select().from(sysPermission).where(eq(sysPermission.perms, 'rights:threaded:add')))[0].id;
    expect(json(await call('POST', '/sys/permission/add', { name: 'x', menuType: 1, parentId: btnId, url: '/x' })).message).toBe('上级不能是按钮权限');
    expect(json(await call('PUT', '/sys/permission/edit', { id: topId, name: '维权管理', menuType: 1, parentId: childId, url: '/rights' })).message).toBe(
      '上级菜单不能是自己或自己的下级',
    );
    expect(json(await call('POST', '/sys/permission/add', { name: 'x', menuType: 0, url: 'javascript:alert(1)' })).success).toBe(false);
    expect(json(await call('POST', '/sys/permission/add', { name: 'x', menuType: 5 })).success).toBe(false);
  });

  it('data rules: add, list, edit, delete keep rule_flag in step; raw SQL rules are not accepted', async () => {
    const add = json(
      await call('POST', '/sys/permission/addPermissionRule', {
        permissionId: childId,
        ruleName: '本部门',
        ruleColumn: 'sysOrgCode',
        ruleConditions: 'RIGHT_LIKE',
        ruleValue: '#{sys_org_code}',
      }),
    );
    expect(add.message).toBe('添加成功！');
    const rules = json(await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${childId}`)).result;
    expect(rules).toHaveLength(1);
    expect((await db.select().from(sysPermission).where(eq(sysPermission.id, childId)))[0].ruleFlag).toBe(1);
    expect(json(await call('GET', `/sys/permission/queryPermissionRule?permissionId=${childId}&ruleName=本部门`)).result).toHaveLength(1);
    expect(
      json(
        await call('PUT', '/sys/permission/editPermissionRule', {
          ...rules[0],
          ruleValue: 'A01',
          createTime: undefined,
          updateTime: undefined,
          createBy: undefined,
          updateBy: undefined,
        }),
      ).message,
    ).toBe('更新成功！');
    expect(
      json(
        await call('POST', '/sys/permission/addPermissionRule', {
          permissionId: childId,
          ruleName: 'sql',
          ruleColumn: 'id',
          ruleConditions: 'USE_SQL_RULES',
          ruleValue: '1=1; drop table sys_user',
        }),
      ).success,
    ).toBe(false);
    expect(
      json(
        await call('POST', '/sys/permission/addPermissionRule', {
          permissionId: childId,
          ruleName: 'col',
          ruleColumn: 'id; drop',
          ruleConditions: '=',
          ruleValue: '1',
        }),
      ).success,
    ).toBe(false);
    await call('DELETE', `/sys/permission/deletePermissionRule?id=${rules[0].id}`);
    expect((await db.select().from(sysPermission).where(eq(sysPermission.id, childId)))[0].ruleFlag).toBe(0);
  });

  it('getSystemMenuList, getSystemSubmenu, getSystemSubmenuBatch, queryTreeList', async () => {
    expect(json(await call('GET', '/sys/permission/getSystemMenuList')).result.map((m: { id: string }) => m.id)).toContain(topId);
    expect(json(await call('GET', `/sys/permission/getSystemSubmenu?parentId=${topId}`)).result.map((m: { id: string }) => m.id)).toEqual([childId]);
    const batch = json(await call('GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${topId},${childId}`)).result;
    expect(batch[topId]).toHaveLength(1);
    expect(batch[childId]).toHaveLength(1);
    const q = json(await call('GET', '/sys/permission/queryTreeList')).result;
    expect(q.ids).toContain(childId);
    expect(q.treeList.find((n: { key: string }) => n.key === topId)).toMatchObject({ title: '维权管理', value: topId, label: '维权管理' });
  });

  it('delete removes the row, its descendants and every grant of them, and the parent becomes a leaf again', async () => {
    expect(json(await call('DELETE', `/sys/permission/delete?id=${childId}`)).message).toBe('删除成功!');
    expect(await db.select().from(sysPermission).where(eq(sysPermission.parentId, childId))).toEqual([]);
    expect(await db.select().from(sysRolePermission).where(eq(sysRolePermission.permissionId, childId))).toEqual([]);
    expect((await db.select().from(sysPermission).where(eq(sysPermission.id, topId)))[0].isLeaf).toBe(1);
  });
});
