import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DataRuleBody, DataRuleQuery, PermissionBody, PermissionTreeNode } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { formatDateTime, withDateTexts } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { sysDepartPermission, sysDepartRolePermission } from '../depart/depart.table.ts';
import { sysRolePermission } from '../role/role.table.ts';
import { readRoleGrants } from '../role/role-grants.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';
import { sysPermission, sysPermissionDataRule } from './permission.table.ts';

type Row = typeof sysPermission.$inferSelect;
export type { PermissionTreeNode };

/** `menuTypes`: the menu_type dictionary (value → text), for `menuType_dictText`. */
export function toTreeNode(row: Row, menuTypes: Map<string, string>): PermissionTreeNode {
  return {
    id: row.id,
    key: row.id,
    title: row.name,
    parentId: row.parentId,
    name: row.name,
    perms: row.perms,
    permsType: row.permsType,
    icon: row.icon,
    component: row.component,
    componentName: row.componentName,
    url: row.url,
    redirect: row.redirect,
    sortNo: row.sortNo,
    menuType: row.menuType,
    menuType_dictText: menuTypes.get(String(row.menuType)) ?? '',
    leaf: row.isLeaf === 1,
    isLeaf: row.isLeaf === 1,
    route: row.isRoute === 1,
    keepAlive: row.keepAlive === 1,
    description: row.description,
    delFlag: row.delFlag,
    ruleFlag: row.ruleFlag,
    alwaysShow: row.alwaysShow === 1,
    hidden: row.hidden === 1,
    status: row.status,
    internalOrExternal: row.internalOrExternal === 1,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
  };
}

export function allRows(db: Db): Promise<Row[]> {
  return db.select().from(sysPermission).where(eq(sysPermission.delFlag, 0)).orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** Nests rows under their parents; rows whose parent is missing become roots so nothing is lost. */
export function nest<T extends { id: string; parentId: string | null; children?: T[] }>(items: T[], withEmptyChildren: (item: T) => boolean): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: T[] = [];
  for (const item of items) {
    if (withEmptyChildren(item)) item.children ??= [];
    const parent = item.parentId ? byId.get(item.parentId) : undefined;
    if (parent && parent !== item) (parent.children ??= []).push(item);
    else roots.push(item);
  }
  return roots;
}

export async function permissionTree(db: Db, menuTypes: Map<string, string>): Promise<PermissionTreeNode[]> {
  return nest(
    (await allRows(db)).map((row) => toTreeNode(row, menuTypes)),
    (n) => !n.isLeaf,
  );
}

export type SelectNode = {
  key: string;
  title: string;
  slotTitle: string;
  label: string;
  value: string;
  icon: string | null;
  parentId: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  menuType: number;
  children?: SelectNode[];
  id: string;
};

/** Tree for grant drawers: {treeList, ids} (JEECG-API §3.2 queryTreeList; the role variant has the same keys plus ruleFlag). */
export async function selectTree(db: Db, only?: Set<string>) {
  const list = (await allRows(db)).filter((r) => !only || only.has(r.id));
  const nodes: SelectNode[] = list.map((r) => ({
    id: r.id,
    key: r.id,
    value: r.id,
    title: r.name,
    slotTitle: r.name,
    label: r.name,
    icon: r.icon,
    parentId: r.parentId,
    isLeaf: r.isLeaf === 1,
    ruleFlag: r.ruleFlag,
    menuType: r.menuType,
  }));
  return { treeList: nest(nodes, () => false), ids: list.map((r) => r.id) };
}

