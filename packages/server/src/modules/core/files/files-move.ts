import fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Config } from '../../../platform/config.ts';
import { sbFileInfo } from './file-info.table.ts';
import { fileStoreOf, fingerprintOf, spool, type StorageKind } from '../../../platform/storage/file-store.ts';

export type MoveReport = { moved: number; failed: { filePath: string; reason: string }[] };

/**
 * npm run files:move (issue 39): moves every stored file into the configured store (`to`), one file at a
 * time — read, hashed against its fingerprint, written, read back and hashed again, then its row switched
 * and only then the old copy removed. The server keeps serving meanwhile (a file is read where its row
 * says); stopped half-way, the next run carries on with the files not moved yet.
 */
export async function moveFiles(
  db: Db,
  config: Pick<Config, 'dataDir' | 'storage'>,
  to: StorageKind,
  onFile?: (filePath: string) => void,
): Promise<MoveReport> {
  if (config.storage.kind !== 's3') throw new Error('在本地目录与存储桶之间移动文件需要 STORAGE=s3 及 S3_* 配置（即那个存储桶）');
  const local = fileStoreOf(config.dataDir, { kind: 'local' });
  const target = to === 'local' ? local : fileStoreOf(config.dataDir, config.storage);
  const source = to === 'local' ? fileStoreOf(config.dataDir, config.storage) : local;
  const files = await db
    .select()
    .from(sbFileInfo)
    .where(and(eq(sbFileInfo.delFlag, '0'), ne(sbFileInfo.storage, to)))
    .orderBy(sbFileInfo.id);
  const report: MoveReport = { moved: 0, failed: [] };
  for (const file of files) {
    const stream = await source.get(file.filePath);
    if (!stream) {
      report.failed.push({ filePath: file.filePath, reason: '源存储中找不到该文件' });
      continue;
    }
    const spooled = await spool(stream, `${randomUUID()}.move`);
    try {
      if (file.sha256 && spooled.sha256 !== file.sha256) {
        report.failed.push({ filePath: file.filePath, reason: '文件内容与上传时指纹不一致，未移动' });
        continue;
      }
      await target.put(file.filePath, spooled.file, spooled.size, file.mimeType);
      if ((await fingerprintOf(target, file.filePath)) !== spooled.sha256) {
        report.failed.push({ filePath: file.filePath, reason: '写入目标存储后读回的指纹不一致，未移动' });
        continue;
      }
      // A file stored before fingerprints gets the one just computed and checked on both sides.
      await db
        .update(sbFileInfo)
        .set({ storage: to, sha256: file.sha256 ?? spooled.sha256 })
        .where(and(eq(sbFileInfo.id, file.id), eq(sbFileInfo.storage, file.storage)));
      await source.remove(file.filePath);
      report.moved++;
      onFile?.(file.filePath);
    } finally {
      await fsp.rm(spooled.file, { force: true });
    }
  }
  return report;
}
