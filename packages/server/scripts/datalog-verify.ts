/**
 * npm run datalog:verify — walks the hash chain over the data log and the approval records (issue #25)
 * and prints OK or the first broken entry; exits 1 when the chain is broken. Links what is not linked
 * yet first (as the screen's 校验 does). Uses DATABASE_URL or the embedded database under DATA_DIR, and
 * APP_SECRET (or DATA_DIR/app.key), like the server: without the server's key every keyed link fails.
 * Run it with the server stopped when the database is the embedded one.
 */
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { ChainHeadError, sealChain, verifyChain } from '../src/modules/core/datalog/datalog-chain.ts';
import { installAppSecret } from '../src/platform/secrets/app-secret.ts';
import { firstSignatureText } from '../src/modules/core/datalog/datalog-seal.ts';

const config = loadConfig(process.env);
// The chain is keyed with the server secret: the same APP_SECRET (or DATA_DIR/app.key) as the server's.
installAppSecret(config);
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  const sealed = await database.maintenance((db) =>
    sealChain(db, { onFirstSignature: (legacy) => process.stdout.write(`${firstSignatureText(legacy)}\n`) }).catch((error: unknown) => {
      if (error instanceof ChainHeadError) return 0;
      throw error;
    }),
  );
  const report = await database.maintenance((db) => verifyChain(db));
  process.stdout.write(`${report.ok ? 'OK' : 'BROKEN'} ${report.message}（本次链接新条目 ${sealed} 条，链头第 ${report.headSeq} 条）\n`);
  if (report.broken) process.stdout.write(`${JSON.stringify(report.broken)}\n`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
