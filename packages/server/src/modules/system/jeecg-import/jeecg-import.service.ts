import { and, eq, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import type { Db } from '../../../platform/db/client.ts';
import { legacyStoredHash } from '../../../platform/auth/jeecg-password.ts';
import { newId } from '../../../platform/db/ids.ts';
import { DataTable, readById, withVersions, type Changer, type DataTableName, type VersionReader } from '../../core/datalog/datalog.service.ts';
import { readUserVersions } from '../user/user-versions.ts';
import { sysCategory } from '../category/category.table.ts';
import { sysDepart } from '../depart/depart.table.ts';
import { sysDict, sysDictItem } from '../dict/dict.table.ts';
import { sysPosition } from '../position/position.table.ts';
import { sysPermission } from '../permission/permission.table.ts';
import { sysRole, sysRolePermission } from '../role/role.table.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../user/user.table.ts';

/**
 * Import of a JeecgBoot 2.3 database (issue 40), read-only on the source (SELECTs only).
 *
 * The conflict rule, per table group: a source row whose id exists here with the same natural key (org code,
 * position code, role code, username, dictionary code, item value) is the same row (a previous import, or one
 * both systems seed alike) and is updated where it differs; a natural key taken here under another id keeps
 * ours, skips theirs and lists it — links to it (a user's roles and departments, a dictionary's items) go to
 * ours; an id taken here by another key skips theirs. Our `admin` user is never changed.
 */
export type GroupReport = { group: string; source: number; added: number; updated: number; unchanged: number; skipped: number };
export type ImportReport = { dryRun: boolean; groups: GroupReport[]; conflicts: string[]; notImported: string[] };

type SourceRow = Record<string, unknown>;
export type Source = { rows: (table: string) => Promise<SourceRow[]>; close: () => Promise<void> };

/** The source database from its mysql:// URL; every read is a SELECT of a fixed table name of the stock schema. */
export async function openSource(url: string): Promise<Source> {
  const conn = await createConnection({ uri: url, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  return {
    rows: async (table) => {
      if (!STOCK_TABLES.has(table)) throw new Error(`not a stock table: ${table}`);
      const [rows] = await conn.query<RowDataPacket[]>(`SELECT * FROM \`${table}\``);
      return rows as SourceRow[];
    },
    close: () => conn.end(),
  };
}

const STOCK_TABLES = new Set(['sys_category', 'sys_permission', 'sys_role_permission', 'sys_depart', 'sys_position', 'sys_role', 'sys_user', 'sys_user_role', 'sys_user_depart', 'sys_dict', 'sys_dict_item']);

/** JeecgBoot writes local times of a Chinese installation (DATETIME, no zone): read as +08:00. */
function time(v: unknown): Date | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const d = new Date(`${v.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}
const str = (v: unknown, max = 255): string | null => (v === null || v === undefined || v === '' ? null : String(v).slice(0, max));
const int = (v: unknown, fallback: number): number => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? fallback : Number(v));
const audit = (r: SourceRow) => ({ createBy: str(r.create_by, 32), createTime: time(r.create_time), updateBy: str(r.update_by, 32), updateTime: time(r.update_time) });

const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : v === undefined ? null : v);
  return norm(a) === norm(b) || (norm(a) !== null && norm(b) !== null && String(norm(a)) === String(norm(b)));
};

type Ctx = { db: Db; dryRun: boolean; report: ImportReport };

/** Who the data log names for what the import wrote. */
const IMPORTER: Changer = { username: 'jeecg-import', realname: 'JeecgBoot 导入' };
type Versions = { table: DataTableName; read: VersionReader };

/**
 * One table group's rows under the conflict rule above; answers source id → our id (null: not brought in).
 * `protect` names rows of ours that are never changed.
 */
async function upsert<T extends PgTable & { id: unknown }>(
  ctx: Ctx,
  group: string,
  table: T,
  keyField: string,
  rows: (Record<string, unknown> & { id: string })[],
  protect: (existing: Record<string, unknown>) => boolean = () => false,
  keyWhere?: (row: Record<string, unknown>) => SQL | undefined,
  keepOnUpdate: string[] = [],
  /** a row's links to rows of the same group already placed (a department's parent) */
  remap: (row: Record<string, unknown> & { id: string }, map: Map<string, string | null>) => Record<string, unknown> & { id: string } = (row) => row,
  versions?: Versions,
): Promise<Map<string, string | null>> {
  const g: GroupReport = { group, source: rows.length, added: 0, updated: 0, unchanged: 0, skipped: 0 };
  ctx.report.groups.push(g);
  const map = new Map<string, string | null>();
  const t = table as unknown as Record<string, never> & PgTable;
  const run = async (db: Db) => {
    for (const source of rows) {
      const row = remap(source, map);
      const [byId] = (await db.select().from(t).where(eq(t.id, row.id))) as Record<string, unknown>[];
      if (byId) {
        if (byId[keyField] !== row[keyField] || protect(byId)) {
          g.skipped++;
          map.set(row.id, null);
          ctx.report.conflicts.push(`${group} ${String(row[keyField])}：${protect(byId) ? '本系统保留的记录，未覆盖' : `编号 ${row.id} 已被本系统的「${String(byId[keyField])}」使用，未导入`}`);
          continue;
        }
        map.set(row.id, row.id);
        const changes = Object.fromEntries(Object.entries(row).filter(([k, v]) => !keepOnUpdate.includes(k) && !same(byId[k], v)));
        if (Object.keys(changes).length === 0) { g.unchanged++; continue; }
        g.updated++;
        if (!ctx.dryRun) await db.update(t).set(changes as never).where(eq(t.id, row.id));
        continue;
      }
      const [byKey] = (await db.select().from(t).where(keyWhere ? keyWhere(row) : eq(t[keyField], row[keyField] as never))) as Record<string, unknown>[];
      if (byKey) {
        g.skipped++;
        map.set(row.id, String(byKey.id));
        ctx.report.conflicts.push(`${group} ${String(row[keyField])}：本系统已有同名记录，保留本系统的，关联改指向它`);
        continue;
      }
      g.added++;
      map.set(row.id, row.id);
      if (!ctx.dryRun) await db.insert(t).values(row as never);
    }
  };
  if (ctx.dryRun) await run(ctx.db);
  // the data log records each user and role the import added or changed, in the group's transaction
  else if (versions) await withVersions(ctx.db, IMPORTER, versions.table, rows.map((r) => r.id), versions.read, run);
  else await ctx.db.transaction((tx) => run(tx as unknown as Db));
  return map;
}

/** Link rows (user ↔ role, user ↔ department): added when both ends were brought in and the link is new. */
async function link(ctx: Ctx, group: string, rows: SourceRow[], make: (r: SourceRow) => Record<string, string> | null, table: PgTable, exists: (db: Db, v: Record<string, string>) => Promise<boolean>) {
  const g: GroupReport = { group, source: rows.length, added: 0, updated: 0, unchanged: 0, skipped: 0 };
  ctx.report.groups.push(g);
  const run = async (db: Db) => {
    for (const r of rows) {
      const v = make(r);
      if (!v) { g.skipped++; continue; }
      if (await exists(db, v)) { g.unchanged++; continue; }
      g.added++;
      if (!ctx.dryRun) await db.insert(table).values({ id: String(r.id ?? r.ID), ...v } as never).onConflictDoNothing();
    }
  };
  if (ctx.dryRun) await run(ctx.db);
  else await ctx.db.transaction((tx) => run(tx as unknown as Db));
}

export async function importJeecg(db: Db, source: Source, options: { dryRun: boolean }): Promise<ImportReport> {
  const report: ImportReport = { dryRun: options.dryRun, groups: [], conflicts: [], notImported: [] };
  const ctx: Ctx = { db, dryRun: options.dryRun, report };

  const departs = (await source.rows('sys_depart')).sort((a, b) => String(a.org_code).length - String(b.org_code).length);
  const sourceDepartIds = new Set(departs.map((r) => String(r.id)));
  const departMap = await upsert(ctx, '部门', sysDepart, 'orgCode', departs.map((r) => ({
    id: String(r.id), parentId: str(r.parent_id, 36) ?? '', departName: str(r.depart_name, 100) ?? '', departNameEn: str(r.depart_name_en, 500),
    departNameAbbr: str(r.depart_name_abbr, 500), departOrder: int(r.depart_order, 0), description: str(r.description, 500),
    orgCategory: str(r.org_category, 10) ?? '1', orgType: str(r.org_type, 10), orgCode: String(r.org_code), mobile: str(r.mobile, 32),
    fax: str(r.fax, 32), address: str(r.address, 100), memo: str(r.memo, 500), status: str(r.status, 1) ?? '1', delFlag: str(r.del_flag, 1) ?? '0', ...audit(r),
  } satisfies InferInsertModel<typeof sysDepart>)), undefined, undefined, [],
  // parents come first (shorter codes): a parent kept as ours (same code, another id) is the parent of the imported children
  (row, map) => {
    if (row.parentId && !sourceDepartIds.has(String(row.parentId))) {
      // the stock dump itself has one (A03A01): a parent that does not exist makes the department a top-level one
      report.conflicts.push(`部门 ${String(row.orgCode)}：上级部门 ${String(row.parentId)} 在源库中不存在，作为顶级部门导入`);
      return { ...row, parentId: '' };
    }
    return { ...row, parentId: (row.parentId && map.get(String(row.parentId))) || row.parentId };
  });

  await upsert(ctx, '职务', sysPosition, 'code', (await source.rows('sys_position')).map((r) => ({
    id: String(r.id), code: String(r.code), name: str(r.name, 100) ?? '', postRank: str(r.post_rank, 2), companyId: str(r.company_id), sysOrgCode: str(r.sys_org_code, 64), ...audit(r),
  } satisfies InferInsertModel<typeof sysPosition>)));

  const roleMap = await upsert(ctx, '角色', sysRole, 'roleCode', (await source.rows('sys_role')).map((r) => ({
    id: String(r.id), roleName: str(r.role_name, 200) ?? '', roleCode: String(r.role_code), description: str(r.description), ...audit(r),
  } satisfies InferInsertModel<typeof sysRole>)), undefined, undefined, [], undefined, { table: DataTable.role, read: readById(sysRole) });

  // Role grants: a stock menu reaches our screen of the same component name, a stock button our button of the same
  // permission code; the rest (their own business screens) is reported as not imported.
  const ours = await db.select({ id: sysPermission.id, parentId: sysPermission.parentId, component: sysPermission.component, perms: sysPermission.perms, menuType: sysPermission.menuType }).from(sysPermission).where(eq(sysPermission.delFlag, 0));
  const byComponent = new Map(ours.filter((p) => p.menuType !== 2 && p.component).map((p) => [p.component!, p.id]));
  const byPerms = new Map(ours.filter((p) => p.menuType === 2 && p.perms).map((p) => [p.perms!, p.id]));
  const stockPerms = await source.rows('sys_permission');
  const permMap = new Map<string, string>();
  const unmapped: string[] = [];
  for (const p of stockPerms) {
    const target = Number(p.menu_type) === 2 ? byPerms.get(String(p.perms ?? '')) : byComponent.get(String(p.component ?? ''));
    if (target) permMap.set(String(p.id), target);
    else if (Number(p.menu_type) !== 2 && p.component && p.component !== 'layouts/RouteView') unmapped.push(`${String(p.name)}（${String(p.component)}）`);
  }
  if (unmapped.length) report.notImported.push(`本系统没有对应页面的菜单 ${unmapped.length} 个：${unmapped.join('、')}`);
  // a granted screen brings its parent menus here (ours may sit elsewhere in the tree than the stock one)
  const parentOf = new Map(ours.map((p) => [p.id, p.parentId]));
  const grants = new Map<string, SourceRow>();
  for (const r of await source.rows('sys_role_permission')) {
    const roleId = roleMap.get(String(r.role_id));
    for (let permissionId = permMap.get(String(r.permission_id)); roleId && permissionId; permissionId = parentOf.get(permissionId) ?? undefined) {
      const key = `${roleId}:${permissionId}`;
      if (!grants.has(key)) grants.set(key, { id: newId(), roleId, permissionId });
    }
  }
  await link(ctx, '角色授权', [...grants.values()], (r) => ({ roleId: String(r.roleId), permissionId: String(r.permissionId) }), sysRolePermission, async (d, v) => (await d.select({ id: sysRolePermission.id }).from(sysRolePermission).where(and(eq(sysRolePermission.roleId, v.roleId), eq(sysRolePermission.permissionId, v.permissionId)))).length > 0);

  const users = await source.rows('sys_user');
  const userRows = [];
  for (const r of users) {
    const password = typeof r.salt === 'string' && typeof r.password === 'string' ? legacyStoredHash(r.salt, r.password) : null;
    // a row without a usable JeecgBoot hash gets a value no password verifies: an administrator resets it
    if (!password) report.conflicts.push(`用户 ${String(r.username)}：原密码无法识别，需由管理员重置密码`);
    userRows.push({
      id: String(r.id), username: String(r.username), realname: str(r.realname, 100) ?? String(r.username), password: password ?? '!',
      avatar: str(r.avatar), birthday: typeof r.birthday === 'string' ? r.birthday.slice(0, 10) : null, sex: r.sex === null ? null : int(r.sex, 0),
      email: str(r.email, 45), phone: str(r.phone, 45), orgCode: str(r.org_code, 64), status: int(r.status, 1), delFlag: int(r.del_flag, 0),
      thirdId: str(r.third_id, 100), thirdType: str(r.third_type, 100), workNo: str(r.work_no, 100), post: str(r.post, 100), telephone: str(r.telephone, 45),
      userIdentity: r.user_identity === null ? null : int(r.user_identity, 1), departIds: str(r.depart_ids, 10_000), relTenantIds: str(r.rel_tenant_ids, 100), clientId: str(r.client_id, 64), ...audit(r),
    } satisfies InferInsertModel<typeof sysUser>);
  }
  // phone, e-mail and work number are unique here: one taken by another of our users is left empty and listed
  for (const u of userRows) {
    for (const field of ['phone', 'email', 'workNo'] as const) {
      const v = u[field];
      if (!v) continue;
      const [taken] = await db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser).where(eq(sysUser[field], v));
      if (taken && taken.id !== u.id) {
        u[field] = null;
        report.conflicts.push(`用户 ${u.username}：${field === 'phone' ? '手机号' : field === 'email' ? '邮箱' : '工号'} ${v} 已被本系统用户 ${taken.username} 使用，未导入该字段`);
      }
    }
  }
  // existing users keep their password here: an import never resets what a user already changed
  const userMap = await upsert(ctx, '用户', sysUser, 'username', userRows, (existing) => existing.username === 'admin', undefined, ['password', 'orgCode'], undefined, { table: DataTable.user, read: readUserVersions });
  const ownUser = (id: unknown) => { const v = userMap.get(String(id)); return v && v === String(id) ? v : null; };
  await link(ctx, '用户角色', await source.rows('sys_user_role'), (r) => {
    const userId = ownUser(r.user_id); const roleId = roleMap.get(String(r.role_id));
    return userId && roleId ? { userId, roleId } : null;
  }, sysUserRole, async (d, v) => (await d.select().from(sysUserRole).where(and(eq(sysUserRole.userId, v.userId), eq(sysUserRole.roleId, v.roleId)))).length > 0);
  await link(ctx, '用户部门', await source.rows('sys_user_depart'), (r) => {
    const userId = ownUser(r.user_id); const depId = departMap.get(String(r.dep_id));
    return userId && depId ? { userId, depId } : null;
  }, sysUserDepart, async (d, v) => (await d.select().from(sysUserDepart).where(and(eq(sysUserDepart.userId, v.userId), eq(sysUserDepart.depId, v.depId)))).length > 0);

  const dictMap = await upsert(ctx, '字典', sysDict, 'dictCode', (await source.rows('sys_dict')).map((r) => ({
    id: String(r.id), dictName: str(r.dict_name, 100) ?? '', dictCode: String(r.dict_code), description: str(r.description), delFlag: int(r.del_flag, 0), type: int(r.type, 0), ...audit(r),
  } satisfies InferInsertModel<typeof sysDict>)));
  const items = (await source.rows('sys_dict_item')).filter((r) => dictMap.get(String(r.dict_id)) === String(r.dict_id));
  await upsert(ctx, '字典项', sysDictItem, 'itemValue', items.map((r) => ({
    id: String(r.id), dictId: String(r.dict_id), itemText: str(r.item_text, 100) ?? '', itemValue: String(r.item_value), description: str(r.description),
    sortOrder: int(r.sort_order, 0), status: int(r.status, 1), ...audit(r),
  } satisfies InferInsertModel<typeof sysDictItem>)), () => false, (row) => and(eq(sysDictItem.dictId, String(row.dictId)), eq(sysDictItem.itemValue, String(row.itemValue))));

  // categories: parents first (shorter codes); a parent kept as ours under another id is the parent here
  const categories = (await source.rows('sys_category')).sort((a, b) => String(a.code).length - String(b.code).length);
  await upsert(ctx, '分类字典', sysCategory, 'code', categories.map((r) => ({
    id: String(r.id), pid: str(r.pid, 36) ?? '0', name: str(r.name, 100) ?? '', code: String(r.code), hasChild: str(r.has_child, 3) ?? '0', sysOrgCode: str(r.sys_org_code, 64), ...audit(r),
  } satisfies InferInsertModel<typeof sysCategory>)), undefined, undefined, [],
  (row, map) => ({ ...row, pid: (row.pid !== '0' && map.get(String(row.pid))) || row.pid }));

  report.notImported.push('菜单与按钮本身（角色授权按对应页面导入）、数据规则、填值与校验规则、通告、租户、定时任务：本版本尚未导入');
  return report;
}

export function formatReport(report: ImportReport): string {
  const lines = [report.dryRun ? '试运行（未写入任何数据）' : '导入完成', '表组\t源记录\t新增\t更新\t未变\t跳过'];
  for (const g of report.groups) lines.push(`${g.group}\t${g.source}\t${g.added}\t${g.updated}\t${g.unchanged}\t${g.skipped}`);
  if (report.conflicts.length) lines.push('冲突与说明：', ...report.conflicts.map((c) => `- ${c}`));
  if (report.notImported.length) lines.push('未导入：', ...report.notImported.map((c) => `- ${c}`));
  return lines.join('\n');
}
