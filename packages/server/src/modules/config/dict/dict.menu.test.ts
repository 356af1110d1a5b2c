import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { buttonId } from '../../../seed/buttons.ts';
import { sysPermission } from '../../identity/permission/permission.table.ts';
import { sysRolePermission } from '../../identity/role/role.table.ts';

describe('menu rows of the dictionary screens (spec §2 menu-derived routes, §6)', async () => {
  const t = await createTestApp();
  const screens = [
    { id: 'menu:isystem:dict', path: '/isystem/dict', component: 'system/DictList', title: '数据字典', button: 'system:dictItem:add' },
    { id: 'menu:isystem:category', path: '/isystem/category', component: 'system/SysCategoryList', title: '分类字典', button: 'system:category:add' },
    { id: 'menu:isystem:fillRule', path: '/isystem/fillRule', component: 'system/SysFillRuleList', title: '填值规则', button: 'system:fillRule:edit' },
    { id: 'menu:isystem:checkRule', path: '/isystem/checkRule', component: 'system/SysCheckRuleList', title: '校验规则', button: 'system:checkRule:delete' },
    {
      id: 'menu:isystem:tableDict',
      path: '/isystem/tableDict',
      component: 'sbwq/system/SysTableDictList',
      title: '表字典登记',
      button: 'system:tableDict:add',
    },
  ];

  it('the administrator gets the five screens under 系统管理, after its own, with their buttons hanging under them', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const { menu } = json(await t.inject({ url: t.api(`/sys/permission/getUserPermissionByToken?token=${admin}`), headers: { 'X-Access-Token': admin } }))
      .result as { menu: MenuNode[] };
    const system = menu.find((node) => node.id === 'menu:isystem');
    for (const screen of screens) {
      expect(
        system?.children?.find((node) => node.id === screen.id),
        screen.id,
      ).toMatchObject({ path: screen.path, component: screen.component, meta: { title: screen.title } });
      const [button] = await t.database.db
        .select({ parentId: sysPermission.parentId })
        .from(sysPermission)
        .where(eq(sysPermission.id, buttonId(screen.button)));
      expect(button.parentId, screen.button).toBe(screen.id);
    }
    const ids = screens.map((s) => s.id);
    const rows = await t.database.db.select({ id: sysPermission.id, sortNo: sysPermission.sortNo }).from(sysPermission).where(inArray(sysPermission.id, ids));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.sortNo]))).toEqual(Object.fromEntries(screens.map((s, i) => [s.id, 8 + i])));
  });

  it('only the administrator is granted them', async () => {
    const granted = await t.database.db
      .select({ roleId: sysRolePermission.roleId })
      .from(sysRolePermission)
      .where(
        inArray(
          sysRolePermission.permissionId,
          screens.map((s) => s.id),
        ),
      );
    expect(new Set(granted.map((g) => g.roleId))).toEqual(new Set([RoleId.admin]));
  });
});
