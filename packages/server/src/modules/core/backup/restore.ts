import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../../../platform/config.ts';
import { APP_KEY_FILE } from '../../../platform/secrets/app-secret.ts';
import { fileStoreOf } from '../../../platform/storage/file-store.ts';
import { BACKUP_FORMAT, BackupError, BackupMsg, type Manifest } from './backup.ts';

const run = promisify(execFile);

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
};

async function tool(command: string, args: string[], missing: string): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(missing);
    throw new BackupError(`${command} 失败：${String((e as { stderr?: string }).stderr || (e as Error).message).trim()}`);
  }
}

const COUNT_TABLES = `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
async function countsBy(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of (await query(COUNT_TABLES)).rows as { name: string }[]) {
    counts[name] = Number((await query(`select count(*)::int as n from ${quoteIdent(name)}`)).rows[0]!.n);
  }
  return counts;
}

export type RestoreReport = { tables: number; rows: number; files: number; differences: string[] };

type Target = Pick<Config, 'dataDir' | 'storage' | 'appSecret' | 'databaseUrl'>;

/** Refuses anything but an empty installation: no tables in the database, no embedded database, no uploads, no other key. */
async function checkEmpty(target: Target, manifest: Manifest, staging: string): Promise<void> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      if (rows[0].n > 0) throw new BackupError(BackupMsg.notEmptyDb(rows[0].n));
    } finally {
      await client.end();
    }
  } else {
    const dir = path.join(target.dataDir, 'pglite');
    if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new BackupError(BackupMsg.notEmptyDir(dir));
  }
  const uploads = path.join(target.dataDir, 'upload');
  if (fs.existsSync(uploads) && fs.readdirSync(uploads).length) throw new BackupError(BackupMsg.notEmptyFiles(uploads));
  const key = path.join(target.dataDir, APP_KEY_FILE);
  if (
    manifest.appKey &&
    !target.appSecret &&
    fs.existsSync(key) &&
    (await fsp.readFile(key, 'utf8')) !== (await fsp.readFile(path.join(staging, APP_KEY_FILE), 'utf8'))
  ) {
    throw new BackupError(BackupMsg.keyDiffers);
  }
}

/**
 * Brings an empty installation back from a backup archive: checks the archive against its manifest, refuses
 * a target that holds anything, loads the database, puts every file into the store its row names (checking
 * its SHA-256), restores the server key, and compares every table's row count with the manifest. The
 * server's start then migrates the database if the archive came from an older release.
 */
export async function restoreBackup(archive: string, target: Target, onStep: (text: string) => void = () => undefined): Promise<RestoreReport> {
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), 'sbwq-restore-'));
  try {
    await tool('tar', ['-xzf', path.resolve(archive), '-C', staging], BackupMsg.noTar);
    const manifestFile = path.join(staging, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new BackupError(BackupMsg.badArchive);
    const manifest = JSON.parse(await fsp.readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT || !manifest.database?.file) throw new BackupError(BackupMsg.badArchive);
    const engine = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) throw new BackupError(BackupMsg.engineMismatch(manifest.engine, engine));
    const dump = path.join(staging, path.basename(manifest.database.file));
    if (!fs.existsSync(dump) || (await sha256File(dump)) !== manifest.database.sha256) throw new BackupError(BackupMsg.dumpChanged);
    for (const file of manifest.files) {
      const local = path.join(staging, 'files', file.path);
      if (!fs.existsSync(local) || (await sha256File(local)) !== file.sha256) throw new BackupError(BackupMsg.fileChanged(file.path));
    }
    await checkEmpty(target, manifest, staging);
    const stores = { local: fileStoreOf(target.dataDir, { kind: 'local' }), other: fileStoreOf(target.dataDir, target.storage) };
    const storeOf = (kind: string) => (kind === 'local' ? stores.local : stores.other);
    for (const file of manifest.files) if (await storeOf(file.storage).exists(file.path)) throw new BackupError(BackupMsg.fileExists(file.path));

    onStep('正在恢复数据库…');
    let counts: Record<string, number>;
    if (target.databaseUrl) {
      await tool(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', target.databaseUrl, dump],
        BackupMsg.noPgRestore,
      );
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        counts = await countsBy((text) => client.query(text));
      } finally {
        await client.end();
      }
    } else {
      const dir = path.join(target.dataDir, 'pglite');
      await fsp.mkdir(target.dataDir, { recursive: true });
      const lite = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([await fsp.readFile(dump)]) });
      try {
        counts = await countsBy((text) => lite.query(text));
      } finally {
        await lite.close();
      }
    }

    onStep(`正在恢复 ${manifest.files.length} 个文件…`);
    for (const file of manifest.files) await storeOf(file.storage).put(file.path, path.join(staging, 'files', file.path), file.size, file.mime);
    if (manifest.appKey && !target.appSecret) {
      const key = path.join(target.dataDir, APP_KEY_FILE);
      if (!fs.existsSync(key)) await fsp.copyFile(path.join(staging, APP_KEY_FILE), key);
      await fsp.chmod(key, 0o600);
    }

    const differences = [...new Set([...Object.keys(manifest.tables), ...Object.keys(counts)])]
      .filter((name) => manifest.tables[name] !== counts[name])
      .map((name) => `${name}：备份 ${manifest.tables[name] ?? '无此表'} 行，恢复后 ${counts[name] ?? '无此表'} 行`);
    return { tables: Object.keys(counts).length, rows: Object.values(counts).reduce((a, b) => a + b, 0), files: manifest.files.length, differences };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
