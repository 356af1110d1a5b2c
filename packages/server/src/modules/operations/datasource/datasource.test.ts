import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceMsg, DataSourceType } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { closedPort, listening } from '../../../test/ports.ts';
import { rows } from '../../../platform/db/client.ts';
import { buttonId } from '../../../seed/buttons.ts';
import { sysRolePermission } from '../../identity/role/role.table.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysDataSource } from './datasource.table.ts';
import { dataSourceKey, KEY_FILE, openPassword, sealPassword } from './datasource.secret.ts';
import { mysqlPlaceholders, runReadOnly, type DataSourceQueryError } from './datasource.query.ts';
import { RETYPE_PASSWORD } from './datasource.service.ts';
import { DEMO_SOURCE_IDS, ownDatabase } from './datasource.seed.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';

/*
 * Issue #25 多数据源: structured fields, a write-only password encrypted at rest (AES-256-GCM, key from
 * DATASOURCE_SECRET or DATA_DIR/datasource.key), 测试连接 against the local PostgreSQL and MariaDB with a
 * Chinese reason on failure, and runReadOnly, the read-only statement the online reports run.
 */

const PG = { host: '127.0.0.1', port: 5432, username: 'postgres' };
const MARIA = { host: '127.0.0.1', port: 3306, username: 'root', databaseName: 'test' };

const pgUp = await listening(5432);
const mariaUp = await listening(3306);
const PG_SKIP = 'PostgreSQL is not answering on 127.0.0.1:5432 (bash .ci/machine.sh starts it)';
const MARIA_SKIP = 'MariaDB is not answering on 127.0.0.1:3306 (bash .ci/machine.sh starts it)';