/** JEECG-API §3.1 intelligentProcessData: component and url normalised as the stock server does. */
function normalise(body: PermissionBody) {
  let component =
    body.component
      ?.replace(/^\/+/, '')
      .replace(/^src\/views\//, '')
      .replace(/^views\//, '')
      .replace(/\.vue$/, '') ?? null;
  let url = body.url;
  if (url && /^\s*(javascript|data|vbscript):/i.test(url)) throw new BizError('菜单路径只能是站内路径或 http(s) 地址');
  if (url && !/^(https?:\/\/|\/|\{\{)/.test(url)) url = `/${url}`;
  if (body.menuType === 0 && !component) component = 'layouts/RouteView';
  return { component, url };
}

async function checkParent(db: Db, body: PermissionBody, selfId?: string): Promise<string | null> {
  if (body.menuType === 0) return null;
  if (!body.parentId) throw new BizError(body.menuType === 1 ? '子菜单必须选择上级菜单' : '按钮权限必须选择上级菜单');
  const [parent] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.id, body.parentId), eq(sysPermission.delFlag, 0)));
  if (!parent) throw new BizError('上级菜单不存在');
  if (parent.menuType === 2) throw new BizError('上级不能是按钮权限');
  if (selfId) {
    // Refuse cycles: the new parent may not be the row itself or one of its descendants.
    const all = await allRows(db);
    let cursor: Row | undefined = parent;
    while (cursor) {
      if (cursor.id === selfId) throw new BizError('上级菜单不能是自己或自己的下级');
      cursor = cursor.parentId ? all.find((r) => r.id === cursor!.parentId) : undefined;
    }
  }
  return parent.id;
}

function values(body: PermissionBody, component: string | null, url: string | null) {
  return {
    name: body.name,
    url,
    component,
    componentName: body.componentName,
    redirect: body.redirect,
    menuType: body.menuType,
    perms: body.perms,
    permsType: body.permsType,
    sortNo: body.sortNo,
    icon: body.icon,
    isRoute: body.menuType === 2 ? 0 : body.route,
    keepAlive: body.keepAlive,
    hidden: body.hidden,
    alwaysShow: body.alwaysShow,
    internalOrExternal: body.internalOrExternal,
    status: body.status,
    description: body.description,
  };
}

async function refreshLeaf(db: Db, id: string | null) {
  if (!id) return;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysPermission)
    .where(and(eq(sysPermission.parentId, id), eq(sysPermission.delFlag, 0)));
  await db
    .update(sysPermission)
    .set({ isLeaf: n > 0 ? 0 : 1 })
    .where(eq(sysPermission.id, id));
}

export async function addPermission({ db, user: actor }: ResourceCtx, body: PermissionBody) {
  const parentId = await checkParent(db, body);
  const { component, url } = normalise(body);
  const id = newId();
  await db.transaction(async (t) => {
    await t.insert(sysPermission).values({ id, parentId, ...values(body, component, url), isLeaf: 1, delFlag: 0, ...created(actor) });
    await refreshLeaf(t, parentId);
  });
  return id;
}

export async function editPermission({ db, user: actor }: ResourceCtx, body: PermissionBody) {
  if (!body.id) throw new BizError('缺少菜单ID');
  const [row] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.id, body.id), eq(sysPermission.delFlag, 0)));
  if (!row) throw new BizError('未找到对应菜单');
  const parentId = await checkParent(db, body, body.id);
  const { component, url } = normalise(body);
  await db.transaction(async (t) => {
    await t
      .update(sysPermission)
      .set({ parentId, ...values(body, component, url), ...updated(actor) })
      .where(eq(sysPermission.id, body.id!));
    await refreshLeaf(t, parentId);
    if (row.parentId !== parentId) await refreshLeaf(t, row.parentId);
  });
}

/** Deletes rows with all their descendants, data rules and every role / department link (JEECG-API §3.1). */
export async function deletePermissions({ db, user: actor }: ResourceCtx, ids: string[]) {
  if (ids.length === 0) throw new BizError('请选择菜单');
  const all = await allRows(db);
  const doomed = new Set<string>();
  const collect = (id: string) => {
    if (doomed.has(id)) return;
    doomed.add(id);
    for (const child of all.filter((r) => r.parentId === id)) collect(child.id);
  };
  ids.forEach(collect);
  const list = [...doomed];
  const parents = new Set(
    all
      .filter((r) => ids.includes(r.id))
      .map((r) => r.parentId)
      .filter((p): p is string => Boolean(p) && !doomed.has(p!)),
  );
  // the roles that held any of them lose those grants: each role's grants get a version
  const holders = [
    ...new Set(
      (await db.select({ roleId: sysRolePermission.roleId }).from(sysRolePermission).where(inArray(sysRolePermission.permissionId, list))).map((g) => g.roleId),
    ),
  ];
  await withVersions(db, actor, DataTable.grant, holders, readRoleGrants, async (t) => {
    await t.delete(sysPermission).where(inArray(sysPermission.id, list));
    await t.delete(sysPermissionDataRule).where(inArray(sysPermissionDataRule.permissionId, list));
    await t.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, list));
    await t.delete(sysDepartPermission).where(inArray(sysDepartPermission.permissionId, list));
    await t.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.permissionId, list));
    for (const p of parents) await refreshLeaf(t, p);
  });
}

