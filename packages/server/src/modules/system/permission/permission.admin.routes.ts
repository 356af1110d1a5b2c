import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataRuleBody, dataRuleEditBody, dataRuleQuery, Msg, PermissionPerm, permissionResource } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { idQuery, splitIds } from '../../../platform/http/ids.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './permission.admin.service.ts';

const tags = ['菜单权限管理'];

/** 菜单管理 (JEECG-API §3.2), guarded by the PermissionPerm codes. */
export async function permissionAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const menuTypes = () => deps.dicts.dictTexts('menu_type');

  r.get('/sys/permission/list', { config: { permission: PermissionPerm.list }, schema: { tags, summary: '菜单与按钮的完整树' } }, async () =>
    ok(await service.permissionTree(db, await menuTypes()), Msg.ok, 200),
  );

  r.get('/sys/permission/getSystemMenuList', { config: { permission: PermissionPerm.list }, schema: { tags, summary: '一级菜单' } }, async () =>
    ok(await service.systemMenus(db, await menuTypes()), Msg.ok, 200),
  );

  r.get(
    '/sys/permission/getSystemSubmenu',
    { config: { permission: PermissionPerm.list }, schema: { tags, summary: '直接下级', querystring: z.object({ parentId: z.string().min(1).max(36) }) } },
    async (request) => ok(await service.submenus(db, [request.query.parentId], await menuTypes()), Msg.ok, 200),
  );

  r.get(
    '/sys/permission/getSystemSubmenuBatch',
    { config: { permission: PermissionPerm.list }, schema: { tags, summary: '多个上级的直接下级', querystring: z.object({ parentIds: z.string().min(1).max(20_000) }) } },
    async (request) => ok(await service.submenusByParent(db, splitIds(request.query.parentIds), await menuTypes()), Msg.ok, 200),
  );

  r.get('/sys/permission/queryTreeList', { config: { permission: PermissionPerm.list }, schema: { tags, summary: '选择用的菜单树 {treeList, ids}' } }, async () =>
    ok(await service.selectTree(db), Msg.ok, 200),
  );

  registerResource(app, deps, permissionResource, {
    tags,
    docs: {
      add: { summary: '添加菜单或按钮' },
      edit: { summary: '编辑菜单或按钮' },
      delete: { summary: '删除菜单（含下级、数据规则与授权）' },
    },
    service: {
      add: (c, body) => service.addPermission(c.db, c.user, body),
      edit: (c, body) => service.editPermission(c.db, c.user, body),
      remove: (c, ids) => service.deletePermissions(c.db, ids),
    },
    messages: { added: '添加成功！', edited: '修改成功！', deleted: '删除成功!' },
  });

  r.get(
    '/sys/permission/getPermRuleListByPermId',
    { config: { permission: PermissionPerm.rule }, schema: { tags, summary: '菜单的数据规则', querystring: z.object({ permissionId: z.string().min(1).max(36) }) } },
    async (request) => ok(await service.rulesOfMenu(db, request.query.permissionId), Msg.ok, 200),
  );

  r.get('/sys/permission/queryPermissionRule', { config: { permission: PermissionPerm.rule }, schema: { tags, summary: '按条件查询数据规则', querystring: dataRuleQuery } }, async (request) =>
    ok(await service.findRules(db, request.query), '查询成功！', 200),
  );

  r.post('/sys/permission/addPermissionRule', { config: { permission: PermissionPerm.rule }, schema: { tags, summary: '添加数据规则', body: dataRuleBody } }, async (request) => {
    await service.saveRule(db, request.user!, { ...request.body, id: undefined });
    return ok(null, '添加成功！', 200);
  });

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { permission: PermissionPerm.rule },
    schema: { tags, summary: '编辑数据规则', body: dataRuleEditBody },
    handler: async (request) => {
      await service.saveRule(db, request.user!, request.body);
      return ok(null, '更新成功！', 200);
    },
  });

  r.delete('/sys/permission/deletePermissionRule', { config: { permission: PermissionPerm.rule }, schema: { tags, summary: '删除数据规则', querystring: idQuery } }, async (request) => {
    await service.deleteRule(db, request.query.id);
    return ok(null, '删除成功！', 200);
  });
}
