import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dataRuleBody, permissionBody } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { idQuery, idsQuery, splitIds } from '../../../platform/http/ids.ts';
import { sysPermissionDataRule } from './permission.table.ts';
import {
  addPermission,
  deletePermissions,
  deleteRule,
  editPermission,
  permissionTree,
  ruleRows,
  saveRule,
  selectTree,
  submenus,
  systemMenus,
  toRuleRecord,
} from './permission.admin.service.ts';

const tags = ['菜单权限管理'];

/** 菜单管理 (JEECG-API §3.2), guarded by system:permission:* codes. */
export async function permissionAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/sys/permission/list', { config: { permission: 'system:permission:list' }, schema: { tags, summary: '菜单与按钮的完整树' } }, async () =>
    ok(await permissionTree(db), '操作成功！', 200),
  );

  r.get('/sys/permission/getSystemMenuList', { config: { permission: 'system:permission:list' }, schema: { tags, summary: '一级菜单' } }, async () =>
    ok(await systemMenus(db), '操作成功！', 200),
  );

  r.get(
    '/sys/permission/getSystemSubmenu',
    { config: { permission: 'system:permission:list' }, schema: { tags, summary: '直接下级', querystring: z.object({ parentId: z.string().min(1).max(36) }) } },
    async (request) => ok(await submenus(db, [request.query.parentId]), '操作成功！', 200),
  );

  r.get(
    '/sys/permission/getSystemSubmenuBatch',
    { config: { permission: 'system:permission:list' }, schema: { tags, summary: '多个上级的直接下级', querystring: z.object({ parentIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      const ids = splitIds(request.query.parentIds);
      const children = await submenus(db, ids);
      const map: Record<string, typeof children> = Object.fromEntries(ids.map((id) => [id, []]));
      for (const child of children) map[child.parentId!]?.push(child);
      return ok(map, '操作成功！', 200);
    },
  );

  r.get('/sys/permission/queryTreeList', { config: { permission: 'system:permission:list' }, schema: { tags, summary: '选择用的菜单树 {treeList, ids}' } }, async () =>
    ok(await selectTree(db), '操作成功！', 200),
  );

  r.post('/sys/permission/add', { config: { permission: 'system:permission:add' }, schema: { tags, summary: '添加菜单或按钮', body: permissionBody } }, async (request) =>
    ok(await addPermission(db, request.user!, request.body), '添加成功！', 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { permission: 'system:permission:edit' },
    schema: { tags, summary: '编辑菜单或按钮', body: permissionBody },
    handler: async (request) => {
      await editPermission(db, request.user!, request.body);
      return ok(null, '修改成功！', 200);
    },
  });

  r.delete(
    '/sys/permission/delete',
    { config: { permission: 'system:permission:delete' }, schema: { tags, summary: '删除菜单（含下级、数据规则与授权）', querystring: idQuery } },
    async (request) => {
      await deletePermissions(db, [request.query.id]);
      return ok(null, '删除成功!', 200);
    },
  );

  r.delete(
    '/sys/permission/deleteBatch',
    { config: { permission: 'system:permission:delete' }, schema: { tags, summary: '批量删除菜单', querystring: idsQuery() } },
    async (request) => {
      await deletePermissions(db, splitIds(request.query.ids));
      return ok(null, '删除成功!', 200);
    },
  );

  r.get(
    '/sys/permission/getPermRuleListByPermId',
    { config: { permission: 'system:permission:rule' }, schema: { tags, summary: '菜单的数据规则', querystring: z.object({ permissionId: z.string().min(1).max(36) }) } },
    async (request) => ok((await ruleRows(db, eq(sysPermissionDataRule.permissionId, request.query.permissionId))).map(toRuleRecord), '操作成功！', 200),
  );

  r.get(
    '/sys/permission/queryPermissionRule',
    {
      config: { permission: 'system:permission:rule' },
      schema: {
        tags,
        summary: '按条件查询数据规则',
        querystring: z.object({
          permissionId: z.string().max(36).optional(),
          ruleName: z.string().max(50).optional(),
          ruleColumn: z.string().max(50).optional(),
          ruleValue: z.string().max(300).optional(),
          _t: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const conds: SQL[] = [];
      if (q.permissionId) conds.push(eq(sysPermissionDataRule.permissionId, q.permissionId));
      if (q.ruleName) conds.push(eq(sysPermissionDataRule.ruleName, q.ruleName));
      if (q.ruleColumn) conds.push(eq(sysPermissionDataRule.ruleColumn, q.ruleColumn));
      if (q.ruleValue) conds.push(eq(sysPermissionDataRule.ruleValue, q.ruleValue));
      return ok((await ruleRows(db, and(...conds))).map(toRuleRecord), '查询成功！', 200);
    },
  );

  r.post('/sys/permission/addPermissionRule', { config: { permission: 'system:permission:rule' }, schema: { tags, summary: '添加数据规则', body: dataRuleBody } }, async (request) => {
    await saveRule(db, request.user!, { ...request.body, id: undefined });
    return ok(null, '添加成功！', 200);
  });

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { permission: 'system:permission:rule' },
    schema: { tags, summary: '编辑数据规则', body: dataRuleBody.extend({ id: z.string({ error: '缺少规则ID' }).min(1).max(36) }) },
    handler: async (request) => {
      await saveRule(db, request.user!, request.body);
      return ok(null, '更新成功！', 200);
    },
  });

  r.delete(
    '/sys/permission/deletePermissionRule',
    { config: { permission: 'system:permission:rule' }, schema: { tags, summary: '删除数据规则', querystring: idQuery } },
    async (request) => {
      await deleteRule(db, request.query.id);
      return ok(null, '删除成功！', 200);
    },
  );
}
