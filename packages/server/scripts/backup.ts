/**
 * npm run backup [-- <file.tar.gz | folder>] — writes one archive of this installation (issue 39): the
 * database (the embedded one under DATA_DIR, or pg_dump of DATABASE_URL), every live upload from the folder
 * or the bucket, the server key when APP_SECRET is unset, and manifest.json (row counts, file fingerprints).
 * Without an argument the archive goes to DATA_DIR/backup/sbwq-backup-<time>.tar.gz. Stop the server first
 * when the database is the embedded one (one process at a time); PostgreSQL backs up while it serves.
 */
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { BackupError, backupName, writeBackup } from '../src/modules/core/backup/backup.ts';

const config = loadConfig(process.env);
const arg = process.argv[2];
const out = !arg ? path.join(config.dataDir, 'backup', backupName()) : arg.endsWith('.tar.gz') ? path.resolve(arg) : path.join(path.resolve(arg), backupName());
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), role: 'maintenance' });
try {
  const manifest = await writeBackup({ db: database.db, config }, out);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `OK 已备份到 ${out}\n  数据库（${manifest.engine === 'pglite' ? '内嵌' : 'PostgreSQL'}）：${Object.keys(manifest.tables).length} 张表，${rows} 行\n  文件：${manifest.files.length} 个\n`,
  );
  for (const missing of manifest.missing) process.stdout.write(`  存储中缺失（未备份）：${missing}\n`);
  if (manifest.appKey) process.stdout.write('  含服务器密钥 app.key：请像保管数据库一样保管备份文件\n');
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
