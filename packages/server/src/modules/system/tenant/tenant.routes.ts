import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tenantBody, tenantId } from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { pageOf, type ListResource } from '../../../platform/list/list-query.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { hasRole } from '../../../platform/access/access.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { idsQuery, splitIds, splitList } from '../../../platform/http/ids.ts';
import { findUserById } from '../user/user.service.ts';
import { sysTenant } from './tenant.table.ts';

const tags = ['租户管理'];
const resource: ListResource = {
  table: sysTenant,
  fields: {
    id: { column: sysTenant.id, type: 'number' },
    name: { column: sysTenant.name, type: 'string' },
    status: { column: sysTenant.status, type: 'number' },
    createTime: { column: sysTenant.createTime, type: 'datetime' },
  },
  defaultSort: { field: 'id', order: 'asc' },
};
const listQuery = listQuerySchema(resource);
type Row = typeof sysTenant.$inferSelect;

/** The valid tenant numbers of a list; anything else names no tenant and is left out. */
const tenantIdsIn = (ids: string[]) => ids.flatMap((id) => {
  const parsed = tenantId.safeParse(id);
  return parsed.success ? [parsed.data] : [];
});

const toDate = (v: string | null | undefined) => {
  if (!v) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+08:00` : `${v.replace(' ', 'T')}+08:00`);
  if (Number.isNaN(d.getTime())) throw new BizError('日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss');
  return d;
};

/** 租户管理 (JEECG-API §4.5 sys_tenant: integer ids). Tenant 0 is the default and is not a row. */
export async function tenantRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const toRecord = (row: Row) => ({
    ...row,
    status_dictText: row.status === 1 ? '正常' : '冻结',
    beginDate: formatDateTime(row.beginDate),
    endDate: formatDateTime(row.endDate),
    createTime: formatDateTime(row.createTime),
  });

  r.get('/sys/tenant/list', { config: { permission: 'system:tenant:list' }, schema: { tags, summary: '租户列表', querystring: listQuery } }, async (request) => {
    const page = await pageOf<Row>(db, resource, request.query);
    return ok({ ...page, records: page.records.map(toRecord) }, '操作成功！', 200);
  });

  r.get('/sys/tenant/queryById', { config: { permission: 'system:tenant:list' }, schema: { tags, summary: '按ID查询租户', querystring: z.object({ id: tenantId }) } }, async (request) => {
    const [row] = await db.select().from(sysTenant).where(eq(sysTenant.id, request.query.id));
    if (!row) throw new BizError('未找到对应数据');
    return ok(toRecord(row), '操作成功！', 200);
  });

  r.get(
    '/sys/tenant/queryList',
    { config: { signedIn: true }, schema: { tags, summary: '可选的租户（登录后选择租户用）', description: '只返回本人所属（rel_tenant_ids）且启用的租户；管理员返回全部启用租户。', querystring: z.object({ ids: z.string().max(2000).optional() }) } },
    async (request) => {
      const me = await findUserById(db, request.user!.id);
      const admin = await hasRole(db, request.user!.id, 'admin');
      const mine = tenantIdsIn(splitList(me?.relTenantIds));
      const asked = request.query.ids ? tenantIdsIn(splitIds(request.query.ids)) : null;
      const allowed = admin ? asked : (asked ?? mine).filter((id) => mine.includes(id));
      const conds = [eq(sysTenant.status, 1)];
      if (allowed) conds.push(inArray(sysTenant.id, allowed.length ? allowed : [-1]));
      return ok((await db.select().from(sysTenant).where(and(...conds)).orderBy(sysTenant.id)).map(toRecord), '操作成功！', 200);
    },
  );

  r.post('/sys/tenant/add', { config: { permission: 'system:tenant:add' }, schema: { tags, summary: '添加租户', body: tenantBody } }, async (request) => {
    const b = request.body;
    const inserted = await db
      .insert(sysTenant)
      .values({ id: b.id, name: b.name, beginDate: toDate(b.beginDate), endDate: toDate(b.endDate), status: b.status, createBy: request.user!.username, createTime: new Date() })
      .onConflictDoNothing()
      .returning({ id: sysTenant.id });
    if (!inserted.length) throw new BizError('租户编号已存在');
    return ok(b.id, '添加成功！', 200);
  });

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/tenant/edit',
    config: { permission: 'system:tenant:edit' },
    schema: { tags, summary: '编辑租户', body: tenantBody },
    handler: async (request) => {
      const b = request.body;
      const updated = await db.update(sysTenant).set({ name: b.name, beginDate: toDate(b.beginDate), endDate: toDate(b.endDate), status: b.status }).where(eq(sysTenant.id, b.id)).returning({ id: sysTenant.id });
      if (!updated.length) throw new BizError('未找到对应数据');
      return ok(null, '编辑成功!', 200);
    },
  });

  const remove = async (raw: string[]) => {
    const ids = raw.map((id) => {
      const parsed = tenantId.safeParse(id);
      if (!parsed.success) throw new BizError(parsed.error.issues[0].message, 500, 400);
      return parsed.data;
    });
    const used = await db.execute(sql`select 1 from sys_position where tenant_id = any(${`{${ids.join(',')}}`}::int[]) limit 1`);
    if ((used as unknown as { rows: unknown[] }).rows.length) throw new BizError('租户下还有数据，不能删除');
    await db.delete(sysTenant).where(inArray(sysTenant.id, ids));
  };
  r.delete('/sys/tenant/delete', { config: { permission: 'system:tenant:delete' }, schema: { tags, summary: '删除租户', querystring: z.object({ id: tenantId }) } }, async (request) => {
    await remove([String(request.query.id)]);
    return ok(null, '删除成功!', 200);
  });
  r.delete('/sys/tenant/deleteBatch', { config: { permission: 'system:tenant:delete' }, schema: { tags, summary: '批量删除租户', querystring: idsQuery() } }, async (request) => {
    await remove(splitIds(request.query.ids));
    return ok(null, '批量删除成功!', 200);
  });
}
