import { and, eq, inArray, sql } from 'drizzle-orm';
import { namedIn, type FileKind } from '../../core/files/file-kinds.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';
import { BATCH_FILE_BIZ } from './batch.service.ts';

const batchTitle = sql<string>`${rightsBatch.batchNo} || ' ' || ${rightsBatch.batchName}`;

/** Evidence of a clue batch (线索附件, 结案材料): titled by 批次号 and 批次名称; linked when the batch is saved, never named by an upload. */
export const batchFileKind: FileKind = {
  bizType: BATCH_FILE_BIZ,
  titles: async (db, ids) =>
    (
      await db
        .select({ id: rightsBatch.id, title: batchTitle })
        .from(rightsBatch)
        .where(and(inArray(rightsBatch.id, ids), eq(rightsBatch.delFlag, '0')))
    ).map((b) => [b.id, b.title]),
  uses: namedIn({
    table: rightsBatch,
    columns: [rightsBatch.evidenceFiles, rightsBatch.closureFiles],
    live: eq(rightsBatch.delFlag, '0'),
    title: batchTitle,
    what: '线索批次',
  }),
};
