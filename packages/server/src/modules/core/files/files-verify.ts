import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { Config } from '../../../platform/config.ts';
import { sbFileInfo } from './file-info.table.ts';
import { isEvidenceFile } from './file-info.service.ts';
import { DataTable } from '../datalog/datalog.service.ts';
import { fileStoreOf, fingerprintOf } from '../../../platform/storage/file-store.ts';

export type FileProblem = { id: string; filePath: string; problem: 'missing' | 'changed' | 'chain'; recorded: string; actual: string | null };
export type FilesReport = { checked: number; problems: FileProblem[] };

/**
 * npm run files:verify (issue 39): every stored file with a fingerprint is read back through its store and
 * hashed; an evidence file's fingerprint must also be the one its last version in the data log holds, so a
 * fingerprint rewritten in sb_file_info alone is found (the chain itself is proved by datalog:verify).
 */
export async function verifyFiles(db: Db, config: Pick<Config, 'dataDir' | 'storage'>, onFile?: (done: number) => void): Promise<FilesReport> {
  const files = await db
    .select({ id: sbFileInfo.id, filePath: sbFileInfo.filePath, sha256: sbFileInfo.sha256, storage: sbFileInfo.storage, bizType: sbFileInfo.bizType })
    .from(sbFileInfo)
    .where(and(eq(sbFileInfo.delFlag, '0'), isNotNull(sbFileInfo.sha256)))
    .orderBy(sbFileInfo.id);
  const versions = await rows<{ data_id: string; sha256: string | null }>(
    db,
    sql`select distinct on (data_id) data_id, data_content->>'sha256' as sha256
        from sys_data_log where data_table = ${DataTable.evidenceFile}
        order by data_id, data_version desc`,
  );
  const chained = new Map(versions.map((r) => [r.data_id, r.sha256]));
  const problems: FileProblem[] = [];
  let done = 0;
  for (const row of files) {
    const recorded = row.sha256!;
    const store = fileStoreOf(config.dataDir, row.storage === 'local' ? { kind: 'local' } : config.storage);
    const actual = await fingerprintOf(store, row.filePath);
    if (!actual) problems.push({ id: row.id, filePath: row.filePath, problem: 'missing', recorded, actual });
    else if (actual !== recorded) problems.push({ id: row.id, filePath: row.filePath, problem: 'changed', recorded, actual });
    else if (isEvidenceFile(row) && chained.has(row.id) && chained.get(row.id) !== recorded)
      problems.push({ id: row.id, filePath: row.filePath, problem: 'chain', recorded, actual: chained.get(row.id) ?? null });
    onFile?.(++done);
  }
  return { checked: files.length, problems };
}
