import { eq, inArray } from 'drizzle-orm';
import { isStrongPassword, MOBILE_PATTERN, PASSWORD_RULE_MESSAGE, USERNAME_PATTERN, type UserRecord } from '@sbwq/contracts';
import { z } from 'zod';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { hashPassword } from '../../../platform/auth/password.ts';
import { columnsOf, importColumnsOf, importReport, readWorkbook, toWorkbook } from '../../../platform/excel/excel.ts';
import { sysDepart } from '../depart/depart.table.ts';
import { sysRole } from '../role/role.table.ts';
import { sysUser, sysUserDepart, sysUserRole } from './user.table.ts';
import { findConflict, listUsersFor, roleCodesOf, roleIdsOf } from './user.admin.service.ts';
import { readUserVersions } from './user-versions.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';

type Extra = { orgCodes: string; roleCodes: string };

const exportColumns = columnsOf<UserRecord & Extra>({
  username: '用户账号',
  realname: '姓名',
  sex: ['性别', (u) => u.sex_dictText ?? ''],
  phone: '手机号',
  email: ['邮箱', 26],
  workNo: '工号',
  orgCodes: '部门编码',
  orgCodeTxt: ['所属部门', 26],
  roleCodes: '角色编码',
  status: ['状态', (u) => u.status_dictText ?? ''],
  createTime: ['创建时间', 22],
});

/** The users of the list's filter (or only `selections`, the chosen ids), up to 10,000, as 用户信息.xlsx. */
export async function exportUserFile(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const query: ListParams = { ...params, pageNo: '1', pageSize: '10000' };
  if (typeof query.selections === 'string' && query.selections) query.id = query.selections;
  const page = await listUsersFor(ctx, query);
  return { body: await exportUsers(ctx.db, page.records), fileName: '用户信息.xlsx', asciiName: 'users.xlsx' };
}

/** Each user's codes through a link table (部门编码, 角色编码): sorted and joined with commas, as the import reads them. */
async function codesByUser(
  db: Db,
  ids: string[],
  link: PgTable & { userId: AnyPgColumn },
  linkTo: AnyPgColumn,
  target: PgTable & { id: AnyPgColumn },
  code: AnyPgColumn<{ data: string; notNull: true }>,
) {
  const list = ids.length
    ? await db.select({ userId: link.userId, code }).from(link).innerJoin(target, eq(target.id, linkTo)).where(inArray(link.userId, ids))
    : [];
  return (id: string) =>
    list
      .filter((l) => l.userId === id)
      .map((l) => l.code)
      .sort()
      .join(',');
}

export async function exportUsers(db: Db, users: UserRecord[]): Promise<Buffer> {
  const ids = users.map((u) => u.id);
  const orgCodes = await codesByUser(db, ids, sysUserDepart, sysUserDepart.depId, sysDepart, sysDepart.orgCode);
  const roleCodes = await codesByUser(db, ids, sysUserRole, sysUserRole.roleId, sysRole, sysRole.roleCode);
  return toWorkbook(
    '用户信息',
    exportColumns,
    users.map((u) => ({ ...u, orgCodes: orgCodes(u.id), roleCodes: roleCodes(u.id) })),
  );
}

const importColumns = importColumnsOf({
  username: '*用户账号',
  realname: '*姓名',
  password: '*初始密码',
  sex: '性别',
  phone: '手机号',
  email: '邮箱',
  workNo: '工号',
  orgCodes: '部门编码',
  roleCodes: '角色编码',
});

/** The empty import file: title and header row, for 下载模板. */
export const importTemplate = async (): Promise<ExcelFile> => ({
  body: await toWorkbook('用户导入模板', importColumns, []),
  fileName: '用户导入模板.xlsx',
  asciiName: 'user-template.xlsx',
});

const list = (v: string) =>
  v
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Imports users row by row: a row with an error is skipped and reported with its row number and the
 * reason; every other row is created. Usernames, phones, e-mails and work numbers must be unique in
 * the database and within the file.
 */
