import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { newId } from '../platform/db/ids.ts';
import { sysPermission } from '../modules/identity/permission/permission.table.ts';
import { sysRolePermission } from '../modules/identity/role/role.table.ts';

/** Role ids are fixed so that later seed units (menus of later screens) can grant to them by id. */
export const RoleId = {
  admin: 'f6817f48af4fb3af11b9e8bf182f618b',
  reviewer: 'r0000000000000000000000000000001',
  finance: 'r0000000000000000000000000000002',
  agency: 'r0000000000000000000000000000003',
  holder: 'r0000000000000000000000000000004',
} as const;

export { HOME_PERMISSION_ID } from '../modules/core/ids/menus.ts';

/** Stable id of the button row that carries a permission code, so a screen's menu seed can adopt it. */
export const buttonId = (code: string) => `btn:${code}`.slice(0, 36);

/**
 * Button rows (menu_type 2) carrying permission codes, granted to the administrator. Buttons never
 * appear in the menu tree; the screen's own seed unit later sets their parent menu.
 */
export async function seedButtons(db: Db, buttons: { code: string; name: string }[], roleIds: string[] = [RoleId.admin]) {
  for (const [i, b] of buttons.entries()) await seedButton(db, b.code, b.name, i + 1, roleIds);
}

async function seedButton(db: Db, code: string, name: string, sortNo: number, roleIds: string[]) {
  const id = buttonId(code);
  await db
    .insert(sysPermission)
    .values({ id, parentId: null, name, perms: code, permsType: '1', menuType: 2, sortNo, status: '1', createBy: 'system' })
    .onConflictDoNothing();
  for (const roleId of roleIds) {
    await db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: id, operateDate: new Date() }).onConflictDoNothing();
  }
}

export type MenuScreen = {
  /** The row id is `${section id}:${key}`. */
  key: string;
  name: string;
  url: string;
  component: string;
  icon: string;
  /** Button codes (already seeded) that move under this screen. */
  codes: string[];
  /** Roles granted this screen besides the administrator. */
  roles?: string[];
  /** A page kept mounted while another tab shows (spec §2 keepAlive). */
  keepAlive?: boolean;
  /** A route left out of the side menu (an address with a `:param` other screens open). */
  hidden?: boolean;
};

export type MenuSection = {
  id: string;
  name: string;
  url: string;
  icon: string;
  sortNo: number;
  screens: MenuScreen[];
};

const grant = (db: Db, roleId: string, permissionId: string) =>
  db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId, operateDate: new Date() }).onConflictDoNothing();

/**
 * Screens (menu_type 1) under an existing menu row, sorted from startSort, granted to the administrator
 * and to each screen's extra roles (who also get the parent); the screens' button rows move under them.
 */
export async function seedMenuScreens(db: Db, parentId: string, screens: MenuScreen[], startSort = 1): Promise<void> {
  for (const [i, screen] of screens.entries()) {
    const id = `${parentId}:${screen.key}`;
    await db
      .insert(sysPermission)
      .values({
        id,
        parentId,
        name: screen.name,
        url: screen.url,
        component: screen.component,
        menuType: 1,
        sortNo: startSort + i,
        icon: screen.icon,
        isRoute: 1,
        isLeaf: 1,
        keepAlive: screen.keepAlive ? 1 : 0,
        hidden: screen.hidden ? 1 : 0,
        status: '1',
        createBy: 'system',
      })
      .onConflictDoNothing();
    for (const roleId of [RoleId.admin, ...(screen.roles ?? [])]) {
      await grant(db, roleId, parentId);
      await grant(db, roleId, id);
    }
    for (const code of screen.codes)
      await db
        .update(sysPermission)
        .set({ parentId: id })
        .where(eq(sysPermission.id, buttonId(code)));
  }
}

/**
 * A top-level menu (component layouts/RouteView) with its screens, granted to the administrator and
 * to each screen's extra roles (who also get the section); the screens' button rows move under them.
 */
export async function seedMenuSection(db: Db, section: MenuSection): Promise<void> {
  await db
    .insert(sysPermission)
    .values({
      id: section.id,
      parentId: null,
      name: section.name,
      url: section.url,
      component: 'layouts/RouteView',
      menuType: 0,
      sortNo: section.sortNo,
      icon: section.icon,
      isRoute: 1,
      isLeaf: 0,
      status: '1',
      createBy: 'system',
    })
    .onConflictDoNothing();
  await grant(db, RoleId.admin, section.id);
  await seedMenuScreens(db, section.id, section.screens, 1);
}

/**
 * A feature's own menu rows: its permission codes as button rows and, when it has a screen, the screen
 * under its section at a fixed position. Each feature declares one (`<feature>.menu.ts`) and the seed
 * list registers it with `featureMenuUnit`; the section itself is seeded before it.
 */
export type FeatureMenu = {
  /** the seed unit's key; a new key (…:v2) applies a changed menu to existing databases */
  key: string;
  /**
   * permission code → button name (填值规则-查询), granted to the administrator; or name and the roles
   * granted it instead (a customer's own action need not be the administrator's)
   */
  buttons: Record<string, string | { name: string; roles: string[] }>;
  screen?: { parentId: string; sortNo: number } & Omit<MenuScreen, 'codes'>;
};

/** The verbs of a plain screen's buttons, in the order they are numbered. */
export const CRUD_VERBS = { list: '查询', add: '添加', edit: '编辑', delete: '删除' };

/**
 * The administrator's buttons named `实体-动词` (角色-添加): each verb's code taken from the feature's
 * permission constants under the same key, numbered in the verbs' order (CRUD_VERBS unless given).
 */
export function buttonsOf<P extends Record<string, string>>(perm: P, entity: string, verbs?: Partial<Record<keyof P, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries((verbs ?? CRUD_VERBS) as Record<string, string>).map(([key, verb]) => {
      if (!Object.hasOwn(perm, key)) throw new Error(`${entity}: no permission code for ${key}`);
      return [perm[key], `${entity}-${verb}`];
    }),
  );
}

/** The verbs of a screen's 导出 / 导入 buttons. */
export const EXCEL_VERBS = { export: '导出', import: '导入' };

/**
 * A screen's menu whose seed unit is named after its area, screen key and version: `menu:system:role:v1`.
 * A menu given buttons later takes the next version, so a database seeded before gets them at its next start
 * (the rows already there are left as they are).
 */
export const screenMenu = (area: string, screen: NonNullable<FeatureMenu['screen']>, buttons: FeatureMenu['buttons'], version = 1): FeatureMenu => ({
  key: `menu:${area}:${screen.key}:v${version}`,
  buttons,
  screen,
});

export async function seedFeatureMenu(db: Db, menu: FeatureMenu): Promise<void> {
  for (const [i, [code, button]] of Object.entries(menu.buttons).entries()) {
    if (typeof button === 'string') await seedButton(db, code, button, i + 1, [RoleId.admin]);
    else await seedButton(db, code, button.name, i + 1, button.roles);
  }
  if (menu.screen) {
    const { parentId, sortNo, ...screen } = menu.screen;
    await seedMenuScreens(db, parentId, [{ ...screen, codes: Object.keys(menu.buttons) }], sortNo);
  }
}
