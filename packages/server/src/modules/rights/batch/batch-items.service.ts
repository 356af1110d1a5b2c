import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  BatchDict,
  BatchLogAction,
  BatchMsg,
  BatchStatus,
  EDITABLE_STATUSES,
  ItemStatus,
  MAX_BATCH_ITEMS,
  type BatchItemRecord,
  type BatchItemValue,
  type BatchItemsSaveBody,
  type Page,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { applyAmountOf, usablePool } from './batch-rules.ts';
import { DataTable, recordVersion, recordVersions } from '../../core/datalog/datalog.service.ts';
import { writeLog } from './batch-log.ts';
import { lockOwnBatch } from './batch.service.ts';
import { visibleBatch } from '../../core/tables/batch-scope.ts';
import { rightsBatch, rightsBatchItem, type BatchItemRow, type BatchRow } from '../../core/tables/batch.table.ts';
import { by } from '../../../platform/db/audit.ts';

export const itemWhitelist: ListResource = {
  table: rightsBatchItem,
  fields: fieldsOf(rightsBatchItem, {
    seq: 'number',
    linkUrl: 'string',
    shopName: 'string',
    operator: 'string',
    location: 'string',
    goodsName: 'string',
    status: 'string',
    complaintNo: 'string',
    handleTime: 'date',
  }),
  defaultSort: { field: 'seq', order: 'asc' },
};

const itemRecord = ({ createBy: _c, updateBy: _u, ...row }: BatchItemRow) => withDateTexts(row, ['createTime', 'updateTime']);

/** 线索明细 of a batch the caller may see; pageSize up to 1000, the editable grid loads 2000 in two pages. */
export async function listItems(db: Db, dicts: DictService, user: SessionUser, batchId: string, params: ListParams): Promise<Page<BatchItemRecord>> {
  await visibleBatch(db, user, batchId);
  const page = await pageOf<BatchItemRow>(db, itemWhitelist, params, { extra: [eq(rightsBatchItem.batchId, batchId)], tieBreak: rightsBatchItem.id });
  const records = await dicts.withDictText(page.records.map(itemRecord), { status: BatchDict.itemStatus });
  return { ...page, records: records as unknown as BatchItemRecord[] };
}

const content = (v: BatchItemValue) => ({
  linkUrl: v.linkUrl,
  shopName: v.shopName,
  operator: v.operator,
  location: v.location,
  goodsName: v.goodsName,
  price: v.price ?? null,
  evidence: v.evidence,
  remark: v.remark,
});

const handling = (v: BatchItemValue, current: BatchItemRow) => ({
  status: v.status ?? current.status,
  complaintNo: v.complaintNo,
  handleTime: v.handleTime,
  remark: v.remark,
});

/** Recounts 线索数量 and recomputes 申请金额 of a draft after its items changed. */
export async function recount(t: Db, user: SessionUser, row: BatchRow): Promise<void> {
  const [{ n }] = await t
    .select({ n: sql<number>`count(*)::int` })
    .from(rightsBatchItem)
    .where(eq(rightsBatchItem.batchId, row.id));
  const pool = await usablePool(t, row.poolId);
  const applyAmount = await applyAmountOf(t, pool, row.orgId, row.id, n);
  const now = new Date();
  await t
    .update(rightsBatch)
    .set({ itemCount: n, applyAmount, updateBy: by(user), updateTime: now })
    .where(eq(rightsBatch.id, row.id));
  // 数据日志: a version only when the count or the amount moved (nothing is written otherwise)
  await recordVersion(t, user, DataTable.batch, row.id, row, { itemCount: n, applyAmount }, now);
}

function firstDuplicate(urls: string[]): string | null {
  const seen = new Set<string>();
  for (const url of urls) {
    if (seen.has(url)) return url;
    seen.add(url);
  }
  return null;
}

/**
 * Adds, changes and deletes the rows of the editable grid (its getValues() and the ids it deleted).
 * While 草稿 / 退回补正 everything may change and every item is 待处理; while 维权中 only the handling
 * (状态, 投诉单号, 处理时间, 备注) of existing items — the count the money was approved for stays.
 * Links are unique in a batch and at most MAX_BATCH_ITEMS; the whole save applies or nothing does.
 */