export async function importUsers({ db, user: actor, deps }: ResourceCtx, buffer: Buffer) {
  const dicts = await deps.dicts.allItems();
  const rows = await readWorkbook(buffer, importColumns);
  const errors: { row: number; message: string }[] = [];
  const seen = new Map<string, number>();
  const actorIsAdmin = (await roleCodesOf(db, actor.id)).includes('admin');
  const actorRoles = new Set(await roleIdsOf(db, actor.id));
  const allRoles = await db.select().from(sysRole);
  const allDeparts = await db.select().from(sysDepart).where(eq(sysDepart.delFlag, '0'));
  for (const { rowNumber, values } of rows) {
    const fail = (message: string) => errors.push({ row: rowNumber, message });
    if (!USERNAME_PATTERN.test(values.username)) {
      fail('用户账号为2-50位字母、数字或 _ . @ -');
      continue;
    }
    if (!values.realname || values.realname.length > 50) {
      fail('姓名必填且不超过50个字符');
      continue;
    }
    if (!isStrongPassword(values.password)) {
      fail(PASSWORD_RULE_MESSAGE);
      continue;
    }
    if (values.phone && !MOBILE_PATTERN.test(values.phone)) {
      fail('手机号格式不正确');
      continue;
    }
    if (values.email && !z.email().safeParse(values.email).success) {
      fail('邮箱格式不正确');
      continue;
    }
    if (values.workNo && values.workNo.length > 50) {
      fail('工号不能超过50个字符');
      continue;
    }
    const sexItem = values.sex ? dicts.sex?.find((i) => i.text === values.sex || i.value === values.sex) : undefined;
    if (values.sex && !sexItem) {
      fail(`性别“${values.sex.slice(0, 10)}”无效，应为 男 或 女`);
      continue;
    }
    const roleIds: string[] = [];
    let bad = '';
    for (const code of list(values.roleCodes ?? '')) {
      const role = allRoles.find((r) => r.roleCode === code);
      if (!role) bad = `角色编码“${code.slice(0, 50)}”不存在`;
      else if (!actorIsAdmin && !actorRoles.has(role.id)) bad = `不能授予自己没有的角色“${code}”`;
      else roleIds.push(role.id);
    }
    const departIds: string[] = [];
    for (const code of list(values.orgCodes ?? '')) {
      const dep = allDeparts.find((d) => d.orgCode === code);
      if (!dep) bad = `部门编码“${code.slice(0, 50)}”不存在`;
      else departIds.push(dep.id);
    }
    if (bad) {
      fail(bad);
      continue;
    }
    const inFile = (['username', 'phone', 'email', 'workNo'] as const).map((k) => (values[k] ? `${k}:${values[k].toLowerCase()}` : '')).filter(Boolean);
    const dupRow = inFile.map((k) => seen.get(k)).find((r) => r !== undefined);
    if (dupRow !== undefined) {
      fail(`与第 ${dupRow} 行重复`);
      continue;
    }
    const conflict = await findConflict(db, {
      username: values.username,
      phone: values.phone || null,
      email: values.email || null,
      workNo: values.workNo || null,
    });
    if (conflict) {
      fail(conflict);
      continue;
    }
    inFile.forEach((k) => seen.set(k, rowNumber));
    const id = newId();
    const hash = await hashPassword(values.password);
    await withVersions(db, actor, DataTable.user, [id], readUserVersions, async (t) => {
      await t.insert(sysUser).values({
        id,
        username: values.username,
        realname: values.realname,
        password: hash,
        sex: sexItem ? Number(sexItem.value) : null,
        phone: values.phone || null,
        email: values.email || null,
        workNo: values.workNo || null,
        orgCode: departIds.length ? allDeparts.find((d) => d.id === departIds[0])!.orgCode : null,
        status: 1,
        delFlag: 0,
        createBy: actor.username,
        createTime: new Date(),
      });
      if (roleIds.length) await t.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ id: newId(), userId: id, roleId })));
      if (departIds.length) await t.insert(sysUserDepart).values([...new Set(departIds)].map((depId) => ({ id: newId(), userId: id, depId })));
    });
  }
  return importReport(rows.length, errors);
}
