import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { Config } from '../../../platform/config.ts';
import { APP_KEY_FILE } from '../../../platform/secrets/app-secret.ts';
import { fileStoreOf, type FileStore } from '../../../platform/storage/file-store.ts';
import { sbFileInfo } from '../files/file-info.table.ts';

const run = promisify(execFile);

/**
 * npm run backup / restore and the 数据备份 job (issue 39). One archive (`.tar.gz`, readable with tar):
 * - `database.tar` (the embedded database's data folder, PGlite's own dump) or `database.dump`
 *   (`pg_dump --format=custom` of the server);
 * - `files/<stored path>`: every live upload, read through the store its row names (folder or bucket);
 * - `app.key`: the server key from DATA_DIR when APP_SECRET is not set (the data log's chain is keyed with it);
 * - `manifest.json`: the row count of every table and each file's size and SHA-256, taken from the same
 *   snapshot as the dump on PostgreSQL; restore checks both.
 */
export const BACKUP_FORMAT = 1;

export type BackupFile = { path: string; size: number; sha256: string; mime: string; storage: string };
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  database: { file: string; size: number; sha256: string };
  tables: Record<string, number>;
  files: BackupFile[];
  /** live rows whose bytes were not found in their store when the backup ran */
  missing: string[];
  appKey: boolean;
};

export const BackupMsg = {
  noPgDump: '找不到 pg_dump：备份 PostgreSQL 需要安装 PostgreSQL 客户端（如 apt-get install postgresql-client），且版本不低于数据库服务器',
  noPgRestore: '找不到 pg_restore：恢复 PostgreSQL 需要安装 PostgreSQL 客户端（如 apt-get install postgresql-client）',
  noTar: '找不到 tar 命令：备份文件为 .tar.gz，需要系统的 tar',
  badArchive: '不是本系统的备份文件（缺少 manifest.json 或格式不符）',
  dumpChanged: '备份中的数据库文件与清单中的指纹不一致，备份已损坏',
  fileChanged: (p: string) => `备份中的文件与清单中的指纹不一致：${p}`,
  engineMismatch: (from: string, to: string) =>
    `备份来自${from === 'pglite' ? '内嵌数据库' : 'PostgreSQL'}，当前配置的是${to === 'pglite' ? '内嵌数据库（DATA_DIR）' : 'PostgreSQL（DATABASE_URL）'}：请用同一种数据库恢复`,
  notEmptyDb: (n: number) => `目标数据库不是空的（已有 ${n} 张表）：恢复只能用于空的安装，请新建一个空数据库后再恢复`,
  notEmptyDir: (dir: string) => `数据目录中已有数据库（${dir}）：恢复只能用于空的安装，请换一个新的 DATA_DIR`,
  notEmptyFiles: (dir: string) => `数据目录中已有上传文件（${dir}）：恢复只能用于空的安装`,
  fileExists: (p: string) => `存储中已有同名文件：${p}，恢复只能用于空的安装（存储桶须为空）`,
  noBucket: '数据备份的目标为存储桶，但未设置 BACKUP_S3_BUCKET（见 README“备份与恢复”）',
  keyDiffers: `DATA_DIR 中已有另一个服务器密钥（${APP_KEY_FILE}）：恢复只能用于空的安装`,
} as const;

/** A refusal or failure the commands print as it is (Chinese), exiting 1. */
export class BackupError extends Error {}

async function tool(command: string, args: string[], missing: string, env?: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024, env: env ?? process.env });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(missing);
    throw new BackupError(`${command} 失败：${String((e as { stderr?: string }).stderr || (e as Error).message).trim()}`);
  }
}

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
};

/** The embedded database behind a Drizzle handle, or null on PostgreSQL. */
const pgliteOf = (db: Db): PGlite | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PGlite).dumpDataDir === 'function' ? (client as PGlite) : null;
};

const TABLES = sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;

/** Rows of every table, by name; the names come from the catalogue, never from a request. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of await rows<{ name: string }>(db, TABLES)) {
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row!.n;
  }
  return counts;
}

/** Copies one stored file into the staging folder, hashing the bytes on the way; false when the store has no such file. */
async function copyOut(store: FileStore, relative: string, target: string): Promise<{ size: number; sha256: string } | null> {
  const source = await store.get(relative);
  if (!source) return null;
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, fs.createWriteStream(target));
  return { size, sha256: hash.digest('hex') };
}

