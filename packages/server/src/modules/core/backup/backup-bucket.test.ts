import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_DEFINITIONS } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { loadConfig } from '../../../platform/config.ts';
import { ADMIN_PASSWORD, createTestApp, json, multipart } from '../../../test/harness.ts';
import { closedPort } from '../../../test/ports.ts';
import { startS3rver } from '../../../test/s3rver.testkit.ts';
import { systemJobs } from '../../operations/job/system.jobs.ts';
import { BackupError, BackupMsg, backupName, type Manifest } from './backup.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Issue 39 Backup: "a scheduled job can run the backup to a folder or a bucket and keeps the last N" — the bucket
 * target, against a real S3-compatible server (s3rver) started here, on both engines: N+1 runs leave the N newest
 * archives in the bucket and none in the folder; each is a whole backup; nothing else in the bucket is touched.
 */
describe('issue 39: the 数据备份 job with target bucket keeps the newest N archives in the bucket', async () => {
  const s3 = await startS3rver('sbwq-backups');
  const client = s3.client();
  afterAll(() => s3.close());
  // Objects that are not this prefix's archives: another file under the prefix, an archive-like name elsewhere.
  for (const Key of ['nightly/notes.txt', 'elsewhere/sbwq-backup-20200101-000000.tar.gz']) {
    await client.send(new PutObjectCommand({ Bucket: 'sbwq-backups', Key, Body: 'x' }));
  }
  const listed = async () => ((await client.send(new ListObjectsV2Command({ Bucket: 'sbwq-backups' }))).Contents ?? []).map((o) => o.Key!).sort();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-backup-bucket-'));
  // The endpoint from BACKUP_S3_ENDPOINT, the keys and path style from the uploads' S3_* (their fallback); uploads stay local.
  const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE } = s3.env('');
  const env = {
    DATA_DIR: dataDir,
    BACKUP_S3_BUCKET: 'sbwq-backups',
    BACKUP_S3_PREFIX: 'nightly',
    BACKUP_S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE,
  };
  const t = await createTestApp(env);
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const body = multipart({ filename: '侵权截图.png', content: PNG }, { biz: 'rights' });
  const uploaded = json(
    await t.inject({ method: 'POST', url: t.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': admin } }),
  ).message as string;

  const config = { ...t.config, databaseUrl: t.databaseUrl };
  const runJob = (parameter: object, configOf = config) =>
    systemJobs.backup!({
      db: t.database.db,
      deps: { ...t.deps, config: configOf },
      params: JOB_DEFINITIONS.backup.params.parse(parameter),
      once: async () => true,
    });
  const localArchives = () => (fs.existsSync(path.join(dataDir, 'backup')) ? fs.readdirSync(path.join(dataDir, 'backup')) : []);

  it('three runs with keep 2: the two newest archives stay under the prefix, the oldest is deleted, the folder keeps none', async () => {
    const names: string[] = [];
    for (let run = 0; run < 3; run++) {
      // Archive names carry the second: a run in the same second as the previous would reuse its name.
      while (names.length && backupName() === names.at(-1)) await new Promise((resolve) => setTimeout(resolve, 50));
      const said = await runJob({ target: 'bucket', keep: 2 });
      const name = /^已备份到存储桶 sbwq-backups\/nightly\/(sbwq-backup-\d{8}-\d{6}\.tar\.gz)：\d+ 张表、1 个文件；删除旧备份 (\d) 个$/.exec(String(said));
      expect(name, String(said)).not.toBeNull();
      expect(Number(name![2])).toBe(run < 2 ? 0 : 1);
      names.push(name![1]!);
    }
    expect(await listed()).toEqual(['elsewhere/sbwq-backup-20200101-000000.tar.gz', `nightly/${names[1]}`, `nightly/${names[2]}`, 'nightly/notes.txt'].sort());
    expect(localArchives()).toEqual([]);
    // three whole backups (the embedded database's image each time): minutes on a loaded CI machine
  }, 240_000);

  it('the archive in the bucket is a whole backup: its manifest counts the tables and fingerprints the uploaded file', async () => {
    const newest = (await listed()).filter((k) => k.startsWith('nightly/sbwq-backup-')).at(-1)!;
    const object = await client.send(new GetObjectCommand({ Bucket: 'sbwq-backups', Key: newest }));
    const file = path.join(dataDir, 'downloaded.tar.gz');
    fs.writeFileSync(file, Buffer.from(await object.Body!.transformToByteArray()));
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, './manifest.json']).toString()) as Manifest;
    const [users] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sys_user`);
    expect(manifest.tables.sys_user).toBe(users!.n);
    expect(manifest.files).toEqual([expect.objectContaining({ path: uploaded, sha256: sha(PNG), storage: 'local' })]);
  });

  it('target bucket without BACKUP_S3_BUCKET is refused before anything is written', async () => {
    const without = { ...config, backupBucket: loadConfig({ DATA_DIR: dataDir }).backupBucket };
    expect(without.backupBucket).toBeNull();
    const run = runJob({ target: 'bucket', dir: 'unset' }, without);
    await expect(run).rejects.toBeInstanceOf(BackupError);
    await expect(run).rejects.toThrow(BackupMsg.noBucket);
    expect(fs.existsSync(path.join(dataDir, 'unset'))).toBe(false);
  });

  it('the bucket unreachable: the job fails with the bucket named and keeps the archive in the folder', async () => {
    const down = { ...config, backupBucket: loadConfig({ ...env, BACKUP_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }).backupBucket };
    await expect(runJob({ target: 'bucket', dir: 'kept' }, down)).rejects.toThrow(
      /^备份存储桶 sbwq-backups 不可用：.*；备份文件留在 .*kept\/sbwq-backup-\d{8}-\d{6}\.tar\.gz$/,
    );
    expect(fs.readdirSync(path.join(dataDir, 'kept'))).toEqual([expect.stringMatching(/^sbwq-backup-\d{8}-\d{6}\.tar\.gz$/)]);
  });
});
