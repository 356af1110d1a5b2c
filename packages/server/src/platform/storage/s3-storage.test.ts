import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, multipart } from '../../test/harness.ts';
import { closedPort } from '../../test/ports.ts';
import { startS3rver } from '../../test/s3rver.testkit.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { sbFileInfo } from '../../modules/core/files/file-info.table.ts';
import { FingerprintMsg } from '@sbwq/contracts';
import { STORE_UNAVAILABLE } from './storage-config.ts';
import { fileStoreOf, spoolRoot } from './file-store.ts';
import { moveFiles } from '../../modules/core/files/files-move.ts';
import { writeBackup } from '../../modules/core/backup/backup.ts';
import { restoreBackup } from '../../modules/core/backup/restore.ts';
import pg from 'pg';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256 * 1024, 7)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

// issue 39 Storage: a real S3-compatible server (s3rver) started here; two servers on one database share its bucket.
describe('issue 39 storage: S3-compatible bucket shared by two servers, unreachable bucket refused cleanly', async () => {
  const s3 = await startS3rver('sbwq-files');
  const bucketDir = s3.directory;
  afterAll(() => s3.close());
  const s3Env = s3.env('sbwq');

  const dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3-a-'));
  const a = await createTestApp({ DATA_DIR: dirA, ...s3Env });
  // The second server: its own data folder and its own database connection, the same database and bucket.
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3-b-'));
  const configB = { ...a.config, dataDir: dirB };
  const dbB = a.databaseUrl ? await openDatabase({ databaseUrl: a.databaseUrl, pgliteDir: null }) : null;
  const b = await buildApp(configB, dbB?.db ?? a.database.db);
  await b.app.ready();
  afterAll(async () => {
    await b.app.close();
    await dbB?.close();
  });

  const admin = await a.loginAs('admin', ADMIN_PASSWORD);
  const upload = async (app: typeof b.app, token: string, content: Buffer) => {
    const body = multipart({ filename: '侵权截图.png', content }, { biz: 'rights' });
    return app.inject({ method: 'POST', url: a.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } });
  };

  let stored = '';
  it('a file uploaded through one server is read through the other; the bytes are in the bucket, not in either data folder', async () => {
    const res = json(await upload(a.app, admin, PNG));
    expect(res.success, res.message).toBe(true);
    stored = res.message;
    expect(res.result.sha256).toBe(sha(PNG));
    expect(fs.existsSync(path.join(dirA, 'upload', stored))).toBe(false);
    const read = await b.app.inject({ url: a.api(`/sys/common/static/${stored}`), headers: { 'X-Access-Token': admin } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(sha(read.rawPayload)).toBe(sha(PNG));
    const [row] = await a.database.db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, stored));
    expect(row).toMatchObject({ storage: 's3', sha256: sha(PNG), fileSize: PNG.length });
    // The access check stays on our server: without a session the bucket's file is not served.
    expect((await b.app.inject({ url: a.api(`/sys/common/static/${stored}`) })).statusCode).toBe(401);
  });

  it('the fingerprint check rehashes the stored object: equal after upload, different once the bytes in the bucket change', async () => {
    const [row] = await a.database.db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, stored));
    const check = async () =>
      json(await b.app.inject({ url: a.api(`/rights/sbFileInfo/checkFingerprint?id=${row.id}`), headers: { 'X-Access-Token': admin } }));
    const same = await check();
    expect(same.result).toEqual({ id: row.id, recorded: sha(PNG), actual: sha(PNG), match: true });
    expect(same.message).toBe(FingerprintMsg.match);
    // Tampering behind the application's back: the object file s3rver keeps for the key is overwritten.
    const objectFile = findFile(bucketDir, (f) => f.endsWith('._S3rver_object') && fs.readFileSync(f).equals(PNG));
    expect(objectFile).toBeTruthy();
    const forged = Buffer.from(PNG);
    forged[100] ^= 0xff;
    fs.writeFileSync(objectFile!, forged);
    const changed = await check();
    expect(changed.result).toMatchObject({ recorded: sha(PNG), actual: sha(forged), match: false });
    expect(changed.message).toBe(FingerprintMsg.mismatch);
  });

  it('a file deleted through the second server is gone from the bucket for the first', async () => {
    const del = json(
      await b.app.inject({
        method: 'DELETE',
        url: a.api(`/rights/sbFileInfo/deleteFileFetch?fileUrl=${encodeURIComponent(stored)}`),
        headers: { 'X-Access-Token': admin },
      }),
    );
    expect(del.success, del.message).toBe(true);
    expect((await a.inject({ url: a.api(`/sys/common/static/${stored}`), headers: { 'X-Access-Token': admin } })).statusCode).toBe(404);
    expect(findFile(bucketDir, (f) => f.includes(stored.split('/').pop()!))).toBeNull();
  });

  it('files:move carries files from the folder into the bucket and back, checked by fingerprint; a file changed on disk is not moved', async () => {
    // Files stored while the installation was on the local folder: through a server with STORAGE=local.
    const dirL = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3-l-'));
    const l = await buildApp({ ...a.config, dataDir: dirL, storage: { kind: 'local' } }, dbB?.db ?? a.database.db);
    await l.app.ready();
    try {
      const good = json(await upload(l.app, admin, PNG)).message;
      const bad = json(await upload(l.app, admin, PNG)).message;
      const changed = Buffer.from(PNG);
      changed[200] ^= 1;
      fs.writeFileSync(path.join(dirL, 'upload', bad), changed);
      const config = { dataDir: dirL, storage: a.config.storage };
      const there = await moveFiles(a.database.db, config, 's3');
      expect(there.moved).toBe(1);
      expect(there.failed).toEqual([{ filePath: bad, reason: '文件内容与上传时指纹不一致，未移动' }]);
      expect(fs.existsSync(path.join(dirL, 'upload', good))).toBe(false);
      // Now read through the other server, from the bucket.
      const read = await b.app.inject({ url: a.api(`/sys/common/static/${good}`), headers: { 'X-Access-Token': admin } });
      expect(sha(read.rawPayload)).toBe(sha(PNG));
      // Run again: nothing left to move but the refused file (resumable, idempotent).
      expect((await moveFiles(a.database.db, config, 's3')).moved).toBe(0);
      const back = await moveFiles(a.database.db, config, 'local');
      expect(back.moved).toBeGreaterThanOrEqual(1);
      expect(fs.readFileSync(path.join(dirL, 'upload', good))).toEqual(PNG);
      const [row] = await a.database.db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, good));
      expect(row!.storage).toBe('local');
    } finally {
      await l.app.close();
    }
  });

  it('the bucket unreachable: the upload answers a clear Chinese message and records nothing', async () => {
    const dirC = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3-c-'));
    const configC = { ...a.config, dataDir: dirC, storage: { ...loadConfig({ ...s3Env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }).storage } };
    const c = await buildApp(configC, dbB?.db ?? a.database.db);
    await c.app.ready();
    try {
      const before = await a.database.db.select({ n: count() }).from(sbFileInfo);
      const spooled = () => (fs.existsSync(spoolRoot()) ? fs.readdirSync(spoolRoot()) : []);
      const spooledBefore = new Set(spooled());
      const res = await upload(c.app, admin, PNG);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message: STORE_UNAVAILABLE });
      expect(await a.database.db.select({ n: count() }).from(sbFileInfo)).toEqual(before);
      // Nothing left behind either: the spooled copy of the upload is removed (another file's upload may
      // still be passing through the shared spool folder for a moment).
      await expect.poll(() => spooled().filter((f) => !spooledBefore.has(f)), { timeout: 5000 }).toEqual([]);
      expect(fs.existsSync(path.join(dirC, 'upload', '.spool'))).toBe(false);
    } finally {
      await c.app.close();
    }
  });

  it('backup reads the bucket and restore writes the bucket: an upload in S3 round-trips into an empty installation on an empty prefix', async () => {
    const inBucket = json(await upload(a.app, admin, PNG)).message;
    const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3-backup-')), 'b.tar.gz');
    const manifest = await writeBackup({ db: a.database.db, config: { ...a.config, databaseUrl: a.databaseUrl } }, archive);
    expect(manifest.files.find((f) => f.path === inBucket)).toMatchObject({ storage: 's3', sha256: sha(PNG) });
    const targetDb = a.databaseUrl ? `sbwq_s3_restore_${Date.now().toString(36)}` : null;
    const server = a.databaseUrl ? new pg.Client({ connectionString: a.databaseUrl }) : null;
    await server?.connect();
    if (targetDb) await server!.query(`create database ${targetDb}`);
    const target = {
      ...a.config,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3-restored-')),
      databaseUrl: targetDb ? a.databaseUrl!.replace(/\/[^/?]+(\?|$)/, `/${targetDb}$1`) : null,
      storage: loadConfig({ ...s3Env, S3_PREFIX: 'restored' }).storage,
    };
    try {
      expect((await restoreBackup(archive, target)).differences).toEqual([]);
      expect(findFile(bucketDir, (f) => f.includes(`restored/${inBucket}`) || f.includes(`restored%2F${inBucket.replaceAll('/', '%2F')}`))).toBeTruthy();
      const object = await fileStoreOf(target.dataDir, target.storage).get(inBucket);
      const hash = createHash('sha256');
      for await (const chunk of object!) hash.update(chunk as Buffer);
      expect(hash.digest('hex')).toBe(sha(PNG));
    } finally {
      if (targetDb) await server!.query(`drop database if exists ${targetDb} with (force)`);
      await server?.end();
    }
  });
});

function findFile(dir: string, test: (file: string) => boolean): string | null {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(full, test);
      if (found) return found;
    } else if (test(full)) return full;
  }
  return null;
}
