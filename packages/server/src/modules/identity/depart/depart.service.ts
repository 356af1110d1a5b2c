import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { DepartBody, DepartTreeNode } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitList } from '../../../platform/http/ids.ts';
import { hasRole } from '../../../platform/access/access.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import { sysPermission } from '../permission/permission.table.ts';
import { sysUser, sysUserDepart } from '../user/user.table.ts';
import { findUserById } from '../user/user.service.ts';
import { listUsers } from '../user/user.admin.service.ts';
import { sysDepart, sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './depart.table.ts';
import { nextOrgCode } from './org-code.ts';

type Row = typeof sysDepart.$inferSelect;

export function toTreeNode(row: Row): DepartTreeNode {
  return {
    id: row.id,
    key: row.id,
    value: row.id,
    title: row.departName,
    isLeaf: true,
    parentId: row.parentId,
    departName: row.departName,
    departNameEn: row.departNameEn,
    departNameAbbr: row.departNameAbbr,
    departOrder: row.departOrder,
    description: row.description,
    orgCategory: row.orgCategory,
    orgType: row.orgType,
    orgCode: row.orgCode,
    mobile: row.mobile,
    fax: row.fax,
    address: row.address,
    memo: row.memo,
    status: row.status,
    delFlag: row.delFlag,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
    children: [],
  };
}

export function activeDeparts(db: Db): Promise<Row[]> {
  return db.select().from(sysDepart).where(eq(sysDepart.delFlag, '0')).orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
}

/** Builds the tree in one pass; a row whose parent is gone shows as a root rather than vanishing. */
export function buildTree(list: Row[]): DepartTreeNode[] {
  const nodes = new Map(list.map((r) => [r.id, toTreeNode(r)]));
  const roots: DepartTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) {
      parent.children.push(node);
      parent.isLeaf = false;
    } else roots.push(node);
  }
  return roots;
}

export type IdNode = { key: string; value: string; title: string; children?: IdNode[] };
export const toIdTree = (nodes: DepartTreeNode[]): IdNode[] =>
  nodes.map((n) => ({ key: n.id, value: n.id, title: n.departName, ...(n.children.length ? { children: toIdTree(n.children) } : {}) }));

function generateOrgCode(db: Db, parent: Row | null): Promise<string> {
  return nextChildOrgCode(db, parent?.id ?? '', parent?.orgCode ?? '');
}

/** The org code the next department under `parentId` (empty: top level) gets; 填值规则 OrgCodeRule previews it. */
export async function nextChildOrgCode(db: Db, parentId: string, parentCode: string): Promise<string> {
  const [last] = await db.select({ code: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.parentId, parentId)).orderBy(desc(sysDepart.orgCode)).limit(1);
  return nextOrgCode(parentCode, last?.code ?? null);
}

/** The columns the form writes, on add and on edit alike (the code and level follow the place in the tree). */
const formValues = (body: DepartBody) => ({
  departName: body.departName,
  departNameEn: body.departNameEn,
  departNameAbbr: body.departNameAbbr,
  departOrder: body.departOrder,
  description: body.description,
  orgCategory: body.orgCategory,
  mobile: body.mobile,
  fax: body.fax,
  address: body.address,
  memo: body.memo,
  status: body.status,
});

