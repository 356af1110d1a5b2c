import { and, eq, inArray, ne } from 'drizzle-orm';
import { PositionMsg, type Page, type PositionBody, type PositionEditBody, type PositionRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { sysPosition } from './position.table.ts';

export const positionWhitelist: ListResource = {
  table: sysPosition,
  fields: fieldsOf(sysPosition, { code: 'string', name: 'string', postRank: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysPosition.$inferSelect;

/** Rank value → text of the enabled items of dictionary position_rank; a row without a rank has no text. */
const ranks = async (ctx: ResourceCtx) => new Map(((await ctx.deps.dicts.allItems()).position_rank ?? []).map((i) => [i.value, i.text]));

const record = (row: Row, rank: Map<string, string>): PositionRecord => ({
  ...withDateTexts(row),
  postRank_dictText: row.postRank ? rank.get(row.postRank) : undefined,
});

/** Every query names the request's tenant: another tenant's rows are neither listed nor reachable by id. */
export async function listPositions(ctx: ResourceCtx, params: ListParams): Promise<Page<PositionRecord>> {
  const page = await pageOf<Row>(ctx.db, positionWhitelist, params, { extra: [eq(sysPosition.tenantId, ctx.tenantId)], tieBreak: sysPosition.id });
  const rank = await ranks(ctx);
  return { ...page, records: page.records.map((row) => record(row, rank)) };
}

export async function positionById(ctx: ResourceCtx, id: string): Promise<PositionRecord> {
  const [row] = await ctx.db
    .select()
    .from(sysPosition)
    .where(and(eq(sysPosition.id, id), eq(sysPosition.tenantId, ctx.tenantId)));
  if (!row) throw new BizError(PositionMsg.notFound);
  return record(row, await ranks(ctx));
}

async function codeTaken(db: Db, tenantId: number, code: string, exceptId?: string) {
  const conds = [eq(sysPosition.tenantId, tenantId), eq(sysPosition.code, code)];
  if (exceptId) conds.push(ne(sysPosition.id, exceptId));
  return (
    (
      await db
        .select({ id: sysPosition.id })
        .from(sysPosition)
        .where(and(...conds))
        .limit(1)
    ).length > 0
  );
}

export async function addPosition(ctx: ResourceCtx, body: PositionBody): Promise<string> {
  if (await codeTaken(ctx.db, ctx.tenantId, body.code)) throw new BizError(PositionMsg.codeTaken);
  const id = newId();
  await ctx.db
    .insert(sysPosition)
    .values({ id, code: body.code, name: body.name, postRank: body.postRank, tenantId: ctx.tenantId, sysOrgCode: ctx.user.orgCode, ...created(ctx.user) });
  return id;
}

export async function editPosition(ctx: ResourceCtx, body: PositionEditBody): Promise<void> {
  if (await codeTaken(ctx.db, ctx.tenantId, body.code, body.id)) throw new BizError(PositionMsg.codeTaken);
  const done = await ctx.db
    .update(sysPosition)
    .set({ code: body.code, name: body.name, postRank: body.postRank, ...updated(ctx.user) })
    .where(and(eq(sysPosition.id, body.id), eq(sysPosition.tenantId, ctx.tenantId)))
    .returning({ id: sysPosition.id });
  if (!done.length) throw new BizError(PositionMsg.notFound);
}

export async function deletePositions(ctx: ResourceCtx, ids: string[]): Promise<void> {
  const gone = await ctx.db
    .delete(sysPosition)
    .where(and(inArray(sysPosition.id, ids), eq(sysPosition.tenantId, ctx.tenantId)))
    .returning({ id: sysPosition.id });
  if (!gone.length) throw new BizError(PositionMsg.notFound);
}

export const resource = { list: listPositions, byId: positionById, add: addPosition, edit: editPosition, remove: deletePositions };
