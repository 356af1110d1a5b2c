import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AddressPerm, DepartPerm, PermissionPerm, PositionPerm, RolePerm, TenantPerm, UserPerm } from '@sbwq/contracts';
import { createTestApp, RoleId } from '../test/harness.ts';
import { buttonId } from './buttons.ts';
import { sysPermission } from '../modules/identity/permission/permission.table.ts';
import { sysRolePermission } from '../modules/identity/role/role.table.ts';

describe('系统管理: the section row and its first seven screens, whichever unit seeds each', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const screens = [
    { key: 'user', sortNo: 1, name: '用户管理', url: '/isystem/user', component: 'system/UserList', icon: 'user', codes: Object.values(UserPerm) },
    { key: 'role', sortNo: 2, name: '角色管理', url: '/isystem/roleUserList', component: 'system/RoleList', icon: 'team', codes: Object.values(RolePerm) },
    {
      key: 'permission',
      sortNo: 3,
      name: '菜单管理',
      url: '/isystem/permission',
      component: 'system/PermissionList',
      icon: 'appstore',
      codes: Object.values(PermissionPerm),
    },
    { key: 'depart', sortNo: 4, name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', icon: 'cluster', codes: Object.values(DepartPerm) },
    {
      key: 'position',
      sortNo: 5,
      name: '职务管理',
      url: '/isystem/position',
      component: 'system/SysPositionList',
      icon: 'solution',
      codes: Object.values(PositionPerm),
    },
    { key: 'tenant', sortNo: 6, name: '租户管理', url: '/isystem/tenant', component: 'system/TenantList', icon: 'bank', codes: Object.values(TenantPerm) },
    {
      key: 'addressList',
      sortNo: 7,
      name: '通讯录',
      url: '/isystem/addressList',
      component: 'system/AddressList',
      icon: 'profile',
      codes: Object.values(AddressPerm),
    },
  ];
  const idOf = (key: string) => `menu:isystem:${key}`;
  const grantees = async (id: string) =>
    new Set((await db.select({ roleId: sysRolePermission.roleId }).from(sysRolePermission).where(eq(sysRolePermission.permissionId, id))).map((g) => g.roleId));

  it('each screen keeps its id, place, address, component and icon, with its buttons under it', async () => {
    const found = await db
      .select()
      .from(sysPermission)
      .where(
        inArray(
          sysPermission.id,
          screens.map((s) => idOf(s.key)),
        ),
      );
    for (const screen of screens) {
      const row = found.find((r) => r.id === idOf(screen.key));
      expect(row, screen.key).toMatchObject({
        parentId: 'menu:isystem',
        sortNo: screen.sortNo,
        name: screen.name,
        url: screen.url,
        component: screen.component,
        icon: screen.icon,
        menuType: 1,
      });
      const buttons = await db
        .select({ parentId: sysPermission.parentId })
        .from(sysPermission)
        .where(inArray(sysPermission.id, screen.codes.map(buttonId)));
      expect(
        buttons.map((b) => b.parentId),
        screen.key,
      ).toEqual(screen.codes.map(() => idOf(screen.key)));
    }
    const [section] = await db.select().from(sysPermission).where(eq(sysPermission.id, 'menu:isystem'));
    expect(section).toMatchObject({ name: '系统管理', url: '/isystem', component: 'layouts/RouteView', sortNo: 90, icon: 'setting', menuType: 0 });
  });

  it('通讯录 (screen, button and section) is granted to reviewers and finance as well; the other screens to the administrator only', async () => {
    for (const screen of screens) {
      const expected = screen.key === 'addressList' ? [RoleId.admin, RoleId.reviewer, RoleId.finance] : [RoleId.admin];
      expect(await grantees(idOf(screen.key)), screen.key).toEqual(new Set(expected));
    }
    expect(await grantees(buttonId(AddressPerm.list))).toEqual(new Set([RoleId.admin, RoleId.reviewer, RoleId.finance]));
    expect(await grantees(buttonId(UserPerm.import))).toEqual(new Set([RoleId.admin]));
    const section = await grantees('menu:isystem');
    expect([RoleId.admin, RoleId.reviewer, RoleId.finance].every((id) => section.has(id))).toBe(true);
  });
});
