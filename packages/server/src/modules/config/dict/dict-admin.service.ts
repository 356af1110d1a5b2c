import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  DictAddBody,
  DictEditBody,
  DictItemAddBody,
  DictItemEditBody,
  DictItemRecord,
  DictItemRow,
  DictItemTableBody,
  DictRecord,
  DictTreeRecord,
  Page,
} from '@sbwq/contracts';
import { CheckMsg, DictItemPerm, dictItemRow, dictItemRowError, DictMsg, dictTableRowError, Msg } from '@sbwq/contracts';
import { hasPermission } from '../../../platform/access/access.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { answer } from '../../../platform/flow/flow-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysDict, sysDictItem } from './dict.table.ts';

/** Administration of sys_dict and sys_dict_item (JEECG-API §5.3). Every change clears the dictionary caches. */
export const dictWhitelist: ListResource = {
  table: sysDict,
  fields: fieldsOf(sysDict, {
    dictName: 'string',
    dictCode: 'string',
    description: 'string',
    type: 'number',
    createTime: 'datetime',
    updateTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** Filters only: items always come in sort_order (listItems). */
export const dictItemWhitelist: ListResource = {
  table: sysDictItem,
  fields: fieldsOf(sysDictItem, {
    dictId: ['string', { sort: false }],
    itemText: ['string', { sort: false }],
    itemValue: ['string', { sort: false }],
    description: ['string', { sort: false }],
    status: ['number', { sort: false }],
    sortOrder: ['number', { sort: false }],
  }),
  defaultSort: { field: 'sortOrder', order: 'asc' },
};

type DictRow = typeof sysDict.$inferSelect;
type ItemRow = typeof sysDictItem.$inferSelect;

const dictRecord = (row: DictRow): DictRecord => withDateTexts(row);
const itemRecord = (row: ItemRow): DictItemRecord => withDateTexts(row);

export async function listDicts({ db }: ResourceCtx, params: ListParams): Promise<Page<DictRecord>> {
  const page = await pageOf<DictRow>(db, dictWhitelist, params, { extra: [eq(sysDict.delFlag, 0)], tieBreak: sysDict.id });
  return { ...page, records: page.records.map(dictRecord) };
}

export async function dictById({ db }: Pick<ResourceCtx, 'db'>, id: string): Promise<DictRecord> {
  const [row] = await db
    .select()
    .from(sysDict)
    .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 0)));
  if (!row) throw new BizError(DictMsg.notFound);
  return dictRecord(row);
}

/** treeList: every live dictionary as a flat list with key/title (JEECG SysDictTree), optionally by name. */
export async function dictTreeList({ db }: ResourceCtx, { dictName }: { dictName?: string }): Promise<DictTreeRecord[]> {
  const conditions = [eq(sysDict.delFlag, 0)];
  if (dictName) conditions.push(sql`${sysDict.dictName} like ${`%${dictName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const found = await db
    .select()
    .from(sysDict)
    .where(and(...conditions))
    .orderBy(desc(sysDict.createTime), asc(sysDict.id));
  return found.map((row) => ({ ...dictRecord(row), key: row.id, title: row.dictName }));
}

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  const conditions = [eq(sysDict.dictCode, code)];
  if (exceptId) conditions.push(ne(sysDict.id, exceptId));
  const [taken] = await db
    .select({ delFlag: sysDict.delFlag })
    .from(sysDict)
    .where(and(...conditions));
  if (taken) throw new BizError(taken.delFlag === 0 ? DictMsg.codeTaken : DictMsg.codeTakenInRecycleBin);
}

/** Runs a write; a unique index hit by a concurrent request gives the same message as the pre-check. */
async function unique<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(message);
    throw error;
  }
}

