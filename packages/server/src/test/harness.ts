import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { newId } from '../platform/db/ids.ts';
import { hashPassword } from '../platform/auth/password.ts';
import { RoleId, DepartId } from '../seed/seed.ts';
import { buildApp } from '../app.ts';
import type { BuiltApp } from '../platform/deps.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../modules/identity/user/user.table.ts';

import { ADMIN_PASSWORD } from './constants.ts';
import { createDatabase } from './scratch-database.ts';

export { ADMIN_PASSWORD };
export const dbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh database for one test file, copied from the run's migrated and seeded template
 * (global-setup.ts): in-memory PGlite, or a new database on the TEST_DATABASE_URL server.
 */
async function freshDatabase(): Promise<Database & { url: string | null; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  if (dbKind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteImage: new Blob([fs.readFileSync(template)]) });
    return { ...database, url: null, drop: async () => undefined };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `sbwq_t_${randomBytes(6).toString('hex')}`;
  const scratch = await createDatabase(base, name, template);
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
  return { ...database, ...scratch };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = (method: Method, path: string, payload?: unknown) => Promise<LightMyRequestResponse>;

export type TestApp = BuiltApp & {
  database: Database;
  /** The test database's URL on a PostgreSQL server (null on PGlite), for a second connection. */
  databaseUrl: string | null;
  config: Config;
  inject: FastifyInstance['inject'];
  api: (path: string) => string;
  loginAs: (username: string, password: string, ip?: string) => Promise<string>;
  /** One API request with a session token (none when null); `path` is under the API base. */
  request: (token: string | null, method: Method, path: string, payload?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** `request` bound to one token (and any further headers, e.g. `tenant_id`), for a file that speaks as one user. */
  as: (token: string, headers?: Record<string, string>) => Call;
  createUser: (opts: { username: string; password: string; roleIds?: string[]; departIds?: string[]; status?: number }) => Promise<string>;
};

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Fixed data-source and server keys: without them, the first stored 多数据源 password or the app's start
  // would create a key file in DATA_DIR, making the '/nonexistent' that tests rely on exist.
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD,
    SEED_DEMO: '0',
    DATA_DIR: '/nonexistent',
    DATASOURCE_SECRET: 'test-only-datasource-secret-0123456789abcdef',
    APP_SECRET: 'test-only-app-secret-0123456789abcdef0123',
    ...env,
  });
  const database = await freshDatabase();
  const built = await buildApp(config, database.db);
  await built.app.ready();
  const api = (path: string) => `${config.apiBase}${path}`;
  const testApp: TestApp = {
    ...built,
    database,
    databaseUrl: database.url,
    config,
    inject: built.app.inject.bind(built.app),
    api,
    loginAs: async (username, password, ip = '127.0.0.1') => {
      const res = await built.app.inject({ method: 'POST', url: api('/sys/login'), payload: { username, password }, remoteAddress: ip });
      const body = res.json();
      if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
      return body.result.token as string;
    },
    request: (token, method, path, payload, headers = {}) =>
      built.app.inject({
        method,
        url: api(path),
        headers: { ...(token === null ? {} : { 'X-Access-Token': token }), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    as: (token, headers) => (method, path, payload) => testApp.request(token, method, path, payload, headers),
    createUser: async ({ username, password, roleIds = [], departIds = [DepartId.rightsDept], status = 1 }) => {
      const id = newId();
      await database.db.insert(sysUser).values({ id, username, realname: `${username}-姓名`, password: await hashPassword(password), status, orgCode: null });
      for (const roleId of roleIds) await database.db.insert(sysUserRole).values({ id: newId(), userId: id, roleId });
      for (const depId of departIds) await database.db.insert(sysUserDepart).values({ id: newId(), userId: id, depId });
      return id;
    },
  };
  afterAll(async () => {
    await built.app.close();
    await database.close();
    await database.drop();
  });
  return testApp;
}

export { RoleId, DepartId };

export function json(res: LightMyRequestResponse): { success: boolean; message: string; code: number; result: any } {
  return res.json();
}

/** A multipart/form-data body with one file, for app.inject. */
export function multipart(file: { field?: string; filename: string; content: Buffer; contentType?: string }, fields: Record<string, string> = {}) {
  const boundary = `----sbwq${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  parts.push(file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
