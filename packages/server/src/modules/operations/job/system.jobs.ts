import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { JobHandlers } from './job.runner.ts';
import { pruneLogs } from '../log/log.service.ts';
import { BackupError, BackupMsg, backupName, pruneBackups, writeBackup } from '../../core/backup/backup.ts';
import { pruneBucketBackups, putBackup } from '../../core/backup/backup-bucket.ts';

/**
 * Deletes in chunks of `chunk` rows, each its own statement, until a chunk comes back short: a large
 * backlog never holds one long lock or one huge transaction.
 */
async function deleteInChunks(db: Db, chunk: number, oneChunk: (limit: number) => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await rows<{ n: number }>(db, sql`with gone as (${oneChunk(chunk)}) select count(*)::int as n from gone`);
    total += done[0].n;
    if (done[0].n < chunk) return total;
  }
}

/** The system's own routine work: sessions that can no longer be used, and old log entries. */
export const systemJobs: JobHandlers = {
  /**
   * A session is of no use once it expired, was signed out, or sat idle past the policy; after the
   * grace hours (so 在线用户 and the last sign-in stay explainable for a while) its row goes.
   */
  sessionCleanup: async ({ db, deps, params }) => {
    const grace = sql`(${params.graceHours} * interval '1 hour')`;
    const idle = sql`(${deps.policy.idleMinutes} * interval '1 minute')`;
    const n = await deleteInChunks(
      db,
      params.chunk,
      (limit) => sql`delete from sys_session where token_hash in (
        select token_hash from sys_session
         where expires_at < now() - ${grace} or revoked_at < now() - ${grace} or last_seen_at < now() - ${idle} - ${grace}
         limit ${limit}) returning 1`,
    );
    return `删除过期会话 ${n} 条`;
  },

  /** sys_log rows (login and operation log) created more than `days` days ago, `chunk` rows per statement (the log's own `pruneLogs`). */
  logRetention: async ({ db, params }) => {
    const n = await pruneLogs(db, params.days, { chunk: params.chunk });
    return `删除 ${params.days} 天前的日志 ${n} 条`;
  },

  /**
   * npm run backup's archive, written into `dir` (under DATA_DIR unless absolute); the newest `keep` stay there,
   * or, with target `bucket`, it goes up to the backup bucket and the newest `keep` stay in the bucket.
   */
  backup: async ({ db, deps, params }) => {
    const bucket = deps.config.backupBucket;
    if (params.target === 'bucket' && !bucket) throw new BackupError(BackupMsg.noBucket);
    const dir = path.resolve(deps.config.dataDir, params.dir);
    const out = path.join(dir, backupName());
    const manifest = await writeBackup({ db, config: deps.config }, out);
    const missing = manifest.missing.length ? `；${manifest.missing.length} 个文件在存储中缺失` : '';
    const what = `${Object.keys(manifest.tables).length} 张表、${manifest.files.length} 个文件${missing}`;
    if (params.target === 'folder') return `已备份到 ${out}：${what}；删除旧备份 ${await pruneBackups(dir, params.keep)} 个`;
    // A failed upload leaves the archive in the folder (the error says where), so the night's backup is not lost.
    const key = await putBackup(bucket!, out).catch((e: Error) => {
      throw new BackupError(`${e.message}；备份文件留在 ${out}`);
    });
    await fs.rm(out, { force: true });
    return `已备份到存储桶 ${bucket!.bucket}/${key}：${what}；删除旧备份 ${await pruneBucketBackups(bucket!, params.keep)} 个`;
  },
};
