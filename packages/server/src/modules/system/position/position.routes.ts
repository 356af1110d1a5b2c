import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { positionBody } from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { pageOf, type ListResource } from '../../../platform/list/list-query.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { idQuery, idsQuery, splitIds } from '../../../platform/http/ids.ts';
import { sysPosition } from './position.table.ts';

const tags = ['职务管理'];

const resource: ListResource = {
  table: sysPosition,
  fields: {
    code: { column: sysPosition.code, type: 'string' },
    name: { column: sysPosition.name, type: 'string' },
    postRank: { column: sysPosition.postRank, type: 'string' },
    createTime: { column: sysPosition.createTime, type: 'datetime' },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
};
const listQuery = listQuerySchema(resource);

type Row = typeof sysPosition.$inferSelect;

/** 职务管理 (JEECG-API §4.5), scoped to the request's tenant: another tenant's rows are neither listed nor reachable by id. */
export async function positionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const toRecord = (row: Row, rank: Map<string, string>) => ({
    ...row,
    postRank_dictText: row.postRank ? rank.get(row.postRank) : undefined,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  });
  const ranks = async () => new Map(((await deps.dicts.allItems()).position_rank ?? []).map((i) => [i.value, i.text]));
  const codeTaken = async (tenantId: number, code: string, exceptId?: string) => {
    const conds = [eq(sysPosition.tenantId, tenantId), eq(sysPosition.code, code)];
    if (exceptId) conds.push(ne(sysPosition.id, exceptId));
    return (await db.select({ id: sysPosition.id }).from(sysPosition).where(and(...conds)).limit(1)).length > 0;
  };

  r.get('/sys/position/list', { config: { permission: 'system:position:list' }, schema: { tags, summary: '职务列表', querystring: listQuery } }, async (request) => {
    const page = await pageOf<Row>(db, resource, request.query, { extra: [eq(sysPosition.tenantId, request.tenantId)], tieBreak: sysPosition.id });
    const rank = await ranks();
    return ok({ ...page, records: page.records.map((p) => toRecord(p, rank)) }, '操作成功！', 200);
  });

  r.get('/sys/position/queryById', { config: { permission: 'system:position:list' }, schema: { tags, summary: '按ID查询职务', querystring: idQuery } }, async (request) => {
    const [row] = await db.select().from(sysPosition).where(and(eq(sysPosition.id, request.query.id), eq(sysPosition.tenantId, request.tenantId)));
    if (!row) throw new BizError('未找到对应数据');
    return ok(toRecord(row, await ranks()), '操作成功！', 200);
  });

  r.post('/sys/position/add', { config: { permission: 'system:position:add' }, schema: { tags, summary: '添加职务', body: positionBody } }, async (request) => {
    const b = request.body;
    if (await codeTaken(request.tenantId, b.code)) throw new BizError('职务编码已存在');
    const id = newId();
    await db.insert(sysPosition).values({ id, code: b.code, name: b.name, postRank: b.postRank, tenantId: request.tenantId, sysOrgCode: request.user!.orgCode, createBy: request.user!.username, createTime: new Date() });
    return ok(id, '添加成功！', 200);
  });

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/position/edit',
    config: { permission: 'system:position:edit' },
    schema: { tags, summary: '编辑职务', body: positionBody.extend({ id: z.string({ error: '缺少ID' }).min(1).max(36) }) },
    handler: async (request) => {
      const b = request.body;
      if (await codeTaken(request.tenantId, b.code, b.id)) throw new BizError('职务编码已存在');
      const updated = await db
        .update(sysPosition)
        .set({ code: b.code, name: b.name, postRank: b.postRank, updateBy: request.user!.username, updateTime: new Date() })
        .where(and(eq(sysPosition.id, b.id), eq(sysPosition.tenantId, request.tenantId)))
        .returning({ id: sysPosition.id });
      if (!updated.length) throw new BizError('未找到对应数据');
      return ok(null, '编辑成功!', 200);
    },
  });

  const remove = async (tenantId: number, ids: string[]) => {
    const gone = await db.delete(sysPosition).where(and(inArray(sysPosition.id, ids), eq(sysPosition.tenantId, tenantId))).returning({ id: sysPosition.id });
    if (!gone.length) throw new BizError('未找到对应数据');
  };
  r.delete('/sys/position/delete', { config: { permission: 'system:position:delete' }, schema: { tags, summary: '删除职务', querystring: idQuery } }, async (request) => {
    await remove(request.tenantId, [request.query.id]);
    return ok(null, '删除成功!', 200);
  });
  r.delete('/sys/position/deleteBatch', { config: { permission: 'system:position:delete' }, schema: { tags, summary: '批量删除职务', querystring: idsQuery() } }, async (request) => {
    await remove(request.tenantId, splitIds(request.query.ids));
    return ok(null, '批量删除成功!', 200);
  });
}
