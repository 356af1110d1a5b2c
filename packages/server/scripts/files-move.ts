/**
 * npm run files:move -- s3 | local — moves the stored uploads from the local folder into the bucket, or
 * back (issue 39); each file checked against its fingerprint before and after; resumable (run it again
 * after an interruption). Needs STORAGE=s3 and the bucket's S3_* settings, like the servers; they may keep running.
 */
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { moveFiles } from '../src/modules/core/files/files-move.ts';

const to = process.argv[2];
if (to !== 's3' && to !== 'local') {
  process.stderr.write('用法：npm run files:move -- s3（本地目录 → 存储桶）或 npm run files:move -- local（存储桶 → 本地目录）\n');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  const report = await moveFiles(database.db, config, to, (filePath) => process.stdout.write(`已移动 ${filePath}\n`));
  for (const f of report.failed) process.stdout.write(`未移动 ${f.filePath}：${f.reason}\n`);
  process.stdout.write(`${report.failed.length ? 'INCOMPLETE' : 'OK'} 移动 ${report.moved} 个文件，未移动 ${report.failed.length} 个\n`);
  process.exitCode = report.failed.length ? 1 : 0;
} finally {
  await database.close();
}
