import { and, eq, inArray, sql } from 'drizzle-orm';
import { tenantId, TenantMsg, type Page, type TenantBody, type TenantRecord } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { created } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitIds, splitList } from '../../../platform/http/ids.ts';
import { hasRole } from '../../../platform/access/access.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { findUserById } from '../user/user.service.ts';
import { sysTenant } from './tenant.table.ts';

export const tenantWhitelist: ListResource = {
  table: sysTenant,
  fields: fieldsOf(sysTenant, { id: 'number', name: 'string', status: 'number', createTime: 'datetime' }),
  defaultSort: { field: 'id', order: 'asc' },
};

type Row = typeof sysTenant.$inferSelect;

const records = async (ctx: Pick<ResourceCtx, 'deps'>, found: Row[]): Promise<TenantRecord[]> =>
  (await ctx.deps.dicts.withDictText(
    found.map((row) => withDateTexts(row, ['beginDate', 'endDate', 'createTime'])),
    { status: 'tenant_status' },
  )) as TenantRecord[];

/** The valid tenant numbers of a list; anything else names no tenant and is left out. */
const tenantIdsIn = (ids: string[]) =>
  ids.flatMap((id) => {
    const parsed = tenantId.safeParse(id);
    return parsed.success ? [parsed.data] : [];
  });

/** A tenant number a query names; a malformed one is refused as the request schema would refuse it. */
const parseTenantId = (raw: string) => {
  const parsed = tenantId.safeParse(raw);
  if (!parsed.success) throw new BizError(parsed.error.issues[0].message, 400, 400);
  return parsed.data;
};

const toDate = (v: string | null | undefined) => {
  if (!v) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+08:00` : `${v.replace(' ', 'T')}+08:00`);
  if (Number.isNaN(d.getTime())) throw new BizError(TenantMsg.badDate);
  return d;
};

export async function listTenants(ctx: ResourceCtx, params: ListParams): Promise<Page<TenantRecord>> {
  const page = await pageOf<Row>(ctx.db, tenantWhitelist, params);
  return { ...page, records: await records(ctx, page.records) };
}

export async function tenantById(ctx: ResourceCtx, id: string): Promise<TenantRecord> {
  const [row] = await ctx.db
    .select()
    .from(sysTenant)
    .where(eq(sysTenant.id, parseTenantId(id)));
  if (!row) throw new BizError(TenantMsg.notFound);
  return (await records(ctx, [row]))[0];
}

/**
 * The enabled tenants a user may choose after login: their own (rel_tenant_ids), narrowed to `ids`
 * when given; an administrator may choose any.
 */
export async function selectableTenants(ctx: ResourceCtx, ids: string | undefined): Promise<TenantRecord[]> {
  const me = await findUserById(ctx.db, ctx.user.id);
  const admin = await hasRole(ctx.db, ctx.user.id, 'admin');
  const mine = tenantIdsIn(splitList(me?.relTenantIds));
  const asked = ids ? tenantIdsIn(splitIds(ids)) : null;
  const allowed = admin ? asked : (asked ?? mine).filter((id) => mine.includes(id));
  const conds = [eq(sysTenant.status, 1)];
  if (allowed) conds.push(inArray(sysTenant.id, allowed.length ? allowed : [-1]));
  return records(
    ctx,
    await ctx.db
      .select()
      .from(sysTenant)
      .where(and(...conds))
      .orderBy(sysTenant.id),
  );
}

export async function addTenant(ctx: ResourceCtx, body: TenantBody): Promise<number> {
  const inserted = await ctx.db
    .insert(sysTenant)
    .values({ id: body.id, name: body.name, beginDate: toDate(body.beginDate), endDate: toDate(body.endDate), status: body.status, ...created(ctx.user) })
    .onConflictDoNothing()
    .returning({ id: sysTenant.id });
  if (!inserted.length) throw new BizError(TenantMsg.idTaken);
  return body.id;
}

export async function editTenant(ctx: ResourceCtx, body: TenantBody): Promise<void> {
  const done = await ctx.db
    .update(sysTenant)
    .set({ name: body.name, beginDate: toDate(body.beginDate), endDate: toDate(body.endDate), status: body.status })
    .where(eq(sysTenant.id, body.id))
    .returning({ id: sysTenant.id });
  if (!done.length) throw new BizError(TenantMsg.notFound);
}

/** A tenant that still owns rows (positions) stays: deleting it would orphan them. */
export async function deleteTenants(ctx: ResourceCtx, raw: string[]): Promise<void> {
  const ids = raw.map(parseTenantId);
  const used = await rows(ctx.db, sql`select 1 from sys_position where tenant_id = any(${`{${ids.join(',')}}`}::int[]) limit 1`);
  if (used.length) throw new BizError(TenantMsg.inUse);
  await ctx.db.delete(sysTenant).where(inArray(sysTenant.id, ids));
}

export const resource = { list: listTenants, byId: tenantById, add: addTenant, edit: editTenant, remove: deleteTenants };
