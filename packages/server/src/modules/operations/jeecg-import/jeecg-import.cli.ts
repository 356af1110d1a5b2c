/**
 * npm run import:jeecg -- <mysql://user:password@host:port/database> [--dry-run] (issue 40): brings a JeecgBoot 2.3
 * database in, read-only on the source, and prints the report. Uses DATABASE_URL or the embedded database under
 * DATA_DIR, like the server; run it with the server stopped when the database is the embedded one.
 */
import path from 'node:path';
import { JEECG_IMPORT_STEPS } from '@sbwq/contracts';
import { loadConfig } from '../../../platform/config.ts';
import { openDatabase } from '../../../platform/db/client.ts';
import { formatReport, importJeecg, openSource } from './jeecg-import.service.ts';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--'));
if (!url || !url.startsWith('mysql://')) {
  process.stderr.write('用法：npm run import:jeecg -- mysql://用户:密码@主机:端口/数据库 [--dry-run]\n');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
const source = await openSource(url);
try {
  const report = await database.maintenance((db) =>
    importJeecg(db, source, {
      dryRun: args.includes('--dry-run'),
      progress: async (step, done) => void process.stderr.write(`[${done + 1}/${JEECG_IMPORT_STEPS.length}] ${step}\n`),
    }),
  );
  process.stdout.write(`${formatReport(report)}\n`);
} finally {
  await source.close();
  await database.close();
}
