import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { DATA_TABLE_TEXT, DataLogMsg, DataLogOpText, type ChainReportRecord, type DataLogRecord, type Page } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike, fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { sysDataLog, type DataLogRow } from '../../core/datalog/datalog.table.ts';
import { ChainHeadError, sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { displayOf, lookupsFor, titleOf, type Lookups } from './datalog.display.ts';

export const dataLogWhitelist: ListResource = {
  table: sysDataLog,
  fields: fieldsOf(sysDataLog, { dataTable: 'string', dataId: 'string', dataVersion: 'number', op: 'string', createBy: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** `user`: the account or the name contains it (as the system log's filter). */
function extraFilters(params: ListParams): SQL[] {
  const user =
    typeof params.user === 'string'
      ? params.user
          .trim()
          .replace(/^\*|\*$/g, '')
          .slice(0, 100)
      : '';
  if (!user) return [];
  const like = `%${escapeLike(user)}%`;
  return [or(ilike(sysDataLog.createBy, like), ilike(sysDataLog.createName, like))!];
}

const record = (row: DataLogRow, look: Lookups): DataLogRecord => ({
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
  dataTitle: titleOf(row.dataTable, row.dataContent, look),
  display: displayOf(row.dataTable, row.dataContent, look),
  createBy: row.createBy,
  createName: row.createName,
  createTime: formatDateTime(row.createTime),
  chainSeq: row.chainSeq === null ? null : Number(row.chainSeq),
  hash: row.hash,
});

/** Versions as the screens read them, their lookups made once for all of them. */
async function records(db: Db, dicts: DictService, found: DataLogRow[]): Promise<DataLogRecord[]> {
  const look = await lookupsFor(
    db,
    dicts,
    found.map((r) => ({ table: r.dataTable, content: r.dataContent })),
  );
  return found.map((r) => record(r, look));
}

/** GET /sys/dataLog/list: newest first; filters 表名, 记录ID, 操作人, 时间范围 (createTime_begin/_end). */
export async function listDataLogs({ db, deps: { dicts } }: ResourceCtx, params: ListParams): Promise<Page<DataLogRecord>> {
  const page = await pageOf<DataLogRow>(db, dataLogWhitelist, params, { extra: extraFilters(params), tieBreak: sysDataLog.id });
  return { ...page, records: await records(db, dicts, page.records) };
}

/** A record's versions, oldest first (stock queryDataVerList). */
export async function versionsOf({ db, deps: { dicts } }: ResourceCtx, { dataTable, dataId }: { dataTable: string; dataId: string }): Promise<DataLogRecord[]> {
  const found = await db
    .select()
    .from(sysDataLog)
    .where(and(eq(sysDataLog.dataTable, dataTable), eq(sysDataLog.dataId, dataId)))
    .orderBy(asc(sysDataLog.dataVersion))
    .limit(1000);
  return records(db, dicts, found);
}

/**
 * Two versions of one record, the older first (stock queryCompareList). The stock compare modal parses
 * `dataContent` as JSON text and lists its keys: it gets the readable content, label → shown value.
 */
export async function compareVersions(
  { db, deps: { dicts } }: ResourceCtx,
  { dataId1: id1, dataId2: id2 }: { dataId1: string; dataId2: string },
): Promise<(Omit<DataLogRecord, 'dataContent'> & { dataContent: string })[]> {
  if (id1 === id2) throw new BizError(DataLogMsg.versionsRequired);
  const found = await db
    .select()
    .from(sysDataLog)
    .where(inArray(sysDataLog.id, [id1, id2]));
  if (found.length !== 2) throw new BizError(DataLogMsg.notFound);
  const [a, b] = found.sort((x, y) => x.dataVersion - y.dataVersion) as [DataLogRow, DataLogRow];
  if (a.dataTable !== b.dataTable || a.dataId !== b.dataId) throw new BizError(DataLogMsg.differentRecords);
  return (await records(db, dicts, [a, b])).map((r) => ({ ...r, dataContent: JSON.stringify(Object.fromEntries(r.display.map((f) => [f.label, f.text]))) }));
}

/** 校验: links what is not linked yet, then walks the whole chain. */
export async function verify({ db }: ResourceCtx): Promise<ChainReportRecord> {
  // A head whose signature fails is not extended; the walk below then reports where the chain breaks.
  const sealed = await sealChain(db).catch((error: unknown) => {
    if (error instanceof ChainHeadError) return 0;
    throw error;
  });
  return { ...(await verifyChain(db)), sealed };
}
