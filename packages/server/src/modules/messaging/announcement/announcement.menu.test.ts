import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, RoleId } from '../../../test/harness.ts';
import { findMenuNode, userPermissions } from '../../../test/menus.ts';
import { buttonId } from '../../../seed/buttons.ts';
import { sysPermission } from '../../identity/permission/permission.table.ts';
import { sysRolePermission } from '../../identity/role/role.table.ts';

describe('menu rows of the announcement screens (spec §2 route table, §6)', async () => {
  const t = await createTestApp();
  const menuOf = (token: string) => userPermissions(t, token);

  it('the administrator gets 通告管理 (system/SysAnnouncementList) under 系统管理 with the system:announcement:* buttons, which hang under it', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const { menu, auth } = await menuOf(admin);
    const system = findMenuNode(menu, 'menu:isystem');
    const screen = system?.children?.find((node) => node.id === 'menu:isystem:announcement');
    expect(screen).toMatchObject({ path: '/isystem/annountCement', component: 'system/SysAnnouncementList', meta: { title: '通告管理' } });
    expect(auth.map((a) => a.action)).toEqual(expect.arrayContaining(['list', 'add', 'edit', 'delete', 'release'].map((a) => `system:announcement:${a}`)));
    const [button] = await t.database.db
      .select({ parentId: sysPermission.parentId })
      .from(sysPermission)
      .where(eq(sysPermission.id, buttonId('system:announcement:release')));
    expect(button.parentId).toBe('menu:isystem:announcement');
  });

  it('every role is granted 个人办公 → 我的消息 at /isps/userAnnouncement (system/UserAnnouncementList); staff roles see it in their menu, without 通告管理', async () => {
    const granted = await t.database.db
      .select({ roleId: sysRolePermission.roleId })
      .from(sysRolePermission)
      .where(eq(sysRolePermission.permissionId, 'menu:isps:userAnnouncement'));
    expect(granted.map((g) => g.roleId).sort()).toEqual(Object.values(RoleId).sort());
    // Organisation roles (agency, holder) see only onboarding pages until their organisation is
    // certified (DOMAIN.md), so the menu check is made with the association's roles.
    for (const roleId of [RoleId.admin, RoleId.reviewer, RoleId.finance]) {
      const username = `menu.${roleId.slice(-4)}`;
      await t.createUser({ username, password: 'Menu123456', roleIds: [roleId] });
      const { menu } = await menuOf(await t.loginAs(username, 'Menu123456'));
      const section = findMenuNode(menu, 'menu:isps');
      expect(section, roleId).toMatchObject({ path: '/isps', meta: { title: '个人办公' } });
      expect(section?.children?.[0]).toMatchObject({
        id: 'menu:isps:userAnnouncement',
        path: '/isps/userAnnouncement',
        component: 'system/UserAnnouncementList',
        meta: { title: '我的消息' },
      });
      if (roleId !== RoleId.admin) expect(findMenuNode(menu, 'menu:isystem:announcement'), roleId).toBeUndefined();
    }
  });
});
