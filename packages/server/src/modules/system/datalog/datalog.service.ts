import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { DATA_TABLE_TEXT, DataLogMsg, DataLogOpText, type ChainReportRecord, type DataLogRecord, type Page } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike, fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { sysDataLog, type DataLogRow } from '../../core/datalog/datalog.table.ts';
import { ChainHeadError, sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';

export const dataLogWhitelist: ListResource = {
  table: sysDataLog,
  fields: fieldsOf(sysDataLog, { dataTable: 'string', dataId: 'string', dataVersion: 'number', op: 'string', createBy: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** `user`: the account or the name contains it (as the system log's filter). */
function extraFilters(params: ListParams): SQL[] {
  const user = typeof params.user === 'string' ? params.user.trim().replace(/^\*|\*$/g, '').slice(0, 100) : '';
  if (!user) return [];
  const like = `%${escapeLike(user)}%`;
  return [or(ilike(sysDataLog.createBy, like), ilike(sysDataLog.createName, like))!];
}

const record = (row: DataLogRow): DataLogRecord => ({
  id: row.id,
  dataTable: row.dataTable,
  dataTable_dictText: DATA_TABLE_TEXT[row.dataTable] ?? row.dataTable,
  dataId: row.dataId,
  dataVersion: row.dataVersion,
  op: row.op,
  op_dictText: DataLogOpText[row.op] ?? row.op,
  fields: row.fields,
  oldValues: row.oldValues ?? null,
  newValues: row.newValues ?? null,
  dataContent: row.dataContent,
  createBy: row.createBy,
  createName: row.createName,
  createTime: formatDateTime(row.createTime),
  chainSeq: row.chainSeq === null ? null : Number(row.chainSeq),
  hash: row.hash,
});

/** GET /sys/dataLog/list: newest first; filters 表名, 记录ID, 操作人, 时间范围 (createTime_begin/_end). */
export async function listDataLogs(db: Db, params: ListParams): Promise<Page<DataLogRecord>> {
  const page = await pageOf<DataLogRow>(db, dataLogWhitelist, params, { extra: extraFilters(params), tieBreak: sysDataLog.id });
  return { ...page, records: page.records.map(record) };
}

/** A record's versions, oldest first (stock queryDataVerList). */
export async function versionsOf(db: Db, dataTable: string, dataId: string): Promise<DataLogRecord[]> {
  const found = await db
    .select()
    .from(sysDataLog)
    .where(and(eq(sysDataLog.dataTable, dataTable), eq(sysDataLog.dataId, dataId)))
    .orderBy(asc(sysDataLog.dataVersion))
    .limit(1000);
  return found.map(record);
}

/** Two versions of one record, the older first (stock queryCompareList). */
export async function compareVersions(db: Db, id1: string, id2: string): Promise<DataLogRecord[]> {
  if (id1 === id2) throw new BizError(DataLogMsg.versionsRequired);
  const found = await db.select().from(sysDataLog).where(inArray(sysDataLog.id, [id1, id2]));
  if (found.length !== 2) throw new BizError(DataLogMsg.notFound);
  const [a, b] = found.sort((x, y) => x.dataVersion - y.dataVersion) as [DataLogRow, DataLogRow];
  if (a.dataTable !== b.dataTable || a.dataId !== b.dataId) throw new BizError(DataLogMsg.differentRecords);
  return [record(a), record(b)];
}

/** 校验: links what is not linked yet, then walks the whole chain. */
export async function verify(db: Db): Promise<ChainReportRecord> {
  // A head whose signature fails is not extended; the walk below then reports where the chain breaks.
  const sealed = await sealChain(db).catch((error: unknown) => {
    if (error instanceof ChainHeadError) return 0;
    throw error;
  });
  return { ...(await verifyChain(db)), sealed };
}