export async function saveItems(db: Db, user: SessionUser, body: BatchItemsSaveBody): Promise<void> {
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    const batch = await lockOwnBatch(t, org, body.batchId);
    const existing = await t.select().from(rightsBatchItem).where(eq(rightsBatchItem.batchId, batch.id));
    const byId = new Map(existing.map((i) => [i.id, i]));
    const now = new Date();
    if (batch.status === BatchStatus.enforcing) {
      if (body.deleteIds.length || body.values.some((v) => !v.id || !byId.has(v.id))) throw new BizError(BatchMsg.itemsLocked);
      for (const v of body.values)
        await t
          .update(rightsBatchItem)
          .set({ ...handling(v, byId.get(v.id!)!), updateBy: by(user), updateTime: now })
          .where(eq(rightsBatchItem.id, v.id!));
      await recordVersions(
        t,
        user,
        DataTable.item,
        body.values.map((v) => ({ id: v.id!, before: byId.get(v.id!), after: handling(v, byId.get(v.id!)!) })),
        now,
      );
      await writeLog(t, user, batch.id, BatchLogAction.items, `更新 ${body.values.length} 条明细的处理结果`, now);
      return;
    }
    if (!EDITABLE_STATUSES.includes(batch.status)) throw new BizError(BatchMsg.itemsNotEditable);
    const deleted = new Set(body.deleteIds.filter((id) => byId.has(id)));
    const updates = body.values.filter((v) => v.id && byId.has(v.id) && !deleted.has(v.id));
    const inserts = body.values.filter((v) => !v.id || !byId.has(v.id));
    const updatedIds = new Set(updates.map((v) => v.id!));
    const finalUrls = [
      ...existing.filter((i) => !deleted.has(i.id) && !updatedIds.has(i.id)).map((i) => i.linkUrl),
      ...updates.map((v) => v.linkUrl),
      ...inserts.map((v) => v.linkUrl),
    ];
    if (finalUrls.length > MAX_BATCH_ITEMS) throw new BizError(BatchMsg.tooManyItems);
    const dup = firstDuplicate(finalUrls);
    if (dup) throw new BizError(BatchMsg.duplicateUrl(dup));
    if (deleted.size) await t.delete(rightsBatchItem).where(and(eq(rightsBatchItem.batchId, batch.id), inArray(rightsBatchItem.id, [...deleted])));
    // Two passes, so that swapping the links of two rows never meets the unique index half way.
    for (const v of updates)
      await t
        .update(rightsBatchItem)
        .set({ linkUrl: `#${v.id}` })
        .where(eq(rightsBatchItem.id, v.id!));
    for (const v of updates) {
      await t
        .update(rightsBatchItem)
        .set({ ...content(v), status: ItemStatus.waiting, updateBy: by(user), updateTime: now })
        .where(eq(rightsBatchItem.id, v.id!));
    }
    const insertedIds = await insertItems(
      t,
      user,
      batch.id,
      inserts,
      existing.reduce((m, i) => Math.max(m, i.seq), 0),
      now,
    );
    // 数据日志: every item this save changed or deleted, in one INSERT (the added ones: insertItems).
    await recordVersions(
      t,
      user,
      DataTable.item,
      [
        ...[...deleted].map((id) => ({ id, before: byId.get(id), after: null })),
        ...updates.map((v) => ({ id: v.id!, before: byId.get(v.id!), after: { ...content(v), status: ItemStatus.waiting } })),
      ],
      now,
    );
    const sent = new Map<string, number>();
    updates.forEach((v) => v.seq && sent.set(v.id!, v.seq));
    inserts.forEach((v, i) => v.seq && sent.set(insertedIds[i], v.seq));
    await renumberItems(t, batch.id, sent);
    await recount(t, user, batch);
    await writeLog(t, user, batch.id, BatchLogAction.items, `新增 ${inserts.length} 条，修改 ${updates.length} 条，删除 ${deleted.size} 条`, now);
  });
}

/** Inserts new 待处理 items after `lastSeq`, in chunks that keep each statement's parameters few. */
export async function insertItems(t: Db, user: SessionUser | null, batchId: string, values: BatchItemValue[], lastSeq: number, now = new Date()) {
  const rowsToInsert = values.map((v, i) => ({
    id: newId(),
    batchId,
    seq: lastSeq + i + 1,
    ...content(v),
    status: ItemStatus.waiting,
    createBy: by(user),
    createTime: now,
  }));
  for (let i = 0; i < rowsToInsert.length; i += 500) await t.insert(rightsBatchItem).values(rowsToInsert.slice(i, i + 500));
  // 数据日志: the new items' first versions, in one INSERT (a seed without a user leaves them to the demo's versions)
  if (user)
    await recordVersions(
      t,
      user,
      DataTable.item,
      rowsToInsert.map((row) => ({ id: row.id, after: row })),
      now,
    );
  return rowsToInsert.map((row) => row.id);
}

/**
 * Numbers the items of a batch 1…n in the order the grid left them: a row sent with a 序号 takes that
 * place (ahead of an unsent row claiming the same), an unsent row keeps its place, rows added without one
 * follow the rest; so a deletion leaves no gap. Only the rows whose number changes are written.
 */
export async function renumberItems(t: Db, batchId: string, sent: ReadonlyMap<string, number>): Promise<void> {
  const rows = await t
    .select({ id: rightsBatchItem.id, seq: rightsBatchItem.seq })
    .from(rightsBatchItem)
    .where(eq(rightsBatchItem.batchId, batchId))
    .orderBy(asc(rightsBatchItem.seq), asc(rightsBatchItem.id));
  const placed = rows
    .map((row, index) => ({ row, index, place: sent.get(row.id) ?? row.seq, unsent: sent.has(row.id) ? 0 : 1 }))
    .sort((x, y) => x.place - y.place || x.unsent - y.unsent || x.index - y.index);
  const changes = placed.flatMap(({ row }, index) => (row.seq === index + 1 ? [] : [{ id: row.id, seq: index + 1 }]));
  for (let i = 0; i < changes.length; i += 500) {
    const values = sql.join(
      changes.slice(i, i + 500).map((c) => sql`(${c.id}, ${c.seq}::int)`),
      sql`, `,
    );
    await t.execute(sql`update rights_batch_item t set seq = v.seq from (values ${values}) as v(id, seq) where t.id = v.id and t.batch_id = ${batchId}`);
  }
}

/** Item counts by status: what closure needs. */
export async function itemCounts(t: Db, batchId: string): Promise<Record<string, number>> {
  const found = await t
    .select({ status: rightsBatchItem.status, n: sql<number>`count(*)::int` })
    .from(rightsBatchItem)
    .where(eq(rightsBatchItem.batchId, batchId))
    .groupBy(rightsBatchItem.status)
    .orderBy(asc(rightsBatchItem.status));
  return Object.fromEntries(found.map((r) => [r.status, r.n]));
}
