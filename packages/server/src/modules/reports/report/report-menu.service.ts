import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AddReportMenuBody } from '@sbwq/contracts';
import { REPORT_LIST_COMPONENT, reportMenuUrl, ReportMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { created } from '../../../platform/db/audit.ts';
import { sysPermission } from '../../identity/permission/permission.table.ts';
import { sysRole, sysRolePermission } from '../../identity/role/role.table.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';
import { readRoleGrants } from '../../identity/role/role-grants.ts';
import { load } from './report.service.ts';

/** The menu row and the rows above it, nearest first (at most 20 levels, as the menu tree reads them). */
async function ancestorsOf(db: Db, permissionId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from sys_permission where id = ${permissionId} and del_flag = 0
          union all
          select p.id, p.parent_id, up.depth + 1 from sys_permission p join up on p.id = up.parent_id where p.del_flag = 0 and up.depth < 20
        ) select id from up order by depth`,
  );
  return found.map((r) => r.id);
}

/**
 * "添加到菜单": a menu row with the stock report list component and the report's code in its address,
 * granted to the chosen roles in the same transaction. The grants bump the `access` version (the
 * deferred triggers on sys_permission / sys_role_permission, as a role-permission save does), so a
 * signed-in user of those roles gets the entry on the next menu fetch.
 */
export async function addReportMenu(db: Db, user: SessionUser, body: AddReportMenuBody): Promise<string> {
  const { head } = await load(db, { id: body.id });
  const url = reportMenuUrl(head.code);
  const [exists] = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(eq(sysPermission.url, url), eq(sysPermission.delFlag, 0)));
  if (exists) throw new BizError(ReportMsg.menuExists);
  const [parent] = await db
    .select({ id: sysPermission.id, menuType: sysPermission.menuType })
    .from(sysPermission)
    .where(and(eq(sysPermission.id, body.parentId), eq(sysPermission.delFlag, 0)));
  if (!parent || parent.menuType === 2) throw new BizError(ReportMsg.parentRequired);
  const roleIds = [...new Set(body.roleIds)];
  if (roleIds.length === 0) throw new BizError(ReportMsg.rolesRequired);
  const id = newId();
  await withVersions(db, user, DataTable.grant, roleIds, readRoleGrants, async (tx) => {
    const roles = await tx.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, roleIds)).for('share');
    if (roles.length !== roleIds.length) throw new BizError(ReportMsg.roleUnknown);
    await tx.insert(sysPermission).values({
      id,
      parentId: parent.id,
      name: head.name,
      url,
      component: REPORT_LIST_COMPONENT,
      menuType: 1,
      sortNo: 50,
      icon: 'table',
      isRoute: 1,
      isLeaf: 1,
      status: '1',
      delFlag: 0,
      ...created(user),
    });
    await tx.update(sysPermission).set({ isLeaf: 0 }).where(eq(sysPermission.id, parent.id));
    // The menu tree shows an entry only under sections the user holds: the section and its ancestors
    // are granted too (as the role grant tree's half-checked parents are), each at most once.
    const granted = [id, ...(await ancestorsOf(tx, parent.id))];
    const at = new Date();
    await tx
      .insert(sysRolePermission)
      .values(roleIds.flatMap((roleId) => granted.map((permissionId) => ({ id: newId(), roleId, permissionId, operateDate: at }))))
      .onConflictDoNothing();
  });
  return id;
}
