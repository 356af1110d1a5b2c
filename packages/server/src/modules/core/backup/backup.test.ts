import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase, rows } from '../../../platform/db/client.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { ADMIN_PASSWORD, createTestApp, json, multipart } from '../../../test/harness.ts';
import { sealChain, verifyChain } from '../datalog/datalog-chain.ts';
import { verifyFiles } from '../files/files-verify.ts';
import { BackupError, BackupMsg, pruneBackups, writeBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';
import { systemJobs } from '../../operations/job/system.jobs.ts';
import { PoolLedgerMsg } from '@sbwq/contracts';
import { repoRoot } from '../../../platform/paths.ts';
import type { Db } from '../../../platform/db/client.ts';

/** Rows of every table, by name (the names from the catalogue). */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  for (const { name } of tables) counts[name] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  return counts;
}

const fingerprints = (db: Db) =>
  rows<{ file_path: string; sha256: string }>(db, sql`select file_path, sha256 from sb_file_info where del_flag = '0' order by file_path`);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const PDF = Buffer.from(`%PDF-1.4\n% ${randomBytes(8).toString('hex')}\ntrailer<<>>\n%%EOF\n`);

/**
 * Issue 39 backup and restore: demo data and uploads (evidence among them) → npm run backup's archive →
 * restore into a new data folder / a new database → the same row counts and fingerprints, the data log's
 * chain whole (and `npm run datalog:verify` OK), every file readable, 对账 clean, a demo user signs in; a non-empty installation
 * is refused.
 */
