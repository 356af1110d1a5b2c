import { inArray } from 'drizzle-orm';
import type { VersionReader } from '../../core/datalog/datalog.service.ts';
import { sysRolePermission } from './role.table.ts';

/**
 * A role's grants as one data-log record (the role's id): each granted menu or button's id, with the data
 * rules granted on it (empty when none), so a version names exactly what was granted or withdrawn. Apart
 * from role.service, so that every module that changes grants (menus deleted, a report added to the menu)
 * records them the same way without importing the role screens' service.
 */
export const readRoleGrants: VersionReader = async (db, roleIds) => {
  const found = await db.select().from(sysRolePermission).where(inArray(sysRolePermission.roleId, roleIds));
  const grants = new Map<string, Record<string, string>>(roleIds.map((id) => [id, {}]));
  for (const g of found) grants.get(g.roleId)![g.permissionId] = g.dataRuleIds ?? '';
  return grants;
};