type Live = { db: Db; config: Pick<Config, 'dataDir' | 'storage' | 'appSecret' | 'databaseUrl'> };

/**
 * Writes one backup archive to `out` (a `.tar.gz` path). On PostgreSQL the table counts and `pg_dump` read
 * one exported snapshot, so the manifest describes exactly the dump; the embedded database is dumped by
 * PGlite itself (the commands need the server stopped; the job runs inside it).
 */
export async function writeBackup({ db, config }: Live, out: string): Promise<Manifest> {
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), 'sbwq-backup-'));
  try {
    const lite = pgliteOf(db);
    let tables: Record<string, number>;
    let dbFile: string;
    if (lite) {
      dbFile = 'database.tar';
      tables = await tableCounts(db);
      const image = await lite.dumpDataDir('none');
      await fsp.writeFile(path.join(staging, dbFile), Buffer.from(await image.arrayBuffer()));
    } else {
      dbFile = 'database.dump';
      tables = await db.transaction(
        async (t) => {
          const [{ snapshot }] = await rows<{ snapshot: string }>(t, sql`select pg_export_snapshot() as snapshot`);
          const counts = await tableCounts(t);
          await tool(
            'pg_dump',
            [
              '--format=custom',
              '--no-owner',
              '--no-privileges',
              `--snapshot=${snapshot}`,
              '--file',
              path.join(staging, dbFile),
              '--dbname',
              config.databaseUrl!,
            ],
            BackupMsg.noPgDump,
          );
          return counts;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    }
    const live = await db
      .select({ filePath: sbFileInfo.filePath, mimeType: sbFileInfo.mimeType, storage: sbFileInfo.storage })
      .from(sbFileInfo)
      .where(eq(sbFileInfo.delFlag, '0'))
      .orderBy(sbFileInfo.filePath);
    const files: BackupFile[] = [];
    const missing: string[] = [];
    for (const row of live) {
      const store = fileStoreOf(config.dataDir, row.storage === 'local' ? { kind: 'local' } : config.storage);
      const copied = await copyOut(store, row.filePath, path.join(staging, 'files', row.filePath));
      if (copied) files.push({ path: row.filePath, mime: row.mimeType, storage: row.storage, ...copied });
      else missing.push(row.filePath);
    }
    const keyFile = path.join(config.dataDir, APP_KEY_FILE);
    const appKey = !config.appSecret && fs.existsSync(keyFile);
    if (appKey) await fsp.copyFile(keyFile, path.join(staging, APP_KEY_FILE));
    const dbPath = path.join(staging, dbFile);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: lite ? 'pglite' : 'postgres',
      database: { file: dbFile, size: (await fsp.stat(dbPath)).size, sha256: await sha256File(dbPath) },
      tables,
      files,
      missing,
      appKey,
    };
    await fsp.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 1));
    await fsp.mkdir(path.dirname(path.resolve(out)), { recursive: true });
    // Written beside the target and renamed: a backup cut off halfway never looks like a finished one.
    const partial = `${path.resolve(out)}.part`;
    // gzip's fastest level: the uploads (PNG, JPG, PDF) are compressed already, and the database image
    // shrinks almost as much as at the default level in a third of the time.
    await tool('tar', ['--use-compress-program=gzip -1', '-cf', partial, '-C', staging, '.'], BackupMsg.noTar);
    await fsp.rename(partial, path.resolve(out));
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** `sbwq-backup-20261129-031500.tar.gz`, China time, sorting by age. */
export const backupName = (at = new Date()) =>
  `sbwq-backup-${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;

/** The name backupName gives; only archives named so are pruned, in a folder or a bucket. */
export const BACKUP_NAME = /^sbwq-backup-\d{8}-\d{6}\.tar\.gz$/;

/** Keeps the newest `keep` archives this system wrote in `dir` (by name, which sorts by time); answers how many went. */
export async function pruneBackups(dir: string, keep: number): Promise<number> {
  const ours = (await fsp.readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) await fsp.rm(path.join(dir, name), { force: true });
  return old.length;
}
