import { and, eq, type InferInsertModel } from 'drizzle-orm';
import { JEECG_IMPORT_STEPS } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { legacyStoredHash } from '../../../platform/auth/jeecg-password.ts';
import { newId } from '../../../platform/db/ids.ts';
import { DataTable, readById } from '../../core/datalog/datalog.service.ts';
import { readUserVersions } from '../../identity/user/user-versions.ts';
import { sysCategory } from '../../config/category/category.table.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { sysDict, sysDictItem } from '../../config/dict/dict.table.ts';
import { sysPosition } from '../../identity/position/position.table.ts';
import { sysPermission } from '../../identity/permission/permission.table.ts';
import { sysRole, sysRolePermission } from '../../identity/role/role.table.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../../identity/user/user.table.ts';
import { importAnnouncements, importCheckRules, importDataRules, importFillRules, importJobs, importTenants } from './jeecg-import.rules.ts';
import { audit, int, link, str, upsert, type Ctx, type ImportReport, type Source, type SourceRow } from './jeecg-import.rows.ts';

export { openSource, type ImportReport } from './jeecg-import.rows.ts';

/** The whole import, group after group (the conflict rule: jeecg-import.rows.ts). */
export type ImportOptions = {
  dryRun: boolean;
  /** called as each table group begins, with the count of those done (JEECG_IMPORT_STEPS) */
  progress?: (step: (typeof JEECG_IMPORT_STEPS)[number], done: number) => Promise<void>;
};

