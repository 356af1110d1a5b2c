import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DictItemPath, dictItemResource, DictItemPerm, dictItemTableBody, DictMsg, DictPerm, dictRecordSchema, dictResource, dictModelSchema, dictOptionSchema, dictTreeRecordSchema, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import * as admin from './dict-admin.service.ts';
import { tableDictRoutes } from './table-dict.routes.ts';

const tags = ['数据字典'];

const dictCodeParam = z.string().min(1).max(200);
const idParams = z.object({ id: z.string().min(1).max(36) });

export async function dictRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;

  // ---- calls every screen makes (signed in) ----

  r.get(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '按字典编码取字典项',
        description: '字典编码，或已登记的表字典 `表,文本字段,编码字段`；未登记的表字典一律拒绝。',
        params: z.object({ dictCode: dictCodeParam }),
        response: { 200: envelopeSchema(z.array(dictOptionSchema)) },
      },
    },
    async (request) => ok(await dicts.items(request.params.dictCode), Msg.ok, 200),
  );

  r.get(
    '/sys/dict/queryAllDictItems',
    { config: { signedIn: true }, schema: { tags, summary: '全部启用的字典项', description: '字典编码 → [{value, text, title}]，按排序号排列。', response: { 200: envelopeSchema(z.record(z.string(), z.array(dictModelSchema))) } } },
    async () => ok(await dicts.allItems(), Msg.ok, 200),
  );

  r.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/sys/dict/refleshCache',
    config: { signedIn: true },
    schema: { tags, summary: '刷新字典缓存', description: '清除服务端字典缓存（配置 Redis 时所有服务进程一起清除）。', response: { 200: envelopeSchema(z.null()) } },
    handler: async () => {
      await dicts.invalidate();
      return ok(null, Msg.ok, 200);
    },
  });

  r.get(
    '/sys/dict/loadDictItem/:dictCode',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '按值取表字典文本',
        description: '已登记的表字典 `表,文本字段,编码字段`；key 为逗号分隔的值，answer 为按 key 顺序排列的文本数组（无匹配的值跳过）。',
        params: z.object({ dictCode: dictCodeParam }),
        querystring: z.object({ key: z.string().max(20_000).default('') }),
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async (request) => {
      const keys = request.query.key.split(',').filter((k) => k !== '');
      return ok(await dicts.textsOf(request.params.dictCode, keys), Msg.ok, 200);
    },
  );

  r.get(
    '/sys/dict/loadDict/:dictCode',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '搜索表字典',
        description: '已登记的表字典中文本包含 keyword 的项（%、_ 按普通字符匹配），最多 50 条。',
        params: z.object({ dictCode: dictCodeParam }),
        querystring: z.object({ keyword: z.string().max(100).default('') }),
        response: { 200: envelopeSchema(z.array(dictOptionSchema)) },
      },
    },
    async (request) => ok(await dicts.search(request.params.dictCode, request.query.keyword), Msg.ok, 200),
  );

  r.get(
    '/sys/dict/getDictText/:dictCode/:key',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '取一个值的字典文本',
        description: '字典编码或已登记的表字典；answer 为文本，未找到时为 null。',
        params: z.object({ dictCode: dictCodeParam, key: z.string().min(1).max(200) }),
        response: { 200: envelopeSchema(z.string().nullable()) },
      },
    },
    async (request) => ok(await dicts.textOf(request.params.dictCode, request.params.key), Msg.ok, 200),
  );

  // ---- dictionary administration ----

  registerResource(app, deps, dictResource, {
    tags,
    listResource: admin.dictWhitelist,
    docs: {
      list: { summary: '字典分页列表', description: '未删除的字典；支持 JeecgBoot 查询约定。' },
      add: { description: '字典编码必填且唯一（回收站中的也算）。' },
      delete: { summary: '删除字典（移入回收站）' },
      deleteBatch: { summary: '批量删除字典（移入回收站）', description: 'ids 逗号分隔，可带末尾逗号。' },
    },
    service: {
      list: (c, query) => admin.listDicts(c.db, query),
      byId: (c, id) => admin.dictById(c.db, id),
      add: (c, body) => admin.addDict(c.deps, c.user, body),
      edit: (c, body) => admin.editDict(c.deps, c.user, body),
      remove: (c, ids) => admin.deleteDicts(c.deps, c.user, ids),
    },
    messages: { added: DictMsg.saved, edited: DictMsg.edited, deleted: DictMsg.deleted, idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
  });

  r.get(
    '/sys/dict/treeList',
    {
      config: { permission: DictPerm.list },
      schema: { tags, summary: '字典平铺列表（树形控件用）', description: '每项带 key、title；可按 dictName 模糊查询。', querystring: z.object({ dictName: z.string().max(100).optional() }), response: { 200: envelopeSchema(z.array(dictTreeRecordSchema)) } },
    },
    async (request) => ok(await admin.dictTreeList(db, request.query.dictName), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/dict/deleteList',
    { config: { permission: DictPerm.recycle }, schema: { tags, summary: '字典回收站', description: '已删除的字典列表（不分页）。', response: { 200: envelopeSchema(z.array(dictRecordSchema)) } } },
    async () => ok(await admin.deletedDicts(db), Msg.querySuccess, 200),
  );

  r.put(
    '/sys/dict/back/:id',
    { config: { permission: DictPerm.recycle }, schema: { tags, summary: '从回收站还原字典', params: idParams, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await admin.restoreDict(deps, request.user, request.params.id);
      return ok(null, DictMsg.restored, 200);
    },
  );

  r.delete(
    '/sys/dict/deletePhysic/:id',
    { config: { permission: DictPerm.deletePhysic }, schema: { tags, summary: '彻底删除回收站中的字典', description: '连同其字典项一起删除，不可恢复。', params: idParams, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await admin.purgeDict(deps, request.params.id);
      return ok(null, DictMsg.deleted, 200);
    },
  );

  // ---- dictionary items ----

  registerResource(app, deps, dictItemResource, {
    tags,
    listResource: admin.dictItemWhitelist,
    docs: {
      list: { description: '按 dictId 查询，按排序号排列；status 带 status_dictText。' },
      add: { description: '文本与值必填；值在所属字典内唯一。' },
    },
    service: {
      list: (c, query) => admin.listItems(c.deps, query),
      add: (c, body) => admin.addItem(c.deps, c.user, body),
      edit: (c, body) => admin.editItem(c.deps, c.user, body),
      remove: (c, ids) => admin.deleteItems(c.deps, ids),
    },
    messages: { added: DictMsg.saved, edited: DictMsg.edited, deleted: DictMsg.deleted, idsRequired: DictMsg.idsRequired },
  });

  r.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: { permission: DictItemPerm.list },
      schema: {
        tags,
        summary: '字典项值查重',
        description: '同一字典内该值是否可用；编辑时传 id 排除自身。',
        querystring: z.object({ dictId: z.string().min(1).max(36), itemValue: z.string().max(100), id: z.string().max(36).optional() }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const { dictId, itemValue, id } = request.query;
      return ok(null, await admin.itemValueFree(db, dictId, itemValue.trim(), id), 200);
    },
  );

  r.post(
    DictItemPath.saveTable,
    {
      config: { permission: DictItemPerm.edit },
      schema: {
        tags,
        summary: '表格编辑：整表保存字典项',
        description: 'values 为表格中按顺序排列的全部行（有 id 的修改，无 id 的新增，排序号为行的位置 1…n），deleteIds 为删除的字典项；在一个事务内全部保存或全部不保存，拒绝时消息写明第几行。新增需字典项新增权限，删除需删除权限。',
        body: dictItemTableBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await admin.saveItemTable(deps, request.user!, request.body);
      return ok(null, DictMsg.saved, 200);
    },
  );

  await tableDictRoutes(app, deps);
}
