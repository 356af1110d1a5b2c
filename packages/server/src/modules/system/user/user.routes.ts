import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { adminChangePasswordBody, frozenBatchBody, userAddBody, userEditBody } from '@sbwq/contracts';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { XLSX_TYPE } from '../../../platform/excel/excel.ts';
import { exportUsers, importTemplate, importUsers } from './user.excel.ts';
import { dataRuleConditions } from '../../../platform/list/data-rules.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { sysDepart } from '../depart/depart.table.ts';
import { sysUser, sysUserDepart } from './user.table.ts';
import {
  addUser,
  deleteUsers,
  editUser,
  findConflict,
  listUsers,
  purgeUsers,
  recycleBin,
  resetPassword,
  restoreUsers,
  roleCodesOf,
  roleIdsOf,
  setStatus,
  toUserRecord,
  userResource,
  usersOfDepart,
} from './user.admin.service.ts';
import { idQuery, idsQuery, splitIds } from '../../../platform/http/ids.ts';

const tags = ['用户管理'];
const listQuery = listQuerySchema(userResource, {
  departId: z.string().max(36).optional().describe('部门ID：该部门及其下级部门的用户'),
  selections: z.string().max(40_000).optional().describe('导出时只导出这些用户ID（逗号分隔）'),
});