export async function importJeecg(db: Db, source: Source, options: ImportOptions): Promise<ImportReport> {
  const report: ImportReport = { dryRun: options.dryRun, groups: [], conflicts: [], notImported: [] };
  const ctx: Ctx = { db, dryRun: options.dryRun, report };
  const step = async (name: (typeof JEECG_IMPORT_STEPS)[number]) => options.progress?.(name, JEECG_IMPORT_STEPS.indexOf(name));

  await step('部门与职务');

  const departs = (await source.rows('sys_depart')).sort((a, b) => String(a.org_code).length - String(b.org_code).length);
  const sourceDepartIds = new Set(departs.map((r) => String(r.id)));
  const departMap = await upsert(
    ctx,
    '部门',
    sysDepart,
    'orgCode',
    departs.map(
      (r) =>
        ({
          id: String(r.id),
          parentId: str(r.parent_id, 36) ?? '',
          departName: str(r.depart_name, 100) ?? '',
          departNameEn: str(r.depart_name_en, 500),
          departNameAbbr: str(r.depart_name_abbr, 500),
          departOrder: int(r.depart_order, 0),
          description: str(r.description, 500),
          orgCategory: str(r.org_category, 10) ?? '1',
          orgType: str(r.org_type, 10),
          orgCode: String(r.org_code),
          mobile: str(r.mobile, 32),
          fax: str(r.fax, 32),
          address: str(r.address, 100),
          memo: str(r.memo, 500),
          status: str(r.status, 1) ?? '1',
          delFlag: str(r.del_flag, 1) ?? '0',
          ...audit(r),
        }) satisfies InferInsertModel<typeof sysDepart>,
    ),
    undefined,
    undefined,
    [],
    // parents come first (shorter codes): a parent kept as ours (same code, another id) is the parent of the imported children
    (row, map) => {
      if (row.parentId && !sourceDepartIds.has(String(row.parentId))) {
        // the stock dump itself has one (A03A01): a parent that does not exist makes the department a top-level one
        report.conflicts.push(`部门 ${String(row.orgCode)}：上级部门 ${String(row.parentId)} 在源库中不存在，作为顶级部门导入`);
        return { ...row, parentId: '' };
      }
      return { ...row, parentId: (row.parentId && map.get(String(row.parentId))) || row.parentId };
    },
  );

  await upsert(
    ctx,
    '职务',
    sysPosition,
    'code',
    (await source.rows('sys_position')).map(
      (r) =>
        ({
          id: String(r.id),
          code: String(r.code),
          name: str(r.name, 100) ?? '',
          postRank: str(r.post_rank, 2),
          companyId: str(r.company_id),
          sysOrgCode: str(r.sys_org_code, 64),
          ...audit(r),
        }) satisfies InferInsertModel<typeof sysPosition>,
    ),
  );

  await step('角色与授权');
  const roleMap = await upsert(
    ctx,
    '角色',
    sysRole,
    'roleCode',
    (await source.rows('sys_role')).map(
      (r) =>
        ({
          id: String(r.id),
          roleName: str(r.role_name, 200) ?? '',
          roleCode: String(r.role_code),
          description: str(r.description),
          ...audit(r),
        }) satisfies InferInsertModel<typeof sysRole>,
    ),
    undefined,
    undefined,
    [],
    undefined,
    { table: DataTable.role, read: readById(sysRole) },
  );

  // Role grants: a stock menu reaches our screen of the same component name, a stock button our button of the same
  // permission code; the rest (their own business screens) is reported as not imported.
  const ours = await db
    .select({
      id: sysPermission.id,
      parentId: sysPermission.parentId,
      component: sysPermission.component,
      perms: sysPermission.perms,
      menuType: sysPermission.menuType,
    })
    .from(sysPermission)
    .where(eq(sysPermission.delFlag, 0));
  const byComponent = new Map(ours.filter((p) => p.menuType !== 2 && p.component).map((p) => [p.component!, p.id]));
  const byPerms = new Map(ours.filter((p) => p.menuType === 2 && p.perms).map((p) => [p.perms!, p.id]));
  const stockPerms = await source.rows('sys_permission');
  const permMap = new Map<string, string>();
  const unmapped: string[] = [];
  const unmappedButtons: string[] = [];
  for (const p of stockPerms) {
    const target = Number(p.menu_type) === 2 ? byPerms.get(String(p.perms ?? '')) : byComponent.get(String(p.component ?? ''));
    if (target) permMap.set(String(p.id), target);
    else if (Number(p.menu_type) !== 2 && p.component && p.component !== 'layouts/RouteView') unmapped.push(`${String(p.name)}（${String(p.component)}）`);
    else if (Number(p.menu_type) === 2) unmappedButtons.push(`${String(p.name)}（${String(p.perms ?? '')}）`);
  }
  if (unmappedButtons.length) report.notImported.push(`本系统没有对应权限编码的按钮 ${unmappedButtons.length} 个：${unmappedButtons.join('、')}`);
  if (unmapped.length) report.notImported.push(`本系统没有对应页面的菜单 ${unmapped.length} 个：${unmapped.join('、')}`);
  // the stock tree is not copied: a menu or button is ours when we have its screen or code (it stays where our
  // tree puts it), the rest is listed above; folders (layouts/RouteView) follow their screens
  report.groups.push({
    group: '菜单与按钮',
    source: stockPerms.length,
    added: 0,
    updated: 0,
    unchanged: permMap.size,
    skipped: stockPerms.length - permMap.size,
  });
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
  await link(
    ctx,
    '角色授权',
    [...grants.values()],
    (r) => ({ roleId: String(r.roleId), permissionId: String(r.permissionId) }),
    sysRolePermission,
    async (d, v) =>
      (
        await d
          .select({ id: sysRolePermission.id })
          .from(sysRolePermission)
          .where(and(eq(sysRolePermission.roleId, v.roleId), eq(sysRolePermission.permissionId, v.permissionId)))
      ).length > 0,
  );

  await step('用户');
  const users = await source.rows('sys_user');
  const userRows = [];
  for (const r of users) {
    const password = typeof r.salt === 'string' && typeof r.password === 'string' ? legacyStoredHash(r.salt, r.password) : null;
    // a row without a usable JeecgBoot hash gets a value no password verifies: an administrator resets it
    if (!password) report.conflicts.push(`用户 ${String(r.username)}：原密码无法识别，需由管理员重置密码`);
    userRows.push({
      id: String(r.id),
      username: String(r.username),
      realname: str(r.realname, 100) ?? String(r.username),
      password: password ?? '!',
      avatar: str(r.avatar),
      birthday: typeof r.birthday === 'string' ? r.birthday.slice(0, 10) : null,
      sex: r.sex === null ? null : int(r.sex, 0),
      email: str(r.email, 45),
      phone: str(r.phone, 45),
      orgCode: str(r.org_code, 64),
      status: int(r.status, 1),
      delFlag: int(r.del_flag, 0),
      thirdId: str(r.third_id, 100),
      thirdType: str(r.third_type, 100),
      workNo: str(r.work_no, 100),
      post: str(r.post, 100),
      telephone: str(r.telephone, 45),
      userIdentity: r.user_identity === null ? null : int(r.user_identity, 1),
      departIds: str(r.depart_ids, 10_000),
      relTenantIds: str(r.rel_tenant_ids, 100),
      clientId: str(r.client_id, 64),
      ...audit(r),
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
        report.conflicts.push(
          `用户 ${u.username}：${field === 'phone' ? '手机号' : field === 'email' ? '邮箱' : '工号'} ${v} 已被本系统用户 ${taken.username} 使用，未导入该字段`,
        );
      }
    }
  }
  // existing users keep their password here: an import never resets what a user already changed
  const userMap = await upsert(
    ctx,
    '用户',
    sysUser,
    'username',
    userRows,
    (existing) => existing.username === 'admin',
    undefined,
    ['password', 'orgCode'],
    undefined,
    { table: DataTable.user, read: readUserVersions },
  );
  const ownUser = (id: unknown) => {
    const v = userMap.get(String(id));
    return v && v === String(id) ? v : null;
  };
  await link(
    ctx,
    '用户角色',
    await source.rows('sys_user_role'),
    (r) => {
      const userId = ownUser(r.user_id);
      const roleId = roleMap.get(String(r.role_id));
      return userId && roleId ? { userId, roleId } : null;
    },
    sysUserRole,
    async (d, v) =>
      (
        await d
          .select()
          .from(sysUserRole)
          .where(and(eq(sysUserRole.userId, v.userId), eq(sysUserRole.roleId, v.roleId)))
      ).length > 0,
  );
  await link(
    ctx,
    '用户部门',
    await source.rows('sys_user_depart'),
    (r) => {
      const userId = ownUser(r.user_id);
      const depId = departMap.get(String(r.dep_id));
      return userId && depId ? { userId, depId } : null;
    },
    sysUserDepart,
    async (d, v) =>
      (
        await d
          .select()
          .from(sysUserDepart)
          .where(and(eq(sysUserDepart.userId, v.userId), eq(sysUserDepart.depId, v.depId)))
      ).length > 0,
  );

  await step('字典');
  const dictMap = await upsert(
    ctx,
    '字典',
    sysDict,
    'dictCode',
    (await source.rows('sys_dict')).map(
      (r) =>
        ({
          id: String(r.id),
          dictName: str(r.dict_name, 100) ?? '',
          dictCode: String(r.dict_code),
          description: str(r.description),
          delFlag: int(r.del_flag, 0),
          type: int(r.type, 0),
          ...audit(r),
        }) satisfies InferInsertModel<typeof sysDict>,
    ),
  );
  const items = (await source.rows('sys_dict_item')).filter((r) => dictMap.get(String(r.dict_id)) === String(r.dict_id));
  await upsert(
    ctx,
    '字典项',
    sysDictItem,
    'itemValue',
    items.map(
      (r) =>
        ({
          id: String(r.id),
          dictId: String(r.dict_id),
          itemText: str(r.item_text, 100) ?? '',
          itemValue: String(r.item_value),
          description: str(r.description),
          sortOrder: int(r.sort_order, 0),
          status: int(r.status, 1),
          ...audit(r),
        }) satisfies InferInsertModel<typeof sysDictItem>,
    ),
    () => false,
    (row) => and(eq(sysDictItem.dictId, String(row.dictId)), eq(sysDictItem.itemValue, String(row.itemValue))),
  );

  await step('分类字典');
  // categories: parents first (shorter codes); a parent kept as ours under another id is the parent here
  const categories = (await source.rows('sys_category')).sort((a, b) => String(a.code).length - String(b.code).length);
  await upsert(
    ctx,
    '分类字典',
    sysCategory,
    'code',
    categories.map(
      (r) =>
        ({
          id: String(r.id),
          pid: str(r.pid, 36) ?? '0',
          name: str(r.name, 100) ?? '',
          code: String(r.code),
          hasChild: str(r.has_child, 3) ?? '0',
          sysOrgCode: str(r.sys_org_code, 64),
          ...audit(r),
        }) satisfies InferInsertModel<typeof sysCategory>,
    ),
    undefined,
    undefined,
    [],
    (row, map) => ({ ...row, pid: (row.pid !== '0' && map.get(String(row.pid))) || row.pid }),
  );

  await step('菜单与数据规则');
  await importDataRules(ctx, source, permMap, new Map(stockPerms.map((p) => [String(p.id), String(p.name)])));
  await step('填值与校验规则');
  await importFillRules(ctx, source);
  await importCheckRules(ctx, source);
  await step('通告');
  await importAnnouncements(ctx, source, ownUser);
  await step('租户');
  await importTenants(ctx, source);
  await step('定时任务');
  await importJobs(ctx, source);
  return report;
}

export function formatReport(report: ImportReport): string {
  const lines = [report.dryRun ? '试运行（未写入任何数据）' : '导入完成', '表组\t源记录\t新增\t更新\t未变\t跳过'];
  for (const g of report.groups) lines.push(`${g.group}\t${g.source}\t${g.added}\t${g.updated}\t${g.unchanged}\t${g.skipped}`);
  if (report.conflicts.length) lines.push('冲突与说明：', ...report.conflicts.map((c) => `- ${c}`));
  if (report.notImported.length) lines.push('未导入：', ...report.notImported.map((c) => `- ${c}`));
  return lines.join('\n');
}