export async function addDepart(db: Db, actor: SessionUser, body: DepartBody): Promise<string> {
  let parent: Row | null = null;
  if (body.parentId) {
    [parent] = await db
      .select()
      .from(sysDepart)
      .where(and(eq(sysDepart.id, body.parentId), eq(sysDepart.delFlag, '0')));
    if (!parent) throw new BizError('上级部门不存在');
  }
  if (!parent && body.orgCategory !== '1') throw new BizError('顶级机构的类别只能是公司');
  const id = newId();
  // Siblings added at the same moment would compute the same next code: serialise per parent.
  await db.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`sys_depart:${parent?.id ?? ''}`}))`);
    const orgCode = await generateOrgCode(t, parent);
    await t.insert(sysDepart).values({
      id,
      parentId: parent?.id ?? '',
      ...formValues(body),
      orgType: String(orgCode.length / 3),
      orgCode,
      delFlag: '0',
      ...created(actor),
    });
  });
  return id;
}

export async function editDepart({ db, user: actor }: ResourceCtx, body: DepartBody) {
  if (!body.id) throw new BizError('缺少部门ID');
  const [row] = await db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.id, body.id), eq(sysDepart.delFlag, '0')));
  if (!row) throw new BizError('未找到对应部门');
  if (!row.parentId && body.orgCategory !== '1') throw new BizError('顶级机构的类别只能是公司');
  await db
    .update(sysDepart)
    .set({
      ...formValues(body),
      ...updated(actor),
    })
    .where(eq(sysDepart.id, body.id));
}

/** A department is deleted only when empty: no sub-departments and no users. */
export async function deleteDeparts({ db }: ResourceCtx, ids: string[]) {
  if (ids.length === 0) throw new BizError('请选择部门');
  const rows = await db
    .select()
    .from(sysDepart)
    .where(and(inArray(sysDepart.id, ids), eq(sysDepart.delFlag, '0')));
  if (rows.length !== ids.length) throw new BizError('未找到对应部门');
  for (const row of rows) {
    const [child] = await db
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(and(eq(sysDepart.parentId, row.id), eq(sysDepart.delFlag, '0')))
      .limit(1);
    if (child && !ids.includes(child.id)) throw new BizError(`「${row.departName}」下还有下级部门，请先删除下级部门`);
    const [user] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysUserDepart)
      .innerJoin(sql`sys_user u`, sql`u.id = ${sysUserDepart.userId} and u.del_flag = 0`)
      .where(eq(sysUserDepart.depId, row.id));
    if (user.n > 0) throw new BizError(`「${row.departName}」下还有 ${user.n} 个用户，请先移出用户`);
  }
  await db.transaction(async (t) => {
    const roles = await t.select({ id: sysDepartRole.id }).from(sysDepartRole).where(inArray(sysDepartRole.departId, ids));
    const roleIds = roles.map((r) => r.id);
    if (roleIds.length) {
      await t.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roleIds));
      await t.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, roleIds));
      await t.delete(sysDepartRole).where(inArray(sysDepartRole.id, roleIds));
    }
    await t.delete(sysDepartPermission).where(inArray(sysDepartPermission.departId, ids));
    await t.delete(sysUserDepart).where(inArray(sysUserDepart.depId, ids));
    await t.delete(sysDepart).where(inArray(sysDepart.id, ids));
  });
}

/** Departments whose name contains the keyword; with `mine`, only among the user's own departments. */
export async function searchDeparts(db: Db, keyword: string, mineOf: string | null) {
  const within = mineOf === null ? null : splitList((await findUserById(db, mineOf))?.departIds);
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  const conds = [eq(sysDepart.delFlag, '0'), like(sysDepart.departName, `%${escaped}%`)];
  if (within) conds.push(inArray(sysDepart.id, within.length ? within : ['']));
  const found = await db
    .select()
    .from(sysDepart)
    .where(and(...conds))
    .orderBy(asc(sysDepart.orgCode))
    .limit(500);
  return found.map(toTreeNode);
}

/** Grants saved by diff against what the database holds, limited to existing permission rows. */
export async function diffSave<T extends { permissionId: string }>(opts: {
  current: T[];
  wanted: string[];
  remove: (ids: string[]) => Promise<void>;
  add: (ids: string[]) => Promise<void>;
}) {
  const currentIds = opts.current.map((c) => c.permissionId);
  const toAdd = opts.wanted.filter((p) => !currentIds.includes(p));
  const toRemove = currentIds.filter((p) => !opts.wanted.includes(p));
  if (toRemove.length) await opts.remove(toRemove);
  if (toAdd.length) await opts.add(toAdd);
}

/**
 * The tree of the departments a superior (user_identity 2) is in charge of, with their
 * sub-departments; null for anybody else.
 */
export async function myDepartTree(db: Db, userId: string): Promise<DepartTreeNode[] | null> {
  const me = await findUserById(db, userId);
  if (!me || me.userIdentity !== 2) return null;
  const ids = new Set(splitList(me.departIds));
  const all = await activeDeparts(db);
  const codes = all.filter((d) => ids.has(d.id)).map((d) => d.orgCode);
  return buildTree(all.filter((d) => codes.some((c) => d.orgCode.startsWith(c))));
}

export async function departPermissionIds(db: Db, departId: string): Promise<string[]> {
  return (await db.select({ id: sysDepartPermission.permissionId }).from(sysDepartPermission).where(eq(sysDepartPermission.departId, departId))).map(
    (f) => f.id,
  );
}

/** What a department may use, saved by diff; only an administrator sets it, and only existing menu rows. */
export async function saveDepartPermissions(db: Db, actor: SessionUser, departId: string, wanted: string[]) {
  if (!(await hasRole(db, actor.id, 'admin'))) throw new BizError('只有系统管理员可以设置部门权限');
  if (wanted.length) {
    const found = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(inArray(sysPermission.id, wanted), eq(sysPermission.delFlag, 0)));
    if (found.length !== wanted.length) throw new BizError('所选权限不存在');
  }
  await db.transaction(async (t) => {
    await diffSave({
      current: await t.select().from(sysDepartPermission).where(eq(sysDepartPermission.departId, departId)),
      wanted,
      remove: async (ids) =>
        void (await t.delete(sysDepartPermission).where(and(eq(sysDepartPermission.departId, departId), inArray(sysDepartPermission.permissionId, ids)))),
      add: async (ids) => void (await t.insert(sysDepartPermission).values(ids.map((permissionId) => ({ id: newId(), departId, permissionId })))),
    });
  });
}

/** The users of one department (not of its sub-departments). */
export async function listDepartUsers(db: Db, dicts: Parameters<typeof listUsers>[1], query: ListParams, depId: string) {
  return listUsers(db, dicts, query, [sql`${sysUser.id} in (select user_id from sys_user_depart where dep_id = ${depId})`]);
}

export async function addDepartUsers(db: Db, depId: string, userIdList: string[]) {
  const [dep] = await db
    .select()
    .from(sysDepart)
    .where(and(eq(sysDepart.id, depId), eq(sysDepart.delFlag, '0')));
  if (!dep) throw new BizError('部门不存在');
  const users = userIdList.length
    ? await db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(inArray(sysUser.id, userIdList), eq(sysUser.delFlag, 0)))
    : [];
  for (const u of users) await db.insert(sysUserDepart).values({ id: newId(), userId: u.id, depId }).onConflictDoNothing();
}

export async function removeDepartUsers(db: Db, depId: string, userIds: string[]) {
  if (userIds.length) await db.delete(sysUserDepart).where(and(eq(sysUserDepart.depId, depId), inArray(sysUserDepart.userId, userIds)));
}
