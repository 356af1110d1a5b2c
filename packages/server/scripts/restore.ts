/**
 * npm run restore -- <file.tar.gz> — brings an EMPTY installation back from npm run backup's archive
 * (issue 39): the configured database (DATABASE_URL: an empty database; or a DATA_DIR without one), the
 * files into the folder or the bucket (STORAGE, S3_*), the server key. Refuses a target that holds anything.
 * Checks every file and the dump against the manifest's fingerprints, and every table's row count after.
 */
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { BackupError } from '../src/modules/core/backup/backup.ts';
import { restoreBackup } from '../src/modules/core/backup/restore.ts';

const archive = process.argv[2];
if (!archive) {
  process.stderr.write('用法：npm run restore -- <备份文件.tar.gz>\n');
  process.exit(2);
}
const config = loadConfig(process.env);
try {
  const report = await restoreBackup(archive, config, (text) => process.stdout.write(`${text}\n`));
  // The release restoring may be newer than the one that backed up: its migrations run now, as at a start.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), role: 'maintenance' });
  await database.close();
  for (const difference of report.differences) process.stdout.write(`  行数不一致：${difference}\n`);
  process.stdout.write(`${report.differences.length ? 'BROKEN' : 'OK'} 已恢复 ${report.tables} 张表、${report.rows} 行、${report.files} 个文件\n`);
  process.exitCode = report.differences.length ? 1 : 0;
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