describe('issue 39: backup → restore round trip', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-backup-src-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  // The whole demo, as a first start with SEED_DEMO=1 writes it (the harness's template database has every unit marked done
  // without demo data): pools and their logs, batches, claims with their vouchers and the evidence chain among it.
  await db.delete(sysSeed).where(like(sysSeed.key, 'demo:%'));
  const announced: string[] = [];
  const demo = await runSeeds(db, {
    adminPassword: null,
    seedDemo: true,
    announce: (text) => announced.push(text),
    dataDir,
    datasourceSecret: t.config.datasourceSecret,
    databaseUrl: t.databaseUrl,
  });
  const reviewerPassword = /^\s+reviewer\s+\S+\s+([A-Za-z0-9]{16})$/m.exec(announced.join('\n'))![1]!;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const upload = async (filename: string, content: Buffer, biz: string) => {
    const body = multipart({ filename, content }, { biz });
    return json(
      await t.inject({ method: 'POST', url: t.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': admin } }),
    ).message as string;
  };
  const evidence = await upload('侵权截图.png', PNG, 'rights_threaded');
  const plain = await upload('说明.pdf', PDF, 'temp');
  await sealChain(db);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-backup-out-'));
  const archive = path.join(work, 'one.tar.gz');
  const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-backup-dst-'));
  const targetDb = t.databaseUrl ? `sbwq_restore_${randomBytes(5).toString('hex')}` : null;
  const targetUrl = targetDb ? t.databaseUrl!.replace(/\/[^/?]+(\?|$)/, `/${targetDb}$1`) : null;
  const admin_ = targetUrl ? new pg.Client({ connectionString: t.databaseUrl! }) : null;
  if (admin_) {
    await admin_.connect();
    await admin_.query(`create database ${targetDb}`);
  }
  const target = { ...t.config, dataDir: targetDir, databaseUrl: targetUrl };
  afterAll(async () => {
    if (admin_) {
      await admin_.query(`drop database if exists ${targetDb} with (force)`);
      await admin_.end();
    }
  });

  let manifest: Awaited<ReturnType<typeof writeBackup>>;
  it('the archive holds the database, every live file with its SHA-256, and the row count of every table', async () => {
    expect(demo).toEqual(expect.arrayContaining(['demo:users:v1', 'demo:finance-pool:v1', 'demo:finance-claim-vouchers:v1', 'demo:evidence-chain:v1']));
    manifest = await writeBackup({ db, config: { ...t.config, databaseUrl: t.databaseUrl } }, archive);
    expect(fs.existsSync(archive)).toBe(true);
    expect(manifest.engine).toBe(t.database.kind);
    expect(manifest.missing).toEqual([]);
    const byPath = new Map(manifest.files.map((f) => [f.path, f.sha256]));
    const [e, p] = await rows<{ file_path: string; sha256: string }>(
      db,
      sql`select file_path, sha256 from sb_file_info where file_path in (${evidence}, ${plain}) order by file_path = ${plain}`,
    );
    expect(byPath.get(evidence)).toBe(e!.sha256);
    expect(byPath.get(plain)).toBe(p!.sha256);
    const [users] = await rows<{ n: number }>(db, sql`select count(*)::int as n from sys_user`);
    expect(manifest.tables.sys_user).toBe(users!.n);
    expect(manifest.tables.sys_data_log).toBeGreaterThan(0);
  });

  it('restores into an empty installation: the same counts and fingerprints, the chain whole, the files read back, 对账 clean, a demo user signs in', async () => {
    const report = await restoreBackup(archive, target);
    expect(report.differences).toEqual([]);
    expect(report.files).toBe(manifest.files.length);
    const restored = await openDatabase({ databaseUrl: targetUrl, pgliteDir: targetUrl ? null : path.join(targetDir, 'pglite'), role: 'maintenance' });
    try {
      // Counted here, apart from restore's own check: every table as the backup counted it, every live file's fingerprint as the source has it.
      expect(await tableCounts(restored.db)).toEqual(manifest.tables);
      expect(await fingerprints(restored.db)).toEqual(await fingerprints(db));
      expect((await verifyChain(restored.db)).ok).toBe(true);
      const files = await verifyFiles(restored.db, target);
      expect(files.problems).toEqual([]);
      expect(files.checked).toBe(manifest.files.length);
      const built = await buildApp(target, restored.db);
      try {
        await built.app.ready();
        const login = json(await built.app.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'reviewer', password: reviewerPassword } }));
        expect(login.code).toBe(200);
        const read = await built.app.inject({ method: 'GET', url: t.api(`/sys/common/static/${evidence}`), headers: { 'X-Access-Token': login.result.token } });
        expect(read.rawPayload).toEqual(PNG);
        // 对账 (the pool screen's button) over the demo's pools and their logs, on the restored installation.
        const adminLogin = json(await built.app.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'admin', password: ADMIN_PASSWORD } }));
        const reconciled = json(
          await built.app.inject({ method: 'GET', url: t.api('/rights/capitalPool/reconcile'), headers: { 'X-Access-Token': adminLogin.result.token } }),
        );
        expect(reconciled).toMatchObject({ success: true, message: PoolLedgerMsg.reconciled, result: { differences: [] } });
        expect(reconciled.result.checkedPools).toBeGreaterThan(0);
        expect(reconciled.result.checkedLogs).toBe(manifest.tables.fin_capital_pool_log);
      } finally {
        await built.app.close();
      }
    } finally {
      await restored.close();
    }
  });

  it('npm run datalog:verify, the command itself, answers OK on the restored installation', async () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/scripts/datalog-verify.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: targetDir, DATABASE_URL: targetUrl ?? '', APP_SECRET: t.config.appSecret!, LOG_LEVEL: 'warn' },
    }).toString();
    expect(out).toMatch(/^OK /);
  }, 180_000);

  it('refuses an installation that is not empty, with a clear message, and changes nothing', async () => {
    const again = restoreBackup(archive, target);
    await expect(again).rejects.toBeInstanceOf(BackupError);
    await expect(again).rejects.toThrow(targetUrl ? /目标数据库不是空的/ : /数据目录中已有数据库/);
    const intoSource = restoreBackup(archive, { ...t.config, databaseUrl: t.databaseUrl });
    await expect(intoSource).rejects.toThrow(t.databaseUrl ? /目标数据库不是空的/ : BackupMsg.notEmptyFiles(path.join(dataDir, 'upload')));
  });

  it('the job 数据备份 writes an archive into its folder under DATA_DIR and keeps the newest N it wrote, leaving other files alone', async () => {
    const dir = path.join(dataDir, 'nightly');
    fs.mkdirSync(dir, { recursive: true });
    for (const name of ['sbwq-backup-20261101-020000.tar.gz', 'sbwq-backup-20261102-020000.tar.gz', 'notes.txt']) fs.writeFileSync(path.join(dir, name), 'x');
    const said = await systemJobs.backup!({
      db,
      deps: { ...t.deps, config: { ...t.config, databaseUrl: t.databaseUrl } },
      params: { dir: 'nightly', keep: 2, target: 'folder' },
      once: async () => true,
    });
    expect(said).toMatch(/^已备份到 .*nightly\/sbwq-backup-\d{8}-\d{6}\.tar\.gz：\d+ 张表、\d+ 个文件；删除旧备份 1 个$/);
    const left = fs.readdirSync(dir).sort();
    expect(left).toHaveLength(3);
    expect(left.slice(0, 2)).toEqual(['notes.txt', 'sbwq-backup-20261102-020000.tar.gz']);
    expect(await pruneBackups(dir, 1)).toBe(1);
  });
});
