import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkOnlyUserQuery, CheckOnlyUserMsg, genericApiFlow, Msg, UserMsg, userFlow, userResource as userDecl } from '@sbwq/contracts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import { listRoles, roleWhitelist } from '../role/role.service.ts';
import { permissionTree } from '../permission/permission.admin.service.ts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { isUnvetted } from '../../core/org/org-context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { exportUserFile, importTemplate, importUsers } from './user.excel.ts';
import * as users from './user.admin.service.ts';
import * as actions from './user.actions.ts';

const tags = ['用户管理'];

const userListExtra = {
  departId: z.string().max(36).optional().describe('部门ID：该部门及其下级部门的用户'),
  selections: z.string().max(40_000).optional().describe('导出时只导出这些用户ID（逗号分隔）'),
};

/** 用户管理 (JEECG-API §5.7): the standard routes from the contract's declaration, then the user's own. */
export async function userRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, userDecl, {
    tags,
    listResource: users.userResource,
    listExtra: userListExtra,
    service: { ...users.resource, exportXls: exportUserFile, importExcel: importUsers, importTemplate },
    messages: { added: UserMsg.added, edited: UserMsg.edited, deleted: UserMsg.deleted, batchDeleted: UserMsg.batchDeleted, queried: Msg.ok },
  });

  // Spec §7: the stock client's generic helpers, each the same read as its screen's list (codes, data rules).
  const menuTypes = () => deps.dicts.dictTexts('menu_type');
  registerFlow(app, deps, genericApiFlow, {
    tags: ['通用接口'],
    queries: { user: listQuerySchema(users.userResource, userListExtra), role: listQuerySchema(roleWhitelist) },
    docs: {
      user: { description: '与 /sys/user/list 相同：查询约定、权限 system:user:list 与数据规则。' },
      role: { description: '与 /sys/role/list 相同：查询约定与权限 system:role:list。' },
      permission: { description: '与 /sys/permission/list 相同，权限 system:permission:list。' },
      permissionNoPager: { description: '与 /sys/permission/list 相同（本来就不分页），权限 system:permission:list。' },
    },
    handlers: {
      // the query as the server's list schema (queries above) checked it; the declaration carries none
      user: (c) => users.listUsersFor(c, c.request.query as ListParams),
      role: (c) => listRoles(c, c.request.query as ListParams),
      permission: async ({ db }) => permissionTree(db, await menuTypes()),
      permissionNoPager: async ({ db }) => permissionTree(db, await menuTypes()),
    },
  });

  // Part of registration (the stock register form checks as it is typed): public and rate limited like
  // the register routes; only a signed-in, vetted account learns whether a value is taken.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sys/user/checkOnlyUser',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '校验账号、手机号、邮箱或工号是否已被使用',
        description:
          '已登录（且机构不在待入驻）的账号：已被使用时 success 为 false，消息写明哪一项（result 为 true，同 JeecgBoot）；编辑时传 id 排除自身。未登录（原版注册页）：不论值是否存在回答都一样（success true，“注册提交时校验是否已被使用”），与注册流程一样不泄露账号是否存在；每个地址每分钟 60 次。',
        querystring: checkOnlyUserQuery,
        response: { 200: envelopeSchema(z.boolean()) },
      },
    },
    async (request) => {
      const caller = request.user;
      if (!caller || (await isUnvetted(deps.db, caller))) return ok(true, CheckOnlyUserMsg.atRegister, 200);
      const { id, _t, ...values } = request.query;
      const conflict = await users.findConflict(deps.db, values, id);
      if (conflict) throw new BizError(conflict, 500, 200, true);
      return ok(true, CheckOnlyUserMsg.free, 200);
    },
  );

  registerFlow(app, deps, userFlow, {
    tags,
    docs: {
      frozenBatch: { description: 'status 1 正常，2 冻结；冻结立即使其会话失效。' },
      changePassword: { description: '重置后该用户的所有会话失效。' },
      queryUserRoleCode: { description: '用于前端按角色（审核员、财务、服务机构、权利人）切换视图。' },
    },
    // user.actions.ts exports one function per action, under the action's name
    handlers: actions,
  });
}