/** 用户管理 (JEECG-API §5.7), guarded by system:user:* codes. */
export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/sys/user/list',
    { config: { permission: 'system:user:list' }, schema: { tags, summary: '用户列表', description: '分页；支持 JeecgBoot 查询约定（*模糊*、逗号 IN、_begin/_end）与 departId（含下级部门）。', querystring: listQuery } },
    async (request) => {
      const [rules, dicts] = await Promise.all([dataRuleConditions(db, request.user!, 'system/UserList', userResource), deps.dicts.allItems()]);
      return ok(await listUsers(db, dicts, request.query, rules), '操作成功！', 200);
    },
  );

  r.get(
    '/sys/user/queryById',
    { config: { permission: 'system:user:list' }, schema: { tags, summary: '按ID查询用户', querystring: idQuery } },
    async (request) => {
      const [row] = await db.select().from(sysUser).where(eq(sysUser.id, request.query.id));
      if (!row) throw new BizError('未找到对应数据');
      return ok(toUserRecord(row, await deps.dicts.allItems(), null), '操作成功！', 200);
    },
  );

  r.get(
    '/sys/user/queryByIds',
    { config: { permission: 'system:user:list' }, schema: { tags, summary: '按多个ID查询用户', querystring: z.object({ userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      const found = await db.select().from(sysUser).where(and(inArray(sysUser.id, splitIds(request.query.userIds)), eq(sysUser.delFlag, 0)));
      const dicts = await deps.dicts.allItems();
      return ok(found.map((u) => toUserRecord(u, dicts, null)), '操作成功！', 200);
    },
  );

  r.post(
    '/sys/user/add',
    { config: { permission: 'system:user:add' }, schema: { tags, summary: '添加用户', description: 'selectedroles、selecteddeparts 为逗号分隔的角色与部门ID。', body: userAddBody } },
    async (request) => ok(await addUser(db, request.user!, request.body), '添加成功！', 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { permission: 'system:user:edit' },
    schema: { tags, summary: '编辑用户', description: '不修改密码；传入 selectedroles / selecteddeparts 时替换角色与部门。', body: userEditBody },
    handler: async (request) => {
      await editUser(db, request.user!, request.body);
      return ok(null, '修改成功!', 200);
    },
  });

  r.delete(
    '/sys/user/delete',
    { config: { permission: 'system:user:delete' }, schema: { tags, summary: '删除用户（可在回收站恢复）', querystring: idQuery } },
    async (request) => {
      await deleteUsers(db, request.user!, [request.query.id]);
      return ok(null, '删除用户成功', 200);
    },
  );

  r.delete(
    '/sys/user/deleteBatch',
    { config: { permission: 'system:user:delete' }, schema: { tags, summary: '批量删除用户', querystring: idsQuery() } },
    async (request) => {
      await deleteUsers(db, request.user!, splitIds(request.query.ids));
      return ok(null, '批量删除用户成功', 200);
    },
  );

  r.put(
    '/sys/user/frozenBatch',
    { config: { permission: 'system:user:frozen' }, schema: { tags, summary: '冻结或解冻用户', description: 'status 1 正常，2 冻结；冻结立即使其会话失效。', body: frozenBatchBody } },
    async (request) => {
      await setStatus(db, request.user!, splitIds(request.body.ids), request.body.status);
      return ok(null, '操作成功!', 200);
    },
  );

  r.put(
    '/sys/user/changePassword',
    { config: { permission: 'system:user:changePassword' }, schema: { tags, summary: '管理员重置用户密码', description: '重置后该用户的所有会话失效。', body: adminChangePasswordBody } },
    async (request) => {
      const { username, password, confirmpassword } = request.body;
      if (confirmpassword !== undefined && confirmpassword !== password) throw new BizError('两次输入的密码不一样！');
      await resetPassword(db, request.user!, username, password);
      return ok(null, '密码修改成功!', 200);
    },
  );

  r.get(
    '/sys/user/checkOnlyUser',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '校验账号、手机号、邮箱或工号是否已被使用',
        querystring: z.object({
          id: z.string().max(36).optional(),
          username: z.string().max(100).optional(),
          phone: z.string().max(45).optional(),
          email: z.string().max(45).optional(),
          workNo: z.string().max(100).optional(),
          _t: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const { id, ...values } = request.query;
      const conflict = await findConflict(db, values, id);
      return conflict ? fail(conflict, 500, true) : ok(true, '该值可用！', 200);
    },
  );

  r.get(
    '/sys/user/queryUserRole',
    { config: { permission: 'system:user:list' }, schema: { tags, summary: '用户的角色ID', querystring: z.object({ userid: z.string().min(1).max(36) }) } },
    async (request) => ok(await roleIdsOf(db, request.query.userid), '操作成功！', 200),
  );

  r.get(
    '/sys/user/queryUserRoleCode',
    { config: { signedIn: true }, schema: { tags, summary: '当前登录用户的角色编码', description: '用于前端按角色（审核员、财务、服务机构、权利人）切换视图。' } },
    async (request) => ok(await roleCodesOf(db, request.user!.id), '操作成功！', 200),
  );

  r.get(
    '/sys/user/userDepartList',
    { config: { permission: 'system:user:list' }, schema: { tags, summary: '用户所属部门', querystring: z.object({ userId: z.string().min(1).max(36) }) } },
    async (request) => {
      const found = await db
        .select({ id: sysDepart.id, name: sysDepart.departName })
        .from(sysUserDepart)
        .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
        .where(eq(sysUserDepart.userId, request.query.userId));
      return ok(found.map((d) => ({ key: d.id, value: d.id, title: d.name })), '操作成功！', 200);
    },
  );

  r.get(
    '/sys/user/queryUserByDepId',
    { config: { permission: 'system:user:list' }, schema: { tags, summary: '部门（含下级）的用户', querystring: idQuery.extend({ realname: z.string().max(50).optional() }) } },
    async (request) => ok(await usersOfDepart(db, await deps.dicts.allItems(), request.query.id, request.query.realname), '操作成功！', 200),
  );

  r.get(
    '/sys/user/recycleBin',
    { config: { permission: 'system:user:recycle' }, schema: { tags, summary: '用户回收站' } },
    async () => ok(await recycleBin(db, await deps.dicts.allItems()), '操作成功！', 200),
  );

  r.put(
    '/sys/user/putRecycleBin',
    { config: { permission: 'system:user:recycle' }, schema: { tags, summary: '从回收站恢复用户', body: z.object({ userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await restoreUsers(db, request.user!, splitIds(request.body.userIds));
      return ok(null, '还原成功', 200);
    },
  );

  r.delete(
    '/sys/user/deleteRecycleBin',
    { config: { permission: 'system:user:recycle' }, schema: { tags, summary: '彻底删除回收站中的用户', querystring: z.object({ userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await purgeUsers(db, splitIds(request.query.userIds));
      return ok(null, '删除成功', 200);
    },
  );

  r.get(
    '/sys/user/exportXls',
    { config: { permission: 'system:user:export' }, schema: { tags, summary: '导出用户（当前筛选条件；selections 为选中的ID）', querystring: listQuery } },
    async (request, reply) => {
      const query: Record<string, string | string[]> = { ...request.query, pageNo: '1', pageSize: '10000' };
      if (typeof query.selections === 'string' && query.selections) query.id = query.selections;
      const rules = await dataRuleConditions(db, request.user!, 'system/UserList', userResource);
      const page = await listUsers(db, await deps.dicts.allItems(), query, rules);
      const file = await exportUsers(db, page.records);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户信息.xlsx')}`)
        .send(file);
    },
  );

  r.get(
    '/sys/user/importTemplate',
    { config: { permission: 'system:user:import' }, schema: { tags, summary: '下载用户导入模板（.xlsx，只有表头）' } },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="user-template.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`)
        .send(await importTemplate()),
  );

  r.post(
    '/sys/user/importExcel',
    {
      config: { permission: 'system:user:import' },
      schema: { tags, summary: '导入用户（.xlsx）', description: '必填列：用户账号、姓名、初始密码；可选：性别、手机号、邮箱、工号、部门编码、角色编码。有错误的行被跳过并逐行报告（code 201）。' },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw new BizError('请上传 Excel 文件');
      if (!/\.xlsx$/i.test(file.filename)) throw new BizError('只支持 .xlsx 格式的 Excel 文件');
      const buffer = await file.toBuffer();
      const report = await importUsers(db, request.user!, buffer, await deps.dicts.allItems());
      return report.errorCount ? { ...ok(report, '文件导入成功，但有错误。', 201) } : ok(report, report.msg, 200);
    },
  );
}