export async function addDict({ db, user, deps: { dicts } }: ResourceCtx, body: DictAddBody): Promise<void> {
  await assertCodeFree(db, body.dictCode);
  await unique(DictMsg.codeTaken, () =>
    db.insert(sysDict).values({
      id: newId(),
      dictName: body.dictName,
      dictCode: body.dictCode,
      description: body.description ?? null,
      type: body.type ?? 0,
      delFlag: 0,
      ...created(user),
    }),
  );
  await dicts.invalidate();
}

export async function editDict({ db, user, deps: { dicts } }: ResourceCtx, body: DictEditBody): Promise<void> {
  await dictById({ db }, body.id);
  await assertCodeFree(db, body.dictCode, body.id);
  await unique(DictMsg.codeTaken, () =>
    db
      .update(sysDict)
      .set({ dictName: body.dictName, dictCode: body.dictCode, description: body.description ?? null, type: body.type ?? 0, ...updated(user) })
      .where(and(eq(sysDict.id, body.id), eq(sysDict.delFlag, 0))),
  );
  await dicts.invalidate();
}

/** delete / deleteBatch: logic delete into the recycle bin; the items stay for a restore. */
export async function deleteDicts({ db, user, deps: { dicts } }: ResourceCtx, ids: string[]): Promise<void> {
  const done = await db
    .update(sysDict)
    .set({ delFlag: 1, ...updated(user) })
    .where(and(inArray(sysDict.id, ids), eq(sysDict.delFlag, 0)))
    .returning({ id: sysDict.id });
  if (done.length === 0) throw new BizError(DictMsg.notFound);
  await dicts.invalidate();
}

export async function deletedDicts({ db }: ResourceCtx): Promise<DictRecord[]> {
  const found = await db.select().from(sysDict).where(eq(sysDict.delFlag, 1)).orderBy(desc(sysDict.updateTime), asc(sysDict.id));
  return found.map(dictRecord);
}

export async function restoreDict({ db, user, deps: { dicts } }: ResourceCtx, { id }: { id: string }): Promise<null> {
  const done = await db
    .update(sysDict)
    .set({ delFlag: 0, ...updated(user) })
    .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 1)))
    .returning({ id: sysDict.id });
  if (done.length === 0) throw new BizError(DictMsg.notFound);
  await dicts.invalidate();
  return null;
}

/** deletePhysic: removes a dictionary from the recycle bin for good, with its items. */
export async function purgeDict({ db, deps: { dicts } }: ResourceCtx, { id }: { id: string }): Promise<null> {
  await db.transaction(async (tx) => {
    const done = await tx
      .delete(sysDict)
      .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 1)))
      .returning({ id: sysDict.id });
    if (done.length === 0) throw new BizError('只能彻底删除回收站中的字典');
    await tx.delete(sysDictItem).where(eq(sysDictItem.dictId, id));
  });
  await dicts.invalidate();
  return null;
}

// ---- items ----

/** The items of a dictionary page by page, status with its status_dictText. */
export async function listItems({ db, deps: { dicts } }: ResourceCtx, params: ListParams): Promise<Page<DictItemRecord>> {
  // Items always come in sort_order (JEECG-API §5.3); the client's default createTime sort is not applied.
  const { column: _column, order: _order, ...filters } = params;
  const page = await pageOf<ItemRow>(db, dictItemWhitelist, filters, { tieBreak: sysDictItem.id });
  return { ...page, records: await dicts.withDictText(page.records.map(itemRecord), { status: 'dict_item_status' }) };
}

async function liveDict(db: Db, dictId: string) {
  const [dict] = await db
    .select({ id: sysDict.id })
    .from(sysDict)
    .where(and(eq(sysDict.id, dictId), eq(sysDict.delFlag, 0)));
  if (!dict) throw new BizError(DictMsg.dictMissing);
}

