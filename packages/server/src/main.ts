import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { loadConfig, type Config } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { startEmbeddedMaintenance } from './platform/db/maintenance.ts';
import { runSeeds } from './seed/seed.ts';
import { ChainHeadError, sealChain } from './modules/core/datalog/datalog-chain.ts';
import { firstSignatureText } from './modules/core/datalog/datalog-seal.ts';
import { buildApp } from './app.ts';
import { installAppSecret } from './platform/secrets/app-secret.ts';
import { startScheduler } from './modules/operations/job/job.scheduler.ts';
import { startIdleTrim } from './platform/metrics/idle-trim.ts';

const openConfigured = (config: Config) => openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });

/** Migrations (in openDatabase) and seeds; the passwords they create are printed here, so only once. */
async function prepare(config: Config, database: Awaited<ReturnType<typeof openConfigured>>) {
  installAppSecret(config);
  // The first start's demo seed is long work: it runs without the request connections' timeouts.
  await database.maintenance((db) =>
    runSeeds(db, {
      adminPassword: config.adminPassword,
      seedDemo: config.seedDemo,
      dataDir: config.dataDir,
      gatewayUpstreams: config.gateway.upstreams.map((u) => u.name),
      datasourceSecret: config.datasourceSecret,
      databaseUrl: config.databaseUrl,
      announce: (text) => process.stdout.write(`\n${'='.repeat(60)}\n${text}\n${'='.repeat(60)}\n\n`),
    }),
  );
  // The hash chain links what is not linked yet: rows from before the chain existed, the demo seed's, and any a stopped process left.
  const say = (level: number, msg: string) => process.stderr.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg })}\n`);
  await database
    .maintenance((db) => sealChain(db, { onFirstSignature: (legacy) => say(40, firstSignatureText(legacy)) }))
    .catch((error: unknown) => {
      // A broken head stops the linking, not the service: 校验 and the log say where the chain breaks.
      if (!(error instanceof ChainHeadError)) throw error;
      say(50, error.message);
    });
}

/** One server process: alone (WORKERS=1), or one of the workers sharing the port. */
async function serve(config: Config) {
  const startedAt = performance.now();
  const database = await openConfigured(config);
  // A worker finds the database migrated and seeded by the primary (its migration step is a no-op under the lock).
  if (!cluster.isWorker) await prepare(config, database);
  const { app, deps } = await buildApp(config, database.db, { logger: true });
  // 定时任务: each process only claims due jobs; the claim makes each tick run once across all of them
  const scheduler = config.jobs.enabled ? startScheduler(deps, { ...config.jobs, onError: (error) => app.log.warn({ err: error }, '定时任务调度出错') }) : null;
  const stopMaintenance =
    database.kind === 'pglite'
      ? startEmbeddedMaintenance(database.db, {
          everyMs: 10 * 60_000,
          analyzeEvery: 6,
          onError: (error) => app.log.warn({ err: error }, '内置数据库清理（VACUUM）失败'),
        })
      : async () => undefined;
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await stopMaintenance();
    await database.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const trim = startIdleTrim();
  app.server.on('request', trim.served);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  if (cluster.isWorker) app.log.info(`工作进程 ${process.pid} 已启动（用时 ${seconds} 秒）`);
  else {
    app.log.info(
      `商标维权服务系统已启动（${database.kind === 'pglite' ? `内置数据库 ${config.dataDir}` : 'PostgreSQL'}，用时 ${seconds} 秒）：http://localhost:${config.port}/  接口 ${config.apiBase || '/'}`,
    );
  }

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // a worker whose primary is gone (killed without forwarding a signal) stops too instead of serving on alone
  if (cluster.isWorker) process.on('disconnect', shutdown);
}

const RESTART_MAX_MS = 30_000;
/** A worker that ran this long before dying is not crash-looping: its replacement starts at once. */
const HEALTHY_MS = 30_000;

/**
 * WORKERS > 1: this process migrates and seeds once, then forks the workers, which build the app and
 * share the port (node:cluster hands each new connection to a worker). A worker that dies is replaced;
 * one that keeps dying soon after its start is replaced after a growing pause, so a broken database or
 * configuration does not spin the machine. SIGTERM / SIGINT stop the workers in order, then this process.
 */
async function primary(config: Config) {
  const startedAt = performance.now();
  const database = await openConfigured(config);
  try {
    await prepare(config, database);
  } finally {
    await database.close();
  }
  const say = (text: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: text })}\n`);
  const born = new Map<number, number>();
  let quickDeaths = 0;
  let stopping = false;
  let listening = 0;
  const fork = () => {
    if (stopping) return;
    born.set(cluster.fork().id, Date.now());
  };
  cluster.on('listening', () => {
    if (++listening !== config.workers) return;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
    say(
      `商标维权服务系统已启动（PostgreSQL，${config.workers} 个工作进程，用时 ${seconds} 秒）：http://localhost:${config.port}/  接口 ${config.apiBase || '/'}`,
    );
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (born.get(worker.id) ?? Date.now());
    born.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    quickDeaths = lived < HEALTHY_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(RESTART_MAX_MS, 500 * 2 ** (quickDeaths - 1));
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg: `工作进程 ${worker.process.pid} 已退出（${signal ?? `退出码 ${code}`}），${(delay / 1000).toFixed(1)} 秒后重启` })}\n`,
    );
    setTimeout(fork, delay);
  });
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill('SIGTERM');
    // a worker stuck in its shutdown does not hold the others' exit hostage forever
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (let i = 0; i < config.workers; i++) fork();
}

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) await primary(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`启动失败：${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug') process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
