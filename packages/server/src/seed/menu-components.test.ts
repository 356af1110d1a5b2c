import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { repoRoot } from '../platform/paths.ts';
import { sysPermission } from '../modules/identity/permission/permission.table.ts';
import { RENAMED_COMPONENTS, STOCK_NAMED_COMPONENTS } from './component-names.ts';
import { sysSeed } from './seed.table.ts';
import { runSeeds } from './seed.ts';

/**
 * The screens of the stock JeecgBoot 2.3 client (ant-design-vue-jeecg, src/views) in the folders our
 * menu uses: a menu component with one of these names makes a stock client load its own screen.
 */
const STOCK_SCREENS = [
  ...['Analysis', 'IndexBdc', 'IndexChart', 'IndexSy', 'IndexTask', 'Monitor', 'Workplace'].map((name) => `dashboard/${name}`),
  ...[
    'AddressList',
    'DataLogList',
    'DepartList',
    'DepartList2',
    'DepartListSync',
    'DepartUserList',
    'DictDeleteList',
    'DictItemList',
    'DictList',
    'LogList',
    'NewPermissionList',
    'PermissionDataRuleList',
    'PermissionList',
    'QuartzJobList',
    'RoleList',
    'RoleUserList',
    'SysAnnouncementList',
    'SysCategoryList',
    'SysCheckRuleList',
    'SysDataSourceList',
    'SysFillRuleList',
    'SysGatewayRouteList',
    'SysOnlineList',
    'SysPositionList',
    'SysUserOnlineList',
    'TenantList',
    'UserAnnouncementList',
    'UserList',
  ].map((name) => `system/${name}`),
];

/**
 * The stock screens whose calls we serve (JEECG-API §3–§5; the README's JEECG-API notes name what differs),
 * so that a stock client may show them for our menu rows. Its 首页 (dashboard/Analysis) opens on the
 * login and visit figures of /sys/loginfo and /sys/visitInfo.
 */
const SERVED_STOCK_SCREENS = [
  'dashboard/Analysis',
  'system/UserList',
  'system/RoleList',
  'system/PermissionList',
  'system/DepartList',
  'system/SysPositionList',
  'system/TenantList',
  'system/AddressList',
  'system/SysAnnouncementList',
  'system/UserAnnouncementList',
  'system/DictList',
  'system/SysCategoryList',
  'system/SysFillRuleList',
  'system/SysCheckRuleList',
  // issue 36: 系统日志, 定时任务 (jobClassName mapped), 数据日志, 多数据源 (its form told in Chinese what is not taken), 路由网关 (the JSON editor)
  'system/LogList',
  'system/QuartzJobList',
  'system/DataLogList',
  'system/SysDataSourceList',
  'system/SysGatewayRouteList',
];

