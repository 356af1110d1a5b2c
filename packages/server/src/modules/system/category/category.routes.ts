import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryMsg, CategoryPerm, categoryRecordSchema, categoryResource, categoryTreeNodeSchema, DictMsg, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { envelopeSchema, pageSchema } from '../../../platform/http/reply-schema.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import * as service from './category.service.ts';

const tags = ['分类字典'];

const pcode = z.string().max(100).optional().describe('上级分类编码，空或 0 为顶级');

export async function categoryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/sys/category/rootList',
    {
      config: { permission: CategoryPerm.list },
      schema: {
        tags,
        summary: '分类分页列表',
        description: '默认列出顶级分类（pid 为 "0"）；支持 JeecgBoot 查询约定（name、code）。',
        querystring: listQuerySchema(service.categoryWhitelist, { pid: z.string().max(36).optional().describe('上级分类 id，默认 "0"（顶级）') }),
        response: { 200: envelopeSchema(pageSchema(categoryRecordSchema)) },
      },
    },
    async (request) => ok(await service.rootList(db, request.query), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/category/childList',
    { config: { permission: CategoryPerm.list }, schema: { tags, summary: '下级分类列表', querystring: z.object({ pid: z.string().max(36).default('0') }), response: { 200: envelopeSchema(z.array(categoryRecordSchema)) } } },
    async (request) => ok(await service.childList(db, request.query.pid), Msg.querySuccess, 200),
  );

  registerResource(app, deps, categoryResource, {
    tags,
    docs: {
      add: { description: 'pid 为空或 "0" 时为顶级分类；编码按层级自动生成（A01、A01A01 …），请求中的 code 不采用。' },
      edit: { description: '只能修改名称；上级分类与编码不可修改。' },
      delete: { description: '有子分类时拒绝删除。' },
      deleteBatch: { description: '所选分类若还有未选中的子分类则拒绝删除。' },
    },
    service: {
      byId: (c, id) => service.categoryById(c.db, id),
      add: (c, body) => service.addCategory(c.db, c.user, body),
      edit: (c, body) => service.editCategory(c.db, c.user, body),
      remove: (c, ids) => service.deleteCategories(c.db, ids),
    },
    messages: { added: CategoryMsg.added, edited: CategoryMsg.edited, deleted: CategoryMsg.deleted, idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
  });

  // ---- pickers (any signed-in user) ----

  r.get(
    '/sys/category/loadTreeRoot',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '分类选择：顶级节点',
        description: 'pcode 下的节点 {key, title, value, code, parentId, isLeaf}；async=false 时连同全部下级一起返回。',
        querystring: z.object({ async: z.enum(['true', 'false']).default('true'), pcode }),
        response: { 200: envelopeSchema(z.array(categoryTreeNodeSchema)) },
      },
    },
    async (request) => ok(await service.treeRoot(db, request.query.pcode, request.query.async === 'true'), Msg.ok, 200),
  );

  r.get(
    '/sys/category/loadTreeChildren',
    { config: { signedIn: true }, schema: { tags, summary: '分类选择：下级节点', querystring: z.object({ pid: z.string().min(1).max(36) }), response: { 200: envelopeSchema(z.array(categoryTreeNodeSchema)) } } },
    async (request) => ok(await service.treeChildren(db, request.query.pid), Msg.ok, 200),
  );

  r.get(
    '/sys/category/loadTreeData',
    { config: { signedIn: true }, schema: { tags, summary: '分类选择：整棵树', description: '嵌套的 children；可用 pcode 只取某分类之下。', querystring: z.object({ pcode }), response: { 200: envelopeSchema(z.array(categoryTreeNodeSchema)) } } },
    async (request) => ok(await service.treeData(db, request.query.pcode), Msg.ok, 200),
  );

  r.get(
    '/sys/category/loadDictItem',
    {
      config: { signedIn: true },
      schema: { tags, summary: '分类 id 转名称', description: 'ids 逗号分隔；answer 为按 ids 顺序排列的名称数组（未知 id 跳过）。', querystring: z.object({ ids: z.string().max(40_000).default('') }), response: { 200: envelopeSchema(z.array(z.string())) } },
    },
    async (request) => {
      return ok(await service.namesOf(db, splitIds(request.query.ids)), Msg.ok, 200);
    },
  );
}