export async function systemMenus(db: Db, menuTypes: Map<string, string>) {
  const found = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), eq(sysPermission.menuType, 0)))
    .orderBy(asc(sysPermission.sortNo));
  return found.map((row) => toTreeNode(row, menuTypes));
}

export async function submenus(db: Db, parentIds: string[], menuTypes: Map<string, string>) {
  const found = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.parentId, parentIds)))
    .orderBy(asc(sysPermission.sortNo));
  return found.map((row) => toTreeNode(row, menuTypes));
}

/** The direct children of each parent, every parent named even without any. */
export async function submenusByParent(db: Db, parentIds: string[], menuTypes: Map<string, string>) {
  const children = await submenus(db, parentIds, menuTypes);
  const map: Record<string, typeof children> = Object.fromEntries(parentIds.map((id) => [id, []]));
  for (const child of children) map[child.parentId!]?.push(child);
  return map;
}

async function ruleRecords(db: Db, where: SQL | undefined) {
  return (await db.select().from(sysPermissionDataRule).where(where).orderBy(desc(sysPermissionDataRule.createTime))).map((r) => withDateTexts(r));
}

export function rulesOfMenu(db: Db, permissionId: string) {
  return ruleRecords(db, eq(sysPermissionDataRule.permissionId, permissionId));
}

/** Rules matching every value given, exactly. */
export function findRules(db: Db, q: DataRuleQuery) {
  const conds: SQL[] = [];
  if (q.permissionId) conds.push(eq(sysPermissionDataRule.permissionId, q.permissionId));
  if (q.ruleName) conds.push(eq(sysPermissionDataRule.ruleName, q.ruleName));
  if (q.ruleColumn) conds.push(eq(sysPermissionDataRule.ruleColumn, q.ruleColumn));
  if (q.ruleValue) conds.push(eq(sysPermissionDataRule.ruleValue, q.ruleValue));
  return ruleRecords(db, and(...conds));
}

async function markRuleFlag(db: Db, permissionId: string) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysPermissionDataRule)
    .where(eq(sysPermissionDataRule.permissionId, permissionId));
  await db
    .update(sysPermission)
    .set({ ruleFlag: n > 0 ? 1 : 0 })
    .where(eq(sysPermission.id, permissionId));
}

export async function saveRule(db: Db, actor: SessionUser, body: DataRuleBody) {
  const [menu] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.id, body.permissionId), eq(sysPermission.delFlag, 0)));
  if (!menu || menu.menuType === 2) throw new BizError('数据规则只能配置在菜单上');
  const fields = { ruleName: body.ruleName, ruleColumn: body.ruleColumn, ruleConditions: body.ruleConditions, ruleValue: body.ruleValue, status: body.status };
  await db.transaction(async (t) => {
    if (body.id) {
      const changed = await t
        .update(sysPermissionDataRule)
        .set({ ...fields, ...updated(actor) })
        .where(and(eq(sysPermissionDataRule.id, body.id), eq(sysPermissionDataRule.permissionId, body.permissionId)))
        .returning();
      if (changed.length === 0) throw new BizError('未找到对应数据规则');
    } else {
      await t.insert(sysPermissionDataRule).values({ id: newId(), permissionId: body.permissionId, ...fields, ...created(actor) });
    }
    await markRuleFlag(t, body.permissionId);
  });
}

export async function deleteRule(db: Db, id: string) {
  const [rule] = await db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, id));
  if (!rule) throw new BizError('未找到对应数据规则');
  await db.transaction(async (t) => {
    await t.delete(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, id));
    await markRuleFlag(t, rule.permissionId);
  });
}

export const resource = { add: addPermission, edit: editPermission, remove: deletePermissions };
