import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, routeName, type PermissionRow } from './permission.service.ts';
import { createTestApp, json, RoleId } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysPermission } from './permission.table.ts';
import { sysRolePermission } from '../role/role.table.ts';

const row = (over: Partial<PermissionRow>): PermissionRow => ({
  id: newId(),
  parent_id: null,
  name: '菜单',
  url: '/x',
  component: 'x/X',
  component_name: null,
  redirect: null,
  menu_type: 0,
  perms: null,
  perms_type: '0',
  sort_no: 1,
  always_show: 0,
  icon: null,
  is_route: 1,
  is_leaf: 1,
  keep_alive: 0,
  hidden: 0,
  status: '1',
  internal_or_external: 0,
  ...over,
});

describe('JEECG-API §3.1 menu tree', () => {
  it('names a route from component_name, else from the url with / → - and : → @', () => {
    expect(routeName({ component_name: 'RoleList', url: '/isystem/role' })).toBe('RoleList');
    expect(routeName({ component_name: null, url: '/isystem/role' })).toBe('isystem-role');
    expect(routeName({ component_name: null, url: '/online/cgform/:code' })).toBe('online-cgform-@code');
  });

  it('builds roots, recurses only below non-leaf rows, skips buttons, and fills the meta fields', () => {
    const parent = row({ name: '系统管理', url: '/isystem', is_leaf: 0, icon: 'setting', redirect: '/isystem/user', always_show: 1, keep_alive: 1 });
    const child = row({ parent_id: parent.id, menu_type: 1, name: '用户管理', url: '/isystem/user', component: 'system/UserList' });
    const button = row({ parent_id: child.id, menu_type: 2, name: '添加', perms: 'user:add' });
    const orphanOfLeaf = row({ parent_id: child.id, menu_type: 1, name: '不该出现' });
    const [node] = buildMenuTree([parent, child, button, orphanOfLeaf]);
    expect(node).toMatchObject({
      id: parent.id,
      route: '1',
      path: '/isystem',
      name: 'isystem',
      redirect: '/isystem/user',
      alwaysShow: true,
      meta: { title: '系统管理', icon: 'setting', keepAlive: true, internalOrExternal: false },
    });
    expect(node.children).toHaveLength(1);
    expect(node.children![0]).toMatchObject({ name: 'isystem-user', component: 'system/UserList' });
    expect(node.children![0]).not.toHaveProperty('redirect');
    expect(node.children![0]).not.toHaveProperty('children');
  });

  it('an external url gets an md5 path and meta.url; route "0" and hidden are carried for the client to apply', () => {
    const url = 'https://www.cnipa.gov.cn';
    const [ext, notRoute, hidden] = buildMenuTree([row({ url, internal_or_external: 1 }), row({ url: '/a', is_route: 0 }), row({ url: '/b', hidden: 1 })]);
    expect(ext.path).toBe(createHash('md5').update(url).digest('hex'));
    expect(ext.meta).toMatchObject({ url, internalOrExternal: true });
    expect(notRoute.route).toBe('0');
    expect(hidden.hidden).toBe(true);
    expect(ext).not.toHaveProperty('hidden');
  });

  it('a screen whose only children are buttons stays visible (its row is not a leaf, yet it is a page)', () => {
    const screen = row({ url: '/isystem/user', component: 'system/UserList', is_leaf: 0 });
    const [node] = buildMenuTree([screen, row({ parent_id: screen.id, menu_type: 2, perms: 'system:user:add' })]);
    expect(node.hidden).toBeUndefined();
  });

  it('§3 a parent with no visible children is hidden', () => {
    const parent = row({ url: '/p', is_leaf: 0, component: 'layouts/RouteView' });
    const [node] = buildMenuTree([parent, row({ parent_id: parent.id, menu_type: 1, url: '/p/detail', hidden: 1 })]);
    expect(node.hidden).toBe(true);
    expect(node.children).toHaveLength(1);
  });
});

describe('GET /sys/permission/getUserPermissionByToken', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const menuId = newId();
  const buttonId = newId();
  const disabledId = newId();
  await db.insert(sysPermission).values([
    { id: menuId, name: '示例菜单', url: '/demo', component: 'demo/Demo', menuType: 0, sortNo: 5, isLeaf: 1 },
    { id: buttonId, parentId: menuId, name: '新增', menuType: 2, perms: 'demo:add', permsType: '1', status: '1' },
    { id: disabledId, parentId: menuId, name: '删除', menuType: 2, perms: 'demo:delete', permsType: '2', status: '0' },
  ]);
  await db.insert(sysRolePermission).values([
    { id: newId(), roleId: RoleId.reviewer, permissionId: menuId },
    { id: newId(), roleId: RoleId.reviewer, permissionId: buttonId },
    { id: newId(), roleId: RoleId.reviewer, permissionId: disabledId },
  ]);
  await t.createUser({ username: 'rev', password: 'Reviewer123', roleIds: [RoleId.reviewer] });
  await t.createUser({ username: 'norole', password: 'Norole1234' });

  it('answers code 200 查询成功 with the granted menu, auth (enabled grants) and allAuth (every button with status)', async () => {
    const token = await t.loginAs('rev', 'Reviewer123');
    const res = json(await t.inject({ url: t.api(`/sys/permission/getUserPermissionByToken?token=${token}`), headers: { 'X-Access-Token': token } }));
    expect(res).toMatchObject({ success: true, code: 200, message: '查询成功' });
    const titles = res.result.menu.map((m: { meta: { title: string } }) => m.meta.title);
    expect(titles[0]).toBe('首页');
    expect(titles).toContain('示例菜单');
    expect(res.result.menu[0]).toMatchObject({ path: '/dashboard/analysis', component: 'dashboard/Analysis', name: 'dashboard-analysis' });
    expect(res.result.auth).toContainEqual({ action: 'demo:add', type: '1', describe: '新增' });
    expect(res.result.auth.map((a: { action: string }) => a.action)).not.toContain('demo:delete');
    expect(res.result.allAuth).toEqual(
      expect.arrayContaining([
        { action: 'demo:add', type: '1', describe: '新增', status: '1' },
        { action: 'demo:delete', type: '2', describe: '删除', status: '0' },
      ]),
    );
  });

  it('a user with no grants still gets the 首页 row', async () => {
    const token = await t.loginAs('norole', 'Norole1234');
    const res = json(await t.inject({ url: t.api('/sys/permission/getUserPermissionByToken'), headers: { 'X-Access-Token': token } }));
    // 在线开发 comes with every answer as stock queryByUser gives the online rows to all (hidden: nothing below it is granted);
    // 个人中心 / 账户设置 are hidden entries every signed-in user has (#27)
    expect(res.result.menu.map((m: { name: string; hidden?: boolean }) => [m.name, m.hidden ?? false])).toEqual([
      ['dashboard-analysis', false],
      ['online', true],
      ['account', true],
    ]);
    expect(res.result.auth).toEqual([]);
  });
});
