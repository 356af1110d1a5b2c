import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OssFileMsg } from '@sbwq/contracts';
import { createDatabase, dropDatabase } from '../../test/scratch-database.ts';
import { call, startServer, stopServer, type ServerProcess } from '../../test/server-process.ts';

/*
 * Issue 39 Storage: "two server processes on one PostgreSQL share one bucket — a file uploaded through one is
 * downloaded through the other". Two real server processes (`main.ts`, as `npm start` runs it), each with its
 * own PORT and DATA_DIR, the same DATABASE_URL and the same S3 settings, against an s3rver started here.
 * Runs in the server-postgres project (CI and `npm test` set TEST_DATABASE_URL); s3rver is a devDependency.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && Boolean(baseUrl);

const ADMIN_PASSWORD = 'S3Multi12345';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300 * 1024)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under `dir`, recursively (what a server process left in its data folder). */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

describe.runIf(enabled)('issue 39: two server processes on one PostgreSQL share one S3-compatible bucket', () => {
  const name = `sbwq_s3mp_${randomBytes(6).toString('hex')}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-s3mp-'));
  const dirA = path.join(scratch, 'a');
  const dirB = path.join(scratch, 'b');
  const bucketDir = path.join(scratch, 'bucket');
  let s3: S3rver | undefined;
  let serverA: ServerProcess | undefined;
  let serverB: ServerProcess | undefined;
  let token = '';

  // Vitest collects a skipped suite too: everything that needs the servers happens in the hooks.
  beforeAll(async () => {
    for (const dir of [dirA, dirB, bucketDir]) fs.mkdirSync(dir, { recursive: true });
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: 'sbwq-shared', configs: [] }] });
    const { port } = await s3.run();
    const dbUrl = (await createDatabase(baseUrl!, name)).url;
    const env = {
      DATABASE_URL: dbUrl,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      NODE_ENV: 'test',
      REDIS_URL: '',
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'sbwq-shared',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'mp',
    };
    // A first: it creates the schema and the seed data; B then opens the same database.
    serverA = await startServer({ ...env, DATA_DIR: dirA });
    serverB = await startServer({ ...env, DATA_DIR: dirB });
    const login = await call(serverA, null, 'POST', '/sys/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.code, login.message).toBe(200);
    token = login.result.token;
  });

  afterAll(async () => {
    await Promise.all([stopServer(serverA), stopServer(serverB)]);
    await s3?.close();
    if (enabled) await dropDatabase(baseUrl!, name);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const download = (server: ServerProcess, filePath: string) => fetch(`${server.url}/sys/common/static/${filePath}`, { headers: { 'X-Access-Token': token } });

  let id = '';
  let filePath = '';
  it('a file uploaded through process A is listed and downloaded, byte for byte, through process B; neither data folder holds it', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), '跨进程证据.png');
    const uploaded = await (await fetch(`${serverA!.url}/oss/file/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } })).json();
    expect(uploaded).toMatchObject({ success: true, message: OssFileMsg.uploaded });
    filePath = uploaded.result.filePath;

    const listed = await call(serverB!, token, 'GET', `/oss/file/list?url=${encodeURIComponent(filePath)}`);
    expect(listed.result.records).toHaveLength(1);
    expect(listed.result.records[0]).toMatchObject({ filePath, storage: 's3', sha256: sha(PNG), fileName: '跨进程证据.png' });
    id = listed.result.records[0].id;

    const read = await download(serverB!, filePath);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(sha(Buffer.from(await read.arrayBuffer()))).toBe(sha(PNG));
    // The bytes live in the bucket: s3rver's folder has them, the servers' own data folders do not.
    expect(filesUnder(bucketDir).some((f) => f.endsWith('._S3rver_object') && fs.readFileSync(f).equals(PNG))).toBe(true);
    expect([...filesUnder(dirA), ...filesUnder(dirB)].filter((f) => f.includes(path.basename(filePath)))).toEqual([]);
    // The access check stays on our servers: no session, no file.
    expect((await fetch(`${serverB!.url}/sys/common/static/${filePath}`)).status).toBe(401);
  });

  it('deleted through process B, the file is gone for process A: no row, no object in the bucket', async () => {
    expect(await call(serverB!, token, 'DELETE', `/oss/file/delete?id=${id}`)).toMatchObject({ success: true, message: OssFileMsg.deleted });
    expect((await download(serverA!, filePath)).status).toBe(404);
    expect((await call(serverA!, token, 'GET', `/oss/file/queryById?id=${id}`)).success).toBe(false);
    expect(filesUnder(bucketDir).some((f) => f.endsWith('._S3rver_object') && fs.readFileSync(f).equals(PNG))).toBe(false);
  });
});
