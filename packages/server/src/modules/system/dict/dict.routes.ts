import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dictAddBody, dictEditBody, dictItemAddBody, dictItemEditBody, DictMsg, Msg, tableDictAddBody, tableDictEditBody } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { idQuery, idsQuery, splitIds } from '../../../platform/http/ids.ts';
import * as admin from './dict-admin.service.ts';
import * as tables from './table-dict.service.ts';
import { tableDictSources } from './table-dict.registry.ts';

const tags = ['数据字典'];
const tableTags = ['表字典登记'];

/** Permission codes of the dictionary screens; the read calls every screen makes only need a session. */
export const DictPerm = {
  list: 'system:dict:list',
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  delete: 'system:dict:delete',
  recycle: 'system:dict:recycle',
  deletePhysic: 'system:dict:deletePhysic',
  itemList: 'system:dictItem:list',
  itemAdd: 'system:dictItem:add',
  itemEdit: 'system:dictItem:edit',
  itemDelete: 'system:dictItem:delete',
  tableList: 'system:tableDict:list',
  tableAdd: 'system:tableDict:add',
  tableEdit: 'system:tableDict:edit',
  tableDelete: 'system:tableDict:delete',
} as const;

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
      },
    },
    async (request) => ok(await dicts.items(request.params.dictCode), Msg.ok, 200),
  );

  r.get(
    '/sys/dict/queryAllDictItems',
    { config: { signedIn: true }, schema: { tags, summary: '全部启用的字典项', description: '字典编码 → [{value, text, title}]，按排序号排列。' } },
    async () => ok(await dicts.allItems(), Msg.ok, 200),
  );

  r.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/sys/dict/refleshCache',
    config: { signedIn: true },
    schema: { tags, summary: '刷新字典缓存', description: '清除服务端字典缓存（配置 Redis 时所有服务进程一起清除）。' },
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
      },
    },
    async (request) => ok(await dicts.textOf(request.params.dictCode, request.params.key), Msg.ok, 200),
  );

  // ---- dictionary administration ----

  r.get(
    '/sys/dict/list',
    {
      config: { permission: DictPerm.list },
      schema: { tags, summary: '字典分页列表', description: '未删除的字典；支持 JeecgBoot 查询约定。', querystring: listQuerySchema(admin.dictResource) },
    },
    async (request) => ok(await admin.listDicts(db, request.query), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/dict/queryById',
    { config: { permission: DictPerm.list }, schema: { tags, summary: '按 id 取字典', querystring: idQuery } },
    async (request) => ok(await admin.dictById(db, request.query.id), Msg.ok, 200),
  );

  r.get(
    '/sys/dict/treeList',
    {
      config: { permission: DictPerm.list },
      schema: { tags, summary: '字典平铺列表（树形控件用）', description: '每项带 key、title；可按 dictName 模糊查询。', querystring: z.object({ dictName: z.string().max(100).optional() }) },
    },
    async (request) => ok(await admin.dictTreeList(db, request.query.dictName), Msg.querySuccess, 200),
  );

  r.post(
    '/sys/dict/add',
    {
      config: { permission: DictPerm.add },
      schema: { tags, summary: '添加字典', description: '字典编码必填且唯一（回收站中的也算）。', body: dictAddBody },
    },
    async (request) => {
      await admin.addDict(deps, request.user, request.body);
      return ok(null, DictMsg.saved, 200);
    },
  );

  r.put(
    '/sys/dict/edit',
    { config: { permission: DictPerm.edit }, schema: { tags, summary: '编辑字典', body: dictEditBody } },
    async (request) => {
      await admin.editDict(deps, request.user, request.body);
      return ok(null, DictMsg.edited, 200);
    },
  );

  r.delete(
    '/sys/dict/delete',
    { config: { permission: DictPerm.delete }, schema: { tags, summary: '删除字典（移入回收站）', querystring: idQuery } },
    async (request) => {
      await admin.deleteDicts(deps, request.user, [request.query.id]);
      return ok(null, DictMsg.deleted, 200);
    },
  );

  r.delete(
    '/sys/dict/deleteBatch',
    { config: { permission: DictPerm.delete }, schema: { tags, summary: '批量删除字典（移入回收站）', description: 'ids 逗号分隔，可带末尾逗号。', querystring: idsQuery(DictMsg.idsRequired) } },
    async (request) => {
      await admin.deleteDicts(deps, request.user, splitIds(request.query.ids, DictMsg.idsRequired));
      return ok(null, DictMsg.deleted, 200);
    },
  );

  r.get(
    '/sys/dict/deleteList',
    { config: { permission: DictPerm.recycle }, schema: { tags, summary: '字典回收站', description: '已删除的字典列表（不分页）。' } },
    async () => ok(await admin.deletedDicts(db), Msg.querySuccess, 200),
  );

  r.put(
    '/sys/dict/back/:id',
    { config: { permission: DictPerm.recycle }, schema: { tags, summary: '从回收站还原字典', params: idParams } },
    async (request) => {
      await admin.restoreDict(deps, request.user, request.params.id);
      return ok(null, DictMsg.restored, 200);
    },
  );

  r.delete(
    '/sys/dict/deletePhysic/:id',
    { config: { permission: DictPerm.deletePhysic }, schema: { tags, summary: '彻底删除回收站中的字典', description: '连同其字典项一起删除，不可恢复。', params: idParams } },
    async (request) => {
      await admin.purgeDict(deps, request.params.id);
      return ok(null, DictMsg.deleted, 200);
    },
  );

  // ---- dictionary items ----

  r.get(
    '/sys/dictItem/list',
    {
      config: { permission: DictPerm.itemList },
      schema: {
        tags,
        summary: '字典项分页列表',
        description: '按 dictId 查询，按排序号排列；status 带 status_dictText。',
        querystring: listQuerySchema(admin.dictItemResource),
      },
    },
    async (request) => {
      const page = await admin.listItems(db, request.query);
      return ok({ ...page, records: await dicts.withDictText(page.records, { status: 'dict_item_status' }) }, Msg.querySuccess, 200);
    },
  );

  r.post(
    '/sys/dictItem/add',
    { config: { permission: DictPerm.itemAdd }, schema: { tags, summary: '添加字典项', description: '文本与值必填；值在所属字典内唯一。', body: dictItemAddBody } },
    async (request) => {
      await admin.addItem(deps, request.user, request.body);
      return ok(null, DictMsg.saved, 200);
    },
  );

  r.put(
    '/sys/dictItem/edit',
    { config: { permission: DictPerm.itemEdit }, schema: { tags, summary: '编辑字典项', body: dictItemEditBody } },
    async (request) => {
      await admin.editItem(deps, request.user, request.body);
      return ok(null, DictMsg.edited, 200);
    },
  );

  r.delete(
    '/sys/dictItem/delete',
    { config: { permission: DictPerm.itemDelete }, schema: { tags, summary: '删除字典项', querystring: idQuery } },
    async (request) => {
      await admin.deleteItems(deps, [request.query.id]);
      return ok(null, DictMsg.deleted, 200);
    },
  );

  r.delete(
    '/sys/dictItem/deleteBatch',
    { config: { permission: DictPerm.itemDelete }, schema: { tags, summary: '批量删除字典项', querystring: idsQuery(DictMsg.idsRequired) } },
    async (request) => {
      await admin.deleteItems(deps, splitIds(request.query.ids, DictMsg.idsRequired));
      return ok(null, DictMsg.deleted, 200);
    },
  );

  r.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: { permission: DictPerm.itemList },
      schema: {
        tags,
        summary: '字典项值查重',
        description: '同一字典内该值是否可用；编辑时传 id 排除自身。',
        querystring: z.object({ dictId: z.string().min(1).max(36), itemValue: z.string().max(100), id: z.string().max(36).optional() }),
      },
    },
    async (request) => {
      const { dictId, itemValue, id } = request.query;
      return ok(null, await admin.itemValueFree(db, dictId, itemValue.trim(), id), 200);
    },
  );

  // ---- table-dictionary registry ----

  r.get(
    '/sys/tableDict/list',
    {
      config: { permission: DictPerm.tableList },
      schema: { tags: tableTags, summary: '已登记的表字典', querystring: listQuerySchema(tables.tableDictResource) },
    },
    async (request) => ok(await tables.listTableDicts(db, request.query), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/tableDict/queryById',
    { config: { permission: DictPerm.tableList }, schema: { tags: tableTags, summary: '按 id 取表字典登记', querystring: idQuery } },
    async (request) => ok(await tables.tableDictById(db, request.query.id), Msg.ok, 200),
  );

  r.get(
    '/sys/tableDict/sources',
    {
      config: { permission: DictPerm.tableList },
      schema: { tags: tableTags, summary: '可登记的表、字段与过滤条件', description: '服务端白名单：只有这些表的这些字段可以登记为表字典，凭据类字段永不可选。' },
    },
    async () => ok(tableDictSources(), Msg.ok, 200),
  );

  r.post(
    '/sys/tableDict/add',
    {
      config: { permission: DictPerm.tableAdd },
      schema: { tags: tableTags, summary: '登记表字典', description: '表、文本字段、编码字段与过滤条件须在白名单内；编码 `表,文本字段,编码字段` 自动生成。', body: tableDictAddBody },
    },
    async (request) => {
      await tables.addTableDict(deps, request.user, request.body);
      return ok(DictMsg.added, DictMsg.added, 200);
    },
  );

  r.put(
    '/sys/tableDict/edit',
    { config: { permission: DictPerm.tableEdit }, schema: { tags: tableTags, summary: '编辑表字典登记', body: tableDictEditBody } },
    async (request) => {
      await tables.editTableDict(deps, request.user, request.body);
      return ok(DictMsg.edited, DictMsg.edited, 200);
    },
  );

  r.delete(
    '/sys/tableDict/delete',
    { config: { permission: DictPerm.tableDelete }, schema: { tags: tableTags, summary: '删除表字典登记', querystring: idQuery } },
    async (request) => {
      await tables.deleteTableDicts(deps, [request.query.id]);
      return ok(DictMsg.deleted, DictMsg.deleted, 200);
    },
  );

  r.delete(
    '/sys/tableDict/deleteBatch',
    { config: { permission: DictPerm.tableDelete }, schema: { tags: tableTags, summary: '批量删除表字典登记', querystring: idsQuery(DictMsg.idsRequired) } },
    async (request) => {
      await tables.deleteTableDicts(deps, splitIds(request.query.ids, DictMsg.idsRequired));
      return ok(DictMsg.deleted, DictMsg.deleted, 200);
    },
  );
}
