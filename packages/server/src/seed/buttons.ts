import type { Db } from '../platform/db/client.ts';
import { newId } from '../platform/db/ids.ts';
import { sysPermission } from '../modules/system/permission/permission.table.ts';
import { sysRolePermission } from '../modules/system/role/role.table.ts';

/** Role ids are fixed so that later seed units (menus of later screens) can grant to them by id. */
export const RoleId = {
  admin: 'f6817f48af4fb3af11b9e8bf182f618b',
  reviewer: 'r0000000000000000000000000000001',
  finance: 'r0000000000000000000000000000002',
  agency: 'r0000000000000000000000000000003',
  holder: 'r0000000000000000000000000000004',
} as const;

export const HOME_PERMISSION_ID = '9502685863ab87f0ad1134142788a385';

/** Stable id of the button row that carries a permission code, so a screen's menu seed can adopt it. */
export const buttonId = (code: string) => `btn:${code}`.slice(0, 36);

/**
 * Button rows (menu_type 2) carrying permission codes, granted to the administrator. Buttons never
 * appear in the menu tree; the screen's own seed unit later sets their parent menu.
 */
export async function seedButtons(db: Db, buttons: { code: string; name: string }[], roleIds: string[] = [RoleId.admin]) {
  for (const [i, b] of buttons.entries()) {
    const id = buttonId(b.code);
    await db
      .insert(sysPermission)
      .values({ id, parentId: null, name: b.name, perms: b.code, permsType: '1', menuType: 2, sortNo: i + 1, status: '1', createBy: 'system' })
      .onConflictDoNothing();
    for (const roleId of roleIds) {
      await db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: id, operateDate: new Date() }).onConflictDoNothing();
    }
  }
}