async function assertValueFree(db: Db, dictId: string, value: string, exceptId?: string) {
  const conditions = [eq(sysDictItem.dictId, dictId), eq(sysDictItem.itemValue, value)];
  if (exceptId) conditions.push(ne(sysDictItem.id, exceptId));
  const [taken] = await db
    .select({ id: sysDictItem.id })
    .from(sysDictItem)
    .where(and(...conditions));
  if (taken) throw new BizError(DictMsg.itemValueTaken);
}

export async function addItem({ db, user, deps: { dicts } }: ResourceCtx, body: DictItemAddBody): Promise<void> {
  await liveDict(db, body.dictId);
  await assertValueFree(db, body.dictId, body.itemValue);
  await unique(DictMsg.itemValueTaken, () =>
    db.insert(sysDictItem).values({
      id: newId(),
      dictId: body.dictId,
      itemText: body.itemText,
      itemValue: body.itemValue,
      description: body.description ?? null,
      sortOrder: body.sortOrder ?? 0,
      status: body.status ?? 1,
      ...created(user),
    }),
  );
  await dicts.invalidate();
}

/** An item stays in its dictionary: the dictId of the stored row is used, whatever the body says. */
export async function editItem({ db, user, deps: { dicts } }: ResourceCtx, body: DictItemEditBody): Promise<void> {
  const [item] = await db.select().from(sysDictItem).where(eq(sysDictItem.id, body.id));
  if (!item) throw new BizError(DictMsg.notFound);
  await assertValueFree(db, item.dictId, body.itemValue, body.id);
  await unique(DictMsg.itemValueTaken, () =>
    db
      .update(sysDictItem)
      .set({
        itemText: body.itemText,
        itemValue: body.itemValue,
        description: body.description ?? null,
        sortOrder: body.sortOrder ?? item.sortOrder,
        status: body.status ?? item.status,
        ...updated(user),
      })
      .where(eq(sysDictItem.id, body.id)),
  );
  await dicts.invalidate();
}

export async function deleteItems({ db, deps: { dicts } }: ResourceCtx, ids: string[]): Promise<void> {
  const done = await db.delete(sysDictItem).where(inArray(sysDictItem.id, ids)).returning({ id: sysDictItem.id });
  if (done.length === 0) throw new BizError(DictMsg.notFound);
  await dicts.invalidate();
}

const rowRefused = (index: number, message: string) => new BizError(dictTableRowError(index + 1, message));

/** Every row of 表格编辑 checked with the contracts' row schema; the first refusal names its row. */
function tableRows(values: readonly Record<string, unknown>[]): DictItemRow[] {
  return values.map((value, index) => {
    const error = dictItemRowError(value);
    if (error) throw rowRefused(index, error);
    const parsed = dictItemRow.safeParse(value);
    if (!parsed.success) throw rowRefused(index, parsed.error.issues[0]?.message ?? Msg.badRequest);
    return parsed.data;
  });
}

/**
 * 表格编辑 (the whole table of one dictionary) in one transaction: the removed items deleted, the rows
 * edited or added, each row's 排序 its place (1…n). All rows are saved or none; a refusal names the
 * row. Adding and removing need their own permission codes besides the route's 编辑.
 */
export async function saveItemTable({ db, user, deps: { dicts } }: ResourceCtx, body: DictItemTableBody): Promise<null> {
  const rows = tableRows(body.values);
  const adds = rows.some((row) => !row.id);
  if (
    (adds && !(await hasPermission(db, user.id, DictItemPerm.add, user.accessVersion))) ||
    (body.deleteIds.length && !(await hasPermission(db, user.id, DictItemPerm.delete, user.accessVersion)))
  ) {
    throw new BizError(Msg.noPermission, 510, 403);
  }
  // a value taken meanwhile through the single-item calls meets the unique index: the same refusal as theirs
  await unique(DictMsg.itemValueTaken, () => saveTableRows(db, user, body, rows));
  await dicts.invalidate();
  return null;
}