/** The component paths the web registers (packages/web/src/app/routes/screens.ts, its `screens` table). */
function webScreenKeys(): Set<string> {
  const source = readFileSync(join(repoRoot, 'packages/web/src/app/routes/screens.ts'), 'utf8');
  const table = /export const screens[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
  return new Set([...table.matchAll(/^\s{2}['"]([^'"]+)['"]\s*:/gm)].map((m) => m[1]));
}

const isLayout = (component: string) => component.startsWith('layouts/');

describe('menu components: a stock JeecgBoot 2.3 client never shows its own screen for ours (JEECG-API §3.1 "How the frontend maps component strings")', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const menuComponents = async () =>
    (
      await db
        .select({ id: sysPermission.id, component: sysPermission.component })
        .from(sysPermission)
        .where(and(inArray(sysPermission.menuType, [0, 1]), eq(sysPermission.delFlag, 0)))
    ).filter((row): row is { id: string; component: string } => Boolean(row.component));

  it('no seeded menu row names a stock screen whose endpoints we do not serve', async () => {
    const rows = await menuComponents();
    expect(rows.length).toBeGreaterThan(30);
    const mistaken = rows.filter((row) => STOCK_SCREENS.includes(row.component) && !SERVED_STOCK_SCREENS.includes(row.component));
    expect(mistaken).toEqual([]);
    expect(rows.find((row) => row.id === 'menu:isps:workplace')?.component).toBe('sbwq/dashboard/Workplace');
  });

  it('the web has a screen for every component the seeded menu names (spec §2: the menu becomes routes)', async () => {
    const keys = webScreenKeys();
    expect(keys.size).toBeGreaterThan(30);
    const missing = (await menuComponents()).filter((row) => !isLayout(row.component) && !keys.has(row.component));
    expect(missing).toEqual([]);
    for (const [before, after] of Object.entries(RENAMED_COMPONENTS)) {
      expect(keys.has(after), after).toBe(true);
      expect(keys.has(before), `${before} no longer names one of our screens`).toBe(false);
    }
    // issue 36: the stock names open our screens, and so do the names an older menu row may still carry
    for (const [before, after] of Object.entries(STOCK_NAMED_COMPONENTS)) {
      expect(keys.has(after), after).toBe(true);
      expect(keys.has(before), `${before} still opens our screen`).toBe(true);
    }
  });

  it('issue 36: a database seeded before the stock component names gets them at the next start, on both engines', async () => {
    const ids = [
      'menu:isystem:log',
      'menu:isystem:quartzJob',
      'menu:isystem:dataLog',
      'menu:isystem:dataSource',
      'menu:isystem:gatewayRoute',
      'menu:isystem:tableDict',
    ];
    const oldOf = new Map(Object.entries(STOCK_NAMED_COMPONENTS).map(([before, after]) => [after, before]));
    const current = await db.select({ id: sysPermission.id, component: sysPermission.component }).from(sysPermission).where(inArray(sysPermission.id, ids));
    expect(current).toHaveLength(ids.length);
    for (const row of current)
      await db
        .update(sysPermission)
        .set({ component: oldOf.get(row.component ?? '') ?? null })
        .where(eq(sysPermission.id, row.id));
    await db.delete(sysSeed).where(eq(sysSeed.key, 'menu:stock-component-names:v1'));

    expect(await runSeeds(db, { adminPassword: null, seedDemo: false, announce: () => undefined })).toEqual(['menu:stock-component-names:v1']);
    const after = await db.select({ id: sysPermission.id, component: sysPermission.component }).from(sysPermission).where(inArray(sysPermission.id, ids));
    expect(Object.fromEntries(after.map((row) => [row.id, row.component]))).toEqual({
      'menu:isystem:log': 'system/LogList',
      'menu:isystem:quartzJob': 'system/QuartzJobList',
      'menu:isystem:dataLog': 'system/DataLogList',
      'menu:isystem:dataSource': 'system/SysDataSourceList',
      'menu:isystem:gatewayRoute': 'system/SysGatewayRouteList',
      'menu:isystem:tableDict': 'sbwq/system/SysTableDictList',
    });
  });

  it('a database seeded with the old names gets the new ones at the next start', async () => {
    const ids = ['menu:isps:workplace', 'menu:isps:indexChart', 'menu:isps:monitor'];
    const current = await db.select({ id: sysPermission.id, component: sysPermission.component }).from(sysPermission).where(inArray(sysPermission.id, ids));
    const oldOf = new Map(Object.entries(RENAMED_COMPONENTS).map(([before, after]) => [after, before]));
    for (const row of current)
      await db
        .update(sysPermission)
        .set({ component: oldOf.get(row.component ?? '') ?? null })
        .where(eq(sysPermission.id, row.id));
    // an administrator's own row that names one of them moves too: the old name meant our screen
    await db
      .insert(sysPermission)
      .values({ id: 'menu:test:copy', parentId: null, name: '工作台副本', url: '/copy/workplace', component: 'dashboard/Workplace', menuType: 1 });
    await db.delete(sysSeed).where(eq(sysSeed.key, 'menu:own-component-names:v1'));

    expect(await runSeeds(db, { adminPassword: null, seedDemo: false, announce: () => undefined })).toEqual(['menu:own-component-names:v1']);
    const after = await db
      .select({ id: sysPermission.id, component: sysPermission.component })
      .from(sysPermission)
      .where(inArray(sysPermission.id, [...ids, 'menu:test:copy']));
    expect(Object.fromEntries(after.map((row) => [row.id, row.component]))).toEqual({
      'menu:isps:workplace': 'sbwq/dashboard/Workplace',
      'menu:isps:indexChart': 'sbwq/dashboard/IndexChart',
      'menu:isps:monitor': 'sbwq/dashboard/Monitor',
      'menu:test:copy': 'sbwq/dashboard/Workplace',
    });
  });
});
