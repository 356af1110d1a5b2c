import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Page, TableDictAddBody, TableDictEditBody, TableDictRecord } from '@sbwq/contracts';
import { DictMsg } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysTableDict } from './dict.table.ts';
import { checkTableDict, tableDictCode } from './table-dict.registry.ts';

/** Administration of the table-dictionary registry (sys_table_dict). */

export const tableDictWhitelist: ListResource = {
  table: sysTableDict,
  fields: fieldsOf(sysTableDict, { code: 'string', tableName: 'string', description: 'string', enabled: 'number', createTime: 'datetime' }),
  defaultSort: { field: 'code', order: 'asc' },
};

type Row = typeof sysTableDict.$inferSelect;
const record = (row: Row): TableDictRecord => withDateTexts(row);

export async function listTableDicts({ db }: ResourceCtx, params: ListParams): Promise<Page<TableDictRecord>> {
  const page = await pageOf<Row>(db, tableDictWhitelist, params, { tieBreak: sysTableDict.id });
  return { ...page, records: page.records.map(record) };
}

export async function tableDictById({ db }: Pick<ResourceCtx, 'db'>, id: string): Promise<TableDictRecord> {
  const [row] = await db.select().from(sysTableDict).where(eq(sysTableDict.id, id));
  if (!row) throw new BizError(DictMsg.notFound);
  return record(row);
}

/** The allow-list check, then the derived code; the filter is stored as its key only. */
function registration(body: TableDictAddBody) {
  const checked = checkTableDict(body);
  return {
    code: tableDictCode(checked.table, checked.text, checked.code),
    tableName: checked.table,
    textField: checked.text,
    codeField: checked.code,
    filterKey: body.filterKey || null,
    description: body.description ?? null,
    enabled: body.enabled ?? 1,
  };
}

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  const conditions = [eq(sysTableDict.code, code)];
  if (exceptId) conditions.push(ne(sysTableDict.id, exceptId));
  const [taken] = await db
    .select({ id: sysTableDict.id })
    .from(sysTableDict)
    .where(and(...conditions));
  if (taken) throw new BizError(DictMsg.tableDictTaken);
}

async function write(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(DictMsg.tableDictTaken);
    throw error;
  }
}

export async function addTableDict({ db, user, deps: { dicts } }: ResourceCtx, body: TableDictAddBody): Promise<void> {
  const values = registration(body);
  await assertCodeFree(db, values.code);
  await write(() => db.insert(sysTableDict).values({ id: newId(), ...values, ...created(user) }));
  await dicts.invalidate();
}

export async function editTableDict({ db, user, deps: { dicts } }: ResourceCtx, body: TableDictEditBody): Promise<void> {
  await tableDictById({ db }, body.id);
  const values = registration(body);
  await assertCodeFree(db, values.code, body.id);
  await write(() =>
    db
      .update(sysTableDict)
      .set({ ...values, ...updated(user) })
      .where(eq(sysTableDict.id, body.id)),
  );
  await dicts.invalidate();
}

export async function deleteTableDicts({ db, deps: { dicts } }: ResourceCtx, ids: string[]): Promise<void> {
  const done = await db.delete(sysTableDict).where(inArray(sysTableDict.id, ids)).returning({ id: sysTableDict.id });
  if (done.length === 0) throw new BizError(DictMsg.notFound);
  await dicts.invalidate();
}

export const resource = { list: listTableDicts, byId: tableDictById, add: addTableDict, edit: editTableDict, remove: deleteTableDicts };