function saveTableRows(db: Db, user: SessionUser, body: DictItemTableBody, rows: DictItemRow[]): Promise<void> {
  return db.transaction(async (t) => {
    // one table save of a dictionary at a time, so that two never interleave their values
    const [dict] = await t
      .select({ id: sysDict.id })
      .from(sysDict)
      .where(and(eq(sysDict.id, body.dictId), eq(sysDict.delFlag, 0)))
      .for('update');
    if (!dict) throw new BizError(DictMsg.dictMissing);
    const existing = await t.select().from(sysDictItem).where(eq(sysDictItem.dictId, dict.id));
    const byId = new Map(existing.map((item) => [item.id, item]));
    const deleted = new Set(body.deleteIds.filter((id) => byId.has(id)));
    const sent = new Set<string>();
    rows.forEach((row, index) => {
      if (!row.id) return;
      if (!byId.has(row.id) || deleted.has(row.id) || sent.has(row.id)) throw rowRefused(index, `${DictMsg.notFound}，请刷新后重试`);
      sent.add(row.id);
    });
    // values of the items this table did not send (added meanwhile elsewhere) stay taken
    const keptValues = new Set(existing.filter((item) => !deleted.has(item.id) && !sent.has(item.id)).map((item) => item.itemValue));
    const firstRowOf = new Map<string, number>();
    rows.forEach((row, index) => {
      const earlier = firstRowOf.get(row.itemValue);
      if (earlier !== undefined) throw rowRefused(index, `数据值与第 ${earlier + 1} 行重复`);
      if (keptValues.has(row.itemValue)) throw rowRefused(index, DictMsg.itemValueTaken);
      firstRowOf.set(row.itemValue, index);
    });

    if (deleted.size) await t.delete(sysDictItem).where(and(eq(sysDictItem.dictId, dict.id), inArray(sysDictItem.id, [...deleted])));
    // Values move in two steps, so that two rows swapping their values never meet the unique index half way.
    const moved = rows.filter((row) => row.id && byId.get(row.id)!.itemValue !== row.itemValue);
    for (const row of moved)
      await t
        .update(sysDictItem)
        .set({ itemValue: `#${row.id}` })
        .where(eq(sysDictItem.id, row.id!));
    const audit = updated(user);
    for (const [index, row] of rows.entries()) {
      if (!row.id) continue;
      const before = byId.get(row.id)!;
      const next = {
        itemText: row.itemText,
        itemValue: row.itemValue,
        description: row.description ?? null,
        sortOrder: index + 1,
        status: row.status ?? before.status,
      };
      const same =
        next.itemText === before.itemText &&
        next.itemValue === before.itemValue &&
        next.description === before.description &&
        next.sortOrder === before.sortOrder &&
        next.status === before.status;
      if (!same)
        await t
          .update(sysDictItem)
          .set({ ...next, ...audit })
          .where(eq(sysDictItem.id, row.id));
    }
    const inserts = [...rows.entries()]
      .filter(([, row]) => !row.id)
      .map(([index, row]) => ({
        id: newId(),
        dictId: dict.id,
        itemText: row.itemText,
        itemValue: row.itemValue,
        description: row.description ?? null,
        sortOrder: index + 1,
        status: row.status ?? 1,
        ...created(user),
      }));
    if (inserts.length) await t.insert(sysDictItem).values(inserts);
  });
}

/** dictItemCheck: is this value still free within the dictionary (excluding the item being edited)? The message says. */
export async function itemValueFree({ db }: ResourceCtx, input: { dictId: string; itemValue: string; id?: string }) {
  await assertValueFree(db, input.dictId, input.itemValue.trim(), input.id).catch(() => {
    throw new BizError(CheckMsg.valueTaken);
  });
  return answer(null, CheckMsg.valueAvailable);
}

export const resource = { list: listDicts, byId: dictById, add: addDict, edit: editDict, remove: deleteDicts };

export const itemResource = { list: listItems, add: addItem, edit: editItem, remove: deleteItems };