/** A server that accepts connections and never says a word: what a firewall dropping packets looks like to a client. */
async function blackhole(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What the stock SysDataSourceModal posts for PostgreSQL: the type and the driver it fills in, the address, database and account typed. */
const stockPgForm = (dbUrl: string, dbName: string, dbUsername: string, dbPassword: string) => ({
  dbType: '4',
  dbDriver: 'org.postgresql.Driver',
  dbUrl,
  dbName,
  dbUsername,
  dbPassword,
});

const SECRET = 'test-datasource-secret-0123456789abcdef0123456789';

describe(`多数据源 (sys_data_source) on ${dbKind} (issue #25 "Data sources")`, async () => {
  const t = await createTestApp({ DATASOURCE_SECRET: SECRET });
  const db = t.database.db;
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  const key = dataSourceKey({ datasourceSecret: SECRET, dataDir: '/nonexistent' });
  const rawRow = async (code: string) => (await db.select().from(sysDataSource).where(eq(sysDataSource.code, code)))[0];
  const add = (body: object) =>
    admin('POST', '/sys/dataSource/add', { name: '测试库', dbType: DataSourceType.postgresql, ...PG, databaseName: 'postgres', ...body });
  const test = async (body: object) => json(await admin('POST', '/sys/dataSource/testConnection', body));

  it('password is write-only: list and queryById answer passwordSet, never the password nor its ciphertext', async () => {
    expect(json(await add({ code: 'ds_secret', password: 'S3cret#Pass-word' }))).toMatchObject({ success: true, message: DataSourceMsg.added });
    const row = await rawRow('ds_secret');
    const list = await admin('GET', '/sys/dataSource/list?code=ds_secret');
    const one = await admin('GET', `/sys/dataSource/queryById?id=${row.id}`);
    for (const reply of [list, one]) {
      expect(reply.body).not.toContain('S3cret#Pass-word');
      expect(reply.body).not.toContain(row.passwordEnc!.split(':')[2].slice(0, 16));
      expect(reply.body).not.toMatch(/"password(Enc|_enc)?"/);
    }
    expect(json(one).result).toMatchObject({ code: 'ds_secret', dbType: '4', dbType_dictText: 'PostgreSQL', host: '127.0.0.1', port: 5432, passwordSet: true });
    expect(json(list).result.records[0].passwordSet).toBe(true);
  });

  it('encrypted at rest with AES-256-GCM: the raw row holds v1:<key id>:<iv|tag|ciphertext>, a fresh IV each time', async () => {
    const [raw] = await rows<{ password_enc: string }>(db, sql`select password_enc from sys_data_source where code = 'ds_secret'`);
    expect(raw.password_enc).toMatch(new RegExp(`^v1:${key.id}:[A-Za-z0-9+/=]+$`));
    expect(raw.password_enc).not.toContain('S3cret');
    expect(Buffer.from(raw.password_enc.split(':')[2], 'base64').length).toBe(12 + 16 + 'S3cret#Pass-word'.length);
    expect(openPassword(key, raw.password_enc)).toBe('S3cret#Pass-word');
    expect(sealPassword(key, 'same')).not.toBe(sealPassword(key, 'same'));
  });

  it('edit: an empty password keeps the stored one, a new one replaces it, clearPassword removes it; the code stays; a new host needs the password typed again', async () => {
    const row = await rawRow('ds_secret');
    const body = { id: row.id, name: '改名', code: 'ds_secret', dbType: '4', ...PG, databaseName: 'postgres', remark: '备注' };
    expect(json(await admin('PUT', '/sys/dataSource/edit', { ...body, password: '' }))).toMatchObject({ success: true, message: DataSourceMsg.edited });
    expect((await rawRow('ds_secret')).passwordEnc).toBe(row.passwordEnc);
    expect((await rawRow('ds_secret')).name).toBe('改名');
    expect(json(await admin('PUT', '/sys/dataSource/edit', { ...body, host: '10.1.2.3' })).message).toBe(RETYPE_PASSWORD);
    expect(json(await admin('PUT', '/sys/dataSource/edit', { ...body, code: 'other' })).message).toBe(DataSourceMsg.codeReadonly);
    await admin('PUT', '/sys/dataSource/edit', { ...body, password: 'New#Pass1' });
    expect(openPassword(key, (await rawRow('ds_secret')).passwordEnc!)).toBe('New#Pass1');
    await admin('PUT', '/sys/dataSource/edit', { ...body, clearPassword: true });
    expect((await rawRow('ds_secret')).passwordEnc).toBeNull();
  });

  it('structured fields only: a host with a scheme, port, path or user, a bad port, an unknown type and a taken code are refused in Chinese', async () => {
    for (const host of ['tcp://db', 'db:5432', 'db/x', 'a@b', 'db x', '300.1.1.1', '-db', '1::2::3', '[::1]', '1:2:3:4:5:6:7:8:9']) {
      expect(json(await add({ code: 'ds_bad', host })).message, host).toBe(DataSourceMsg.hostFormat);
    }
    for (const host of ['db.example.com', '10.0.0.5', '::1', 'fe80::1', '2001:db8:0:0:0:0:0:1', '::ffff:10.0.0.5', 'localhost'])
      expect(json(await add({ code: `ds_h${randomBytes(3).toString('hex')}`, host })).success, host).toBe(true);
    expect(json(await add({ code: 'ds_bad', port: 70000 })).message).toBe(DataSourceMsg.port);
    expect(json(await add({ code: 'ds_bad', dbType: '2' })).message).toBe(DataSourceMsg.typeInvalid);
    expect(json(await add({ code: 'ds_bad', databaseName: "x'; drop" })).message).toBe(DataSourceMsg.databaseFormat);
    expect(json(await add({ code: 'ds_secret' })).message).toBe(DataSourceMsg.codeTaken);
    expect(json(await add({ code: '1abc' })).message).toBe(DataSourceMsg.codeFormat);
  });

  it('a stored password sealed by another key or altered gives a clear Chinese message, never a 500', async () => {
    await add({ code: 'ds_key' });
    const row = await rawRow('ds_key');
    const other = dataSourceKey({ datasourceSecret: 'another-secret-of-enough-length-0123456789', dataDir: '/nonexistent' });
    await db
      .update(sysDataSource)
      .set({ passwordEnc: sealPassword(other, 'x') })
      .where(eq(sysDataSource.id, row.id));
    const wrong = await admin('POST', '/sys/dataSource/testConnection', { id: row.id });
    expect(wrong.statusCode).toBe(200);
    expect(json(wrong)).toMatchObject({ success: false });
    expect(json(wrong).message).toContain(`保存时使用的密钥（标识 ${other.id}）与当前密钥（标识 ${key.id}）不同`);
    const sealed = sealPassword(key, 'x');
    await db
      .update(sysDataSource)
      .set({ passwordEnc: `${sealed.slice(0, -4)}AAAA` })
      .where(eq(sysDataSource.id, row.id));
    expect((await test({ id: row.id })).message).toBe('数据源密码已损坏，无法解密，请编辑该数据源重新填写密码');
  });

  it('without DATASOURCE_SECRET the key is made once in DATA_DIR/datasource.key (0600) and read back by every process sharing DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-dskey-'));
    try {
      const created: string[] = [];
      const first = dataSourceKey({ datasourceSecret: null, dataDir: dir, onKeyCreated: (f) => created.push(f) });
      // another cache entry for the same folder: what a second process sees
      const second = dataSourceKey({ datasourceSecret: null, dataDir: `${dir}/.`, onKeyCreated: (f) => created.push(f) });
      expect(second.id).toBe(first.id);
      expect(created).toEqual([path.join(dir, KEY_FILE)]);
      expect(fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dir)).toEqual([KEY_FILE]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("permissions: the codes are the administrator's; a user without them is refused list, add and 测试连接; one with 查询 alone may list but not test", async () => {
    const userId = await t.createUser({ username: 'dsviewer', password: 'Viewer#2026', roleIds: [RoleId.reviewer] });
    const viewer = t.as(await t.loginAs('dsviewer', 'Viewer#2026'));
    const row = await rawRow('ds_key');
    for (const [method, url, body] of [
      ['GET', '/sys/dataSource/list', undefined],
      ['POST', '/sys/dataSource/add', { name: 'x', code: 'x1', dbType: '4', ...PG, databaseName: 'postgres' }],
      ['POST', '/sys/dataSource/testConnection', { id: row.id }],
      ['DELETE', `/sys/dataSource/delete?id=${row.id}`, undefined],
    ] as const) {
      expect((await viewer(method, url, body)).statusCode, url).toBe(403);
    }
    await db
      .insert(sysRolePermission)
      .values({ id: newId(), roleId: RoleId.reviewer, permissionId: buttonId('system:dataSource:list'), operateDate: new Date() });
    expect(json(await viewer('GET', '/sys/dataSource/list')).success).toBe(true);
    expect((await viewer('POST', '/sys/dataSource/testConnection', { id: row.id })).statusCode).toBe(403);
    expect(userId).toBeTruthy();
  });

  it('测试连接 needs an id or the connection fields, and refuses to send a saved password to another host', async () => {
    expect((await test({})).message).toBe(DataSourceMsg.testNeedsInput);
    expect((await test({ dbType: '4', host: '127.0.0.1', port: 5432 })).message).toContain(DataSourceMsg.databaseRequired);
    await add({ code: 'ds_pw', password: 'Kept#1234' });
    const row = await rawRow('ds_pw');
    expect((await test({ id: row.id, dbType: '4', host: '10.9.9.9', port: 5432, databaseName: 'postgres', username: 'postgres', password: '' })).message).toBe(
      RETYPE_PASSWORD,
    );
  });

  it("the stock form's fields — 驱动类, 数据源地址 (JDBC), 数据库名称, dbUsername, dbPassword — are read into ours: add, the list's columns, edit without the code; what does not fit is refused in Chinese", async () => {
    // what SysDataSourceModal posts on add, and the columns SysDataSourceList shows
    const stock = {
      code: 'ds_stock',
      name: '原版表单',
      ...stockPgForm('jdbc:postgresql://db.example.com:5433/sales?sslmode=disable&socketFactory=x', 'sales', 'reader', 'Stock#Pass1'),
      remark: '',
    };
    expect(json(await admin('POST', '/sys/dataSource/add', stock))).toMatchObject({ success: true, message: DataSourceMsg.added });
    const row = await rawRow('ds_stock');
    expect(row).toMatchObject({ dbType: '4', host: 'db.example.com', port: 5433, databaseName: 'sales', username: 'reader' });
    expect(openPassword(key, row.passwordEnc!)).toBe('Stock#Pass1');
    const listed = json(await admin('GET', '/sys/dataSource/list?code=ds_stock')).result.records[0];
    // the address's options are not kept: nothing typed reaches the driver
    expect(listed).toMatchObject({
      dbType_dictText: 'PostgreSQL',
      dbDriver: 'org.postgresql.Driver',
      dbUrl: 'jdbc:postgresql://db.example.com:5433/sales',
      dbName: 'sales',
      dbUsername: 'reader',
    });
    expect(listed).not.toHaveProperty('dbPassword');
    // edit: the form is the listed record with the fields typed over it, and no code
    const { code: _code, ...record } = listed;
    const edit = (body: object) => admin('PUT', '/sys/dataSource/edit', { ...record, ...body });
    expect(json(await edit({ name: '原版表单（改）', dbUrl: 'jdbc:postgresql://db.example.com:5433/sales', dbPassword: '' }))).toMatchObject({
      success: true,
      message: DataSourceMsg.edited,
    });
    expect(await rawRow('ds_stock')).toMatchObject({ name: '原版表单（改）', passwordEnc: row.passwordEnc });
    // the address wins over the stale host the record carried; a new host needs the password again
    expect(json(await edit({ dbUrl: 'jdbc:postgresql://10.1.2.3/sales', dbPassword: '' })).message).toBe(RETYPE_PASSWORD);
    expect(json(await edit({ dbUrl: 'jdbc:postgresql://10.1.2.3/sales', dbPassword: 'New#Pass2' })).success).toBe(true);
    expect(await rawRow('ds_stock')).toMatchObject({ host: '10.1.2.3', port: 5432 });
    // MySQL as the stock form fills it in on choosing the type (its default address and driver)
    const mysqlForm = {
      ...stock,
      code: 'ds_stock_my',
      dbType: '1',
      dbDriver: 'com.mysql.jdbc.Driver',
      dbUrl: 'jdbc:mysql://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useUnicode=true&useSSL=false',
      dbName: 'jeecg-boot',
    };
    expect(json(await admin('POST', '/sys/dataSource/add', mysqlForm)).success).toBe(true);
    expect(await rawRow('ds_stock_my')).toMatchObject({ dbType: '1', host: '127.0.0.1', port: 3306, databaseName: 'jeecg-boot' });
    const refused = async (body: object) => json(await admin('POST', '/sys/dataSource/add', { ...stock, code: 'ds_stock_bad', ...body })).message;
    expect(await refused({ dbType: '2', dbUrl: 'jdbc:oracle:thin:@127.0.0.1:1521:ORCL', dbDriver: 'oracle.jdbc.OracleDriver' })).toBe(
      DataSourceMsg.typeInvalid,
    );
    expect(await refused({ dbUrl: 'jdbc:mysql://db.example.com/sales' })).toBe(DataSourceMsg.stockUrlType);
    expect(await refused({ dbDriver: 'com.evil.Driver' })).toBe(DataSourceMsg.stockDriver);
    expect(await refused({ dbUrl: 'postgres://db.example.com/sales' })).toBe(DataSourceMsg.stockUrl);
    expect(await refused({ dbUrl: 'jdbc:postgresql://a,b/sales' })).toBe(DataSourceMsg.stockUrl);
    expect(await refused({ dbUrl: 'jdbc:postgresql://user@db/sales' })).toBe(DataSourceMsg.hostFormat);
    expect(await refused({ dbName: 'other' })).toBe(DataSourceMsg.stockDbName('other', 'sales'));
    expect(await refused({ dbUsername: '' })).toContain(DataSourceMsg.userRequired);
    expect(await rawRow('ds_stock_bad')).toBeUndefined();
  });

  describe.skipIf(!pgUp)(`PostgreSQL 127.0.0.1:5432 ${pgUp ? '' : `(skipped: ${PG_SKIP})`}`, () => {
    it('测试连接 succeeds for a saved source and for unsaved form values, naming the server and the time taken', async () => {
      await add({ code: 'ds_pg' });
      const saved = await test({ id: (await rawRow('ds_pg')).id });
      expect(saved).toMatchObject({ success: true });
      expect(saved.message).toMatch(/^连接成功：PostgreSQL \d+\.\d+（用时 \d+ 毫秒）$/);
      expect(saved.result.serverVersion).toMatch(/^PostgreSQL /);
      expect((await test({ dbType: '4', ...PG, databaseName: 'postgres' })).success).toBe(true);
    });

    it("the stock form's 测试 button (/online/cgreport/api/testConnection with its fields) tests the same way", async () => {
      const form = stockPgForm('jdbc:postgresql://127.0.0.1:5432/postgres', 'postgres', 'postgres', '');
      const ok = json(await admin('POST', '/online/cgreport/api/testConnection', form));
      expect(ok).toMatchObject({ success: true });
      expect(ok.message).toMatch(/^连接成功：PostgreSQL /);
      expect(
        json(await admin('POST', '/online/cgreport/api/testConnection', { ...form, dbUrl: 'jdbc:postgresql://127.0.0.1:5432/no_such_db_h6' })).success,
      ).toBe(false);
      expect(json(await admin('POST', '/online/cgreport/api/testConnection', { ...form, dbType: '3' })).message).toBe(DataSourceMsg.typeInvalid);
    });

    it('failures say 认证失败 (unknown user), 数据库不存在, 主机不可达 (closed port, unknown host) and 超时 (a listener that never answers, both drivers) within 3 s', async () => {
      const form = { dbType: '4', ...PG, databaseName: 'postgres' };
      expect((await test({ ...form, username: 'no_such_user_x' })).message).toBe(
        '连接失败：认证失败（用户 no_such_user_x 的用户名或密码错误，或不允许从本机登录）',
      );
      expect((await test({ ...form, databaseName: 'no_such_db_x' })).message).toBe('连接失败：数据库不存在（no_such_db_x）');
      const port = await closedPort();
      expect((await test({ ...form, port })).message).toBe(`连接失败：主机不可达（127.0.0.1:${port} 拒绝连接，请检查端口和数据库服务是否已启动）`);
      expect((await test({ ...form, host: 'no-such-host.invalid' })).message).toBe('连接失败：主机不可达（找不到主机 no-such-host.invalid）');
      const hole = await blackhole();
      try {
        const started = Date.now();
        // both drivers at once: neither waits on its own timers past the three seconds
        const answers = await Promise.all([test({ ...form, port: hole.port }), test({ ...form, dbType: DataSourceType.mysql, port: hole.port })]);
        for (const answer of answers) expect(answer.message).toBe(`连接失败：超时（3 秒内未能连上 127.0.0.1:${hole.port}，请检查主机、端口与防火墙）`);
        expect(Date.now() - started).toBeLessThan(4500);
      } finally {
        await hole.close();
      }
    });

    describe("runReadOnly (the online reports' query)", () => {
      const name = `sbwq_ds_${randomBytes(5).toString('hex')}`;
      const server = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      const scratch = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
      beforeAll(async () => {
        await server.connect();
        await server.query(`create database ${name}`);
        await scratch.connect();
        await scratch.query(`create table case_stat (id int primary key, city text, amount numeric(12,2), closed date);
          insert into case_stat select g, case when g % 2 = 0 then '杭州' else '宁波' end, g * 100.5, date '2026-01-01' + g from generate_series(1, 30) g;
          create function bump() returns int language plpgsql as $$ begin insert into case_stat values (999, 'x', 0, null); return 1; end $$;`);
        await add({ code: 'pg_report', databaseName: name });
      });
      afterAll(async () => {
        await scratch.end();
        await server.query(`drop database if exists ${name} with (force)`);
        await server.end();
      });

      it("answers fields with the database's type names and rows, bound $n parameters, at most maxRows (truncated says more)", async () => {
        const result = await runReadOnly(
          t.deps,
          'pg_report',
          'select id, city, amount, closed from case_stat where city = $1 and id > $2 order by id;',
          ['杭州', 10],
          { maxRows: 5 },
        );
        expect(result.fields).toEqual([
          { name: 'id', type: 'integer' },
          { name: 'city', type: 'text' },
          { name: 'amount', type: 'numeric' },
          { name: 'closed', type: 'date' },
        ]);
        expect(result.rows[0]).toEqual({ id: 12, city: '杭州', amount: '1206.00', closed: '2026-01-13' });
        expect(result.rows).toHaveLength(5);
        expect(result.truncated).toBe(true);
        // a parameter is a value, never SQL
        expect((await runReadOnly(t.deps, 'pg_report', 'select count(*)::int as n from case_stat where city = $1', ["杭州' or '1'='1"])).rows).toEqual([
          { n: 0 },
        ]);
      });

      it('refuses a write (READ ONLY transaction) and a second statement; the table is unchanged', async () => {
        const write = await runReadOnly(t.deps, 'pg_report', 'select bump()').catch((e: DataSourceQueryError) => e);
        expect(write).toMatchObject({ kind: 'readOnly' });
        expect((write as Error).message).toMatch(/^只能查询：数据源以只读事务执行，不能修改数据/);
        const two = await runReadOnly(t.deps, 'pg_report', 'select 1; delete from case_stat').catch((e: DataSourceQueryError) => e);
        expect(two).toMatchObject({ kind: 'sql' });
        expect((await scratch.query('select count(*)::int as n from case_stat')).rows[0].n).toBe(30);
      });

      it('stops a long statement at timeoutMs (statement_timeout) and the pool goes on serving', async () => {
        const started = Date.now();
        const slow = await runReadOnly(t.deps, 'pg_report', 'select pg_sleep(5)', [], { timeoutMs: 300 }).catch((e: DataSourceQueryError) => e);
        expect(slow).toMatchObject({ kind: 'timeout', message: '查询超时：超过 0.3 秒未完成，已取消' });
        expect(Date.now() - started).toBeLessThan(2000);
        expect((await runReadOnly(t.deps, 'pg_report', 'select 1 as one')).rows).toEqual([{ one: 1 }]);
        expect(await runReadOnly(t.deps, 'no_such_code', 'select 1').catch((e: DataSourceQueryError) => e.kind)).toBe('notFound');
      });
    });
  });

  describe.skipIf(!mariaUp)(`MariaDB 127.0.0.1:3306 ${mariaUp ? '' : `(skipped: ${MARIA_SKIP})`}`, () => {
    const table = `ds_case_${randomBytes(4).toString('hex')}`;
    let root: mysql.Connection;
    beforeAll(async () => {
      root = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' });
      await root.query(`create table ${table} (id int primary key, title varchar(50), amount decimal(12,2), filed datetime)`);
      await root.query(
        `insert into ${table} values (1, '甲案', 100.50, '2021-03-04 10:00:00'), (2, '乙案 $1', 200.00, '2022-05-06 11:30:00'), (3, '丙案', 300.25, '2023-07-08 09:15:00')`,
      );
    });
    afterAll(async () => {
      await root.query(`drop table if exists ${table}`);
      await root.end();
    });
    const maria = { dbType: DataSourceType.mysql, ...MARIA };

    it('测试连接 succeeds (MariaDB and its version); a wrong password says 认证失败, an unknown database 数据库不存在', async () => {
      const ok = await test(maria);
      expect(ok.message).toMatch(/^连接成功：MariaDB \d+\.\d+\.\d+（用时 \d+ 毫秒）$/);
      expect((await test({ ...maria, password: 'wrong-password' })).message).toBe('连接失败：认证失败（用户 root 的用户名或密码错误，或不允许从本机登录）');
      expect((await test({ ...maria, databaseName: 'no_such_db_x' })).message).toBe('连接失败：数据库不存在（no_such_db_x）');
      const port = await closedPort();
      expect((await test({ ...maria, port })).message).toContain('连接失败：主机不可达');
    });

    it('runReadOnly: $n become bound ? outside quotes, rows and types come back, a write is refused, a long statement is stopped', async () => {
      expect(json(await add({ code: 'maria_report', ...maria })).success).toBe(true);
      const result = await runReadOnly(
        t.deps,
        'maria_report',
        `select id, title, amount, filed from ${table} where title <> '$1' and id >= $1 order by id desc`,
        [2],
        { maxRows: 1 },
      );
      expect(result.fields.map((f) => f.name)).toEqual(['id', 'title', 'amount', 'filed']);
      expect(result.fields[2].type).toBe('NEWDECIMAL');
      expect(result.rows).toEqual([{ id: 3, title: '丙案', amount: '300.25', filed: '2023-07-08 09:15:00' }]);
      expect(result.truncated).toBe(true);

      const write = await runReadOnly(t.deps, 'maria_report', `insert into ${table} values (9, 'x', 0, null)`).catch((e: DataSourceQueryError) => e);
      expect(write).toMatchObject({ kind: 'readOnly' });
      const started = Date.now();
      const slow = await runReadOnly(t.deps, 'maria_report', 'select sleep(5)', [], { timeoutMs: 300 }).catch((e: DataSourceQueryError) => e);
      expect(slow).toMatchObject({ kind: 'timeout' });
      expect(Date.now() - started).toBeLessThan(2000);
      const [[count]] = await root.query<mysql.RowDataPacket[]>(`select count(*) as n from ${table}`);
      expect(count.n).toBe(3);
    });

    it('an edited source is used at once: its old pool is closed and the new password is tried', async () => {
      const row = await rawRow('maria_report');
      expect((await runReadOnly(t.deps, 'maria_report', 'select 1 as one')).rows).toEqual([{ one: 1 }]);
      await admin('PUT', '/sys/dataSource/edit', { id: row.id, name: row.name, code: row.code, ...maria, password: 'now-wrong' });
      const refused = await runReadOnly(t.deps, 'maria_report', 'select 1 as one').catch((e: DataSourceQueryError) => e);
      expect(refused).toMatchObject({ kind: 'connect' });
      expect((refused as Error).message).toContain('认证失败');
    });
  });

  it('demo data (SEED_DEMO=1): 本系统业务库 at DATABASE_URL, the old case system on MariaDB, a warehouse whose password is sealed with the configured key', async () => {
    await db.delete(sysSeed).where(eq(sysSeed.key, 'demo:datasource:v1'));
    const opts = {
      adminPassword: null,
      seedDemo: true,
      announce: () => undefined,
      datasourceSecret: SECRET,
      databaseUrl: 'postgres://report:p%40ss@db.internal:6543/sbwq',
    };
    expect(await runSeeds(db, opts)).toEqual(['demo:datasource:v1']);
    const [own, legacy, warehouse] = await Promise.all(
      DEMO_SOURCE_IDS.map(async (id) => json(await admin('GET', `/sys/dataSource/queryById?id=${id}`)).result),
    );
    expect(own).toMatchObject({
      name: '本系统业务库',
      dbType_dictText: 'PostgreSQL',
      host: 'db.internal',
      port: 6543,
      databaseName: 'sbwq',
      username: 'report',
      passwordSet: true,
    });
    expect(legacy).toMatchObject({
      code: 'legacy_case',
      dbType_dictText: 'MySQL / MariaDB',
      host: '127.0.0.1',
      port: 3306,
      databaseName: 'test',
      passwordSet: false,
    });
    expect(warehouse).toMatchObject({ code: 'member_dw', passwordSet: true });
    expect(openPassword(key, (await rawRow('sbwq_main')).passwordEnc!)).toBe('p@ss');
    expect(ownDatabase(null)).toMatchObject({ host: '127.0.0.1', port: 5432, databaseName: 'postgres', username: 'postgres', password: null });
  });

  it('mysqlPlaceholders keeps quoted text and comments, and refuses a mark without a value', () => {
    expect(mysqlPlaceholders('select \'$1\', "$2", `$3`, $2 -- $1\n, $1 /* $9 */ # $4', ['a', 'b'])).toEqual({
      sql: 'select \'$1\', "$2", `$3`, ? -- $1\n, ? /* $9 */ # $4',
      values: ['b', 'a'],
    });
    expect(mysqlPlaceholders("select 'it''s $1', 'a\\'$1', $1", [7])).toEqual({ sql: "select 'it''s $1', 'a\\'$1', ?", values: [7] });
    expect(() => mysqlPlaceholders('select $3', [1])).toThrow('参数 $3 没有对应的值');
  });
});
