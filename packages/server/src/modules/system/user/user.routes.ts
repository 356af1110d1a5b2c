import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminChangePasswordBody, frozenBatchBody, Msg, UserMsg, UserPerm, userResource as userDecl } from '@sbwq/contracts';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { exportUserFile, importTemplate, importUsers } from './user.excel.ts';
import * as users from './user.admin.service.ts';
import { idQuery, splitIds } from '../../../platform/http/ids.ts';

const tags = ['用户管理'];

/** 用户管理 (JEECG-API §5.7): the standard routes from the contract's declaration, then the user's own. */
export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const dicts = () => deps.dicts.allItems();

  registerResource(app, deps, userDecl, {
    tags,
    listResource: users.userResource,
    listExtra: {
      departId: z.string().max(36).optional().describe('部门ID：该部门及其下级部门的用户'),
      selections: z.string().max(40_000).optional().describe('导出时只导出这些用户ID（逗号分隔）'),
    },
    docs: {
      list: { summary: '用户列表', description: '分页；支持 JeecgBoot 查询约定（*模糊*、逗号 IN、_begin/_end）与 departId（含下级部门）。' },
      add: { description: 'selectedroles、selecteddeparts 为逗号分隔的角色与部门ID。' },
      edit: { description: '不修改密码；传入 selectedroles / selecteddeparts 时替换角色与部门。' },
      delete: { summary: '删除用户（可在回收站恢复）' },
      importExcel: { description: '必填列：用户账号、姓名、初始密码；可选：性别、手机号、邮箱、工号、部门编码、角色编码。有错误的行被跳过并逐行报告（code 201）。' },
    },
    service: {
      list: users.listUsersFor,
      byId: async (c, id) => users.userById(c.db, await dicts(), id),
      add: (c, body) => users.addUser(c.db, c.user, body),
      edit: (c, body) => users.editUser(c.db, c.user, body),
      remove: (c, ids) => users.deleteUsers(c.db, c.user, ids),
      exportXls: exportUserFile,
      importExcel: async (c, file) => importUsers(c.db, c.user, file, await dicts()),
      importTemplate,
    },
    messages: { added: UserMsg.added, edited: UserMsg.edited, deleted: UserMsg.deleted, batchDeleted: UserMsg.batchDeleted, queried: Msg.ok },
  });

  r.get(
    '/sys/user/queryByIds',
    { config: { permission: UserPerm.list }, schema: { tags, summary: '按多个ID查询用户', querystring: z.object({ userIds: z.string().min(1).max(20_000) }) } },
    async (request) => ok(await users.usersByIds(db, await dicts(), splitIds(request.query.userIds)), Msg.ok, 200),
  );

  r.put(
    '/sys/user/frozenBatch',
    { config: { permission: UserPerm.frozen }, schema: { tags, summary: '冻结或解冻用户', description: 'status 1 正常，2 冻结；冻结立即使其会话失效。', body: frozenBatchBody } },
    async (request) => {
      await users.setStatus(db, request.user!, splitIds(request.body.ids), request.body.status);
      return ok(null, '操作成功!', 200);
    },
  );

  r.put(
    '/sys/user/changePassword',
    { config: { permission: UserPerm.changePassword }, schema: { tags, summary: '管理员重置用户密码', description: '重置后该用户的所有会话失效。', body: adminChangePasswordBody } },
    async (request) => {
      const { username, password, confirmpassword } = request.body;
      if (confirmpassword !== undefined && confirmpassword !== password) throw new BizError('两次输入的密码不一样！');
      await users.resetPassword(db, request.user!, username, password);
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
      const conflict = await users.findConflict(db, values, id);
      return conflict ? fail(conflict, 500, true) : ok(true, '该值可用！', 200);
    },
  );

  r.get(
    '/sys/user/queryUserRole',
    { config: { permission: UserPerm.list }, schema: { tags, summary: '用户的角色ID', querystring: z.object({ userid: z.string().min(1).max(36) }) } },
    async (request) => ok(await users.roleIdsOf(db, request.query.userid), Msg.ok, 200),
  );

  r.get(
    '/sys/user/queryUserRoleCode',
    { config: { signedIn: true }, schema: { tags, summary: '当前登录用户的角色编码', description: '用于前端按角色（审核员、财务、服务机构、权利人）切换视图。' } },
    async (request) => ok(await users.roleCodesOf(db, request.user!.id), Msg.ok, 200),
  );

  r.get(
    '/sys/user/userDepartList',
    { config: { permission: UserPerm.list }, schema: { tags, summary: '用户所属部门', querystring: z.object({ userId: z.string().min(1).max(36) }) } },
    async (request) => ok(await users.departOptionsOf(db, request.query.userId), Msg.ok, 200),
  );

  r.get(
    '/sys/user/queryUserByDepId',
    { config: { permission: UserPerm.list }, schema: { tags, summary: '部门（含下级）的用户', querystring: idQuery.extend({ realname: z.string().max(50).optional() }) } },
    async (request) => ok(await users.usersOfDepart(db, await dicts(), request.query.id, request.query.realname), Msg.ok, 200),
  );

  r.get('/sys/user/recycleBin', { config: { permission: UserPerm.recycle }, schema: { tags, summary: '用户回收站' } }, async () => ok(await users.recycleBin(db, await dicts()), Msg.ok, 200));

  r.put(
    '/sys/user/putRecycleBin',
    { config: { permission: UserPerm.recycle }, schema: { tags, summary: '从回收站恢复用户', body: z.object({ userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await users.restoreUsers(db, request.user!, splitIds(request.body.userIds));
      return ok(null, '还原成功', 200);
    },
  );

  r.delete(
    '/sys/user/deleteRecycleBin',
    { config: { permission: UserPerm.recycle }, schema: { tags, summary: '彻底删除回收站中的用户', querystring: z.object({ userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await users.purgeUsers(db, splitIds(request.query.userIds));
      return ok(null, '删除成功', 200);
    },
  );
}
