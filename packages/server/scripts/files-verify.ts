/**
 * npm run files:verify — reads every stored upload back (from the folder or the bucket, where its row says)
 * and compares its SHA-256 with the fingerprint recorded at upload and, for the evidence of batches and
 * claims, with the one in the data log (issue 39). Prints OK or each file that is missing or changed;
 * exits 1 when any is. Uses the server's configuration (DATABASE_URL or DATA_DIR, STORAGE and S3_*).
 */
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { verifyFiles } from '../src/modules/core/files/files-verify.ts';

const PROBLEM_TEXT = { missing: '文件缺失', changed: '文件内容与上传时指纹不一致', chain: '指纹与数据日志中的记录不一致' } as const;

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  const report = await verifyFiles(database.db, config);
  for (const p of report.problems) process.stdout.write(`${PROBLEM_TEXT[p.problem]}：${p.filePath}（${p.id}）记录 ${p.recorded}，实际 ${p.actual ?? '无'}\n`);
  process.stdout.write(`${report.problems.length ? 'BROKEN' : 'OK'} 已校验 ${report.checked} 个文件，问题 ${report.problems.length} 个\n`);
  process.exitCode = report.problems.length ? 1 : 0;
} finally {
  await database.close();
}
