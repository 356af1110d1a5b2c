import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, RoleId } from '../../test/harness.ts';
import { findMenuNode, userPermissions } from '../../test/menus.ts';
import { sysRolePermission } from '../identity/role/role.table.ts';

describe('工作台 menu row (spec §2 view group dashboard: workplace; route table: children built from server menu data)', async () => {
  const t = await createTestApp();
  const menuOf = async (token: string) => (await userPermissions(t, token)).menu;

  it('every role is granted 个人办公 → 工作台 at /dashboard/workplace (sbwq/dashboard/Workplace), after 我的消息', async () => {
    const granted = await t.database.db
      .select({ roleId: sysRolePermission.roleId })
      .from(sysRolePermission)
      .where(eq(sysRolePermission.permissionId, 'menu:isps:workplace'));
    expect(granted.map((g) => g.roleId).sort()).toEqual(Object.values(RoleId).sort());
    for (const roleId of [RoleId.reviewer, RoleId.finance]) {
      const username = `wp.${roleId.slice(-4)}`;
      await t.createUser({ username, password: 'Menu123456', roleIds: [roleId] });
      const section = findMenuNode(await menuOf(await t.loginAs(username, 'Menu123456')), 'menu:isps');
      expect(
        section?.children?.slice(0, 2).map((node) => node.id),
        roleId,
      ).toEqual(['menu:isps:userAnnouncement', 'menu:isps:workplace']);
      expect(section?.children?.[1]).toMatchObject({ path: '/dashboard/workplace', component: 'sbwq/dashboard/Workplace', meta: { title: '工作台' } });
    }
  });
  it('staff (reviewer, finance) also get 任务统计 (/dashboard/indexChart) and 业务监控 (/dashboard/monitor) after 工作台; organisation users do not (spec §2 view group dashboard: task/chart index, monitor)', async () => {
    const section = findMenuNode(await menuOf(await t.loginAs('wp.0001', 'Menu123456')), 'menu:isps');
    expect(section?.children?.slice(2)).toMatchObject([
      { id: 'menu:isps:indexChart', path: '/dashboard/indexChart', component: 'sbwq/dashboard/IndexChart', meta: { title: '任务统计' } },
      { id: 'menu:isps:monitor', path: '/dashboard/monitor', component: 'sbwq/dashboard/Monitor', meta: { title: '业务监控' } },
    ]);
    const granted = await t.database.db
      .select({ roleId: sysRolePermission.roleId })
      .from(sysRolePermission)
      .where(eq(sysRolePermission.permissionId, 'menu:isps:monitor'));
    expect(granted.map((g) => g.roleId).sort()).toEqual([RoleId.admin, RoleId.reviewer, RoleId.finance].sort());
  });
});
