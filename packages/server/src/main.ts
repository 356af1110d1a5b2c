import path from 'node:path';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { startEmbeddedMaintenance } from './platform/db/maintenance.ts';
import { runSeeds } from './seed/seed.ts';
import { buildApp } from './app.ts';
import { startScheduler } from './modules/system/job/job.scheduler.ts';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  // The first start's demo seed is long work: it runs without the request connections' timeouts.
  await database.maintenance((db) =>
    runSeeds(db, {
      adminPassword: config.adminPassword,
      seedDemo: config.seedDemo,
      dataDir: config.dataDir,
      announce: (text) => process.stdout.write(`\n${'='.repeat(60)}\n${text}\n${'='.repeat(60)}\n\n`),
    }),
  );
  const { app, deps } = await buildApp(config, database.db, { logger: true });
  // 定时任务: each process only claims due jobs; the claim makes each tick run once across all of them
  const scheduler = config.jobs.enabled ? startScheduler(deps, { ...config.jobs, onError: (error) => app.log.warn({ err: error }, '定时任务调度出错') }) : null;
  const stopMaintenance =
    database.kind === 'pglite'
      ? startEmbeddedMaintenance(database.db, { everyMs: 10 * 60_000, analyzeEvery: 6, onError: (error) => app.log.warn({ err: error }, '内置数据库清理（VACUUM）失败') })
      : async () => undefined;
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await stopMaintenance();
    await database.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  app.log.info(
    `商标维权服务系统已启动（${database.kind === 'pglite' ? `内置数据库 ${config.dataDir}` : 'PostgreSQL'}，用时 ${seconds} 秒）：http://localhost:${config.port}/  接口 ${config.apiBase || '/'}`,
  );

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`启动失败：${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
