import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, createTestApp, dbKind } from '../../test/harness.ts';
import { RoleId } from '../../seed/seed.ts';
import { hasPermission } from '../access/access.ts';
import { fixedRows, rows } from './client.ts';
import { realnamesOf } from './user-names.ts';
import { newId } from './ids.ts';
import { sysDepart } from '../../modules/identity/depart/depart.table.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../../modules/identity/user/user.table.ts';
import { userResource } from '../../modules/identity/user/user.admin.service.ts';
import { dataVersion } from './versioned-cache.ts';
import { pageOf } from '../list/list-query.ts';
import { findMyOrg, isStaff } from '../../modules/core/org/org-context.ts';
import { rightsOrg } from '../../modules/core/org/org.table.ts';
import { EnterStatus } from '@sbwq/contracts';
import { newRequestScope, noteVersions, runInRequestScope } from './request-scope.ts';

describe('performance (README budgets): user-list totals and access answers are remembered only while no write has committed', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const version = () => dataVersion(db, 'sys_user');
  const total = async (params: Record<string, unknown> = {}) => (await pageOf(db, userResource, params, { extra: [eq(sysUser.delFlag, 0)] })).total;
  const addUser = (username: string) => db.insert(sysUser).values({ id: newId(), username, realname: `${username}姓名`, password: 'x', status: 1 });

  it('a repeated list is answered from the remembered total, which is still exact', async () => {
    const before = await total();
    const v = await version();
    expect(await total()).toBe(before);
    expect(await version()).toBe(v);
  });

  it('adding, freezing and deleting users changes the next total (one version bump per transaction)', async () => {
    const before = await total();
    const frozenBefore = await total({ status: '2' });
    const v = await version();
    await db.transaction(async (tx) => {
      await tx.insert(sysUser).values([
        { id: newId(), username: 'cc.one', realname: '计数一', password: 'x', status: 1 },
        { id: newId(), username: 'cc.two', realname: '计数二', password: 'x', status: 1 },
      ]);
      await tx.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'cc.two'));
    });
    expect(await version()).toBe(v + 1);
    expect(await total()).toBe(before + 2);
    expect(await total({ status: '2' })).toBe(frozenBefore + 1);
    await db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, 'cc.one'));
    expect(await total()).toBe(before + 1);
  });

  it('a rolled-back write leaves the version (and the remembered total) as they were', async () => {
    const before = await total();
    const v = await version();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(sysUser).values({ id: newId(), username: 'cc.rollback', realname: '回滚', password: 'x', status: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(v);
    expect(await total()).toBe(before);
  });

  it('§7 users by department: the department and everything under it, newest first; membership writes recount', async () => {
    const parent = newId();
    const child = newId();
    await db.insert(sysDepart).values([
      { id: parent, parentId: '', departName: '计数部门', orgCode: 'Z97', orgCategory: '1', departOrder: 0, delFlag: '0' },
      { id: child, parentId: parent, departName: '计数小组', orgCode: 'Z97A01', orgCategory: '2', departOrder: 0, delFlag: '0' },
    ]);
    const member = async (username: string, createTime: string) => {
      const id = newId();
      await db.insert(sysUser).values({ id, username, realname: username, password: 'x', status: 1, createTime: new Date(createTime) });
      return id;
    };
    const older = await member('cc.older', '2026-01-01T00:00:00Z');
    const newer = await member('cc.newer', '2026-02-01T00:00:00Z');
    await member('cc.outside', '2026-03-01T00:00:00Z');
    const token = await t.loginAs('admin', ADMIN_PASSWORD);
    const inDepartment = async (id: string) => {
      const { result } = (await t.inject({ url: t.api(`/sys/user/list?departId=${id}`), headers: { 'X-Access-Token': token } })).json();
      return { total: result.total, names: result.records.map((r: { username: string }) => r.username) };
    };
    expect(await inDepartment(parent)).toEqual({ total: 0, names: [] });
    await db.insert(sysUserDepart).values([
      { id: newId(), userId: older, depId: parent },
      { id: newId(), userId: newer, depId: child },
    ]);
    expect(await inDepartment(parent)).toEqual({ total: 2, names: ['cc.newer', 'cc.older'] });
    expect(await inDepartment(child)).toEqual({ total: 1, names: ['cc.newer'] });
    await db.delete(sysUserDepart).where(eq(sysUserDepart.userId, newer));
    expect(await inDepartment(parent)).toEqual({ total: 1, names: ['cc.older'] });
  });

  it('the user list reads the same rows with and without a trigram index (the index only changes speed)', async () => {
    const indexes = await rows<{ indexname: string }>(db, sql`select indexname from pg_indexes where tablename = 'sys_user' and indexname like '%trgm'`);
    // PGlite always carries pg_trgm; a PostgreSQL server without the contrib package gets no index.
    if (dbKind === 'pglite')
      expect(indexes.map((i) => i.indexname).sort()).toEqual(['idx_sys_user_phone_trgm', 'idx_sys_user_realname_trgm', 'idx_sys_user_username_trgm']);
    await addUser('cc.用户甲');
    const page = await pageOf<{ username: string }>(db, userResource, { username: '*用户甲*' }, { extra: [eq(sysUser.delFlag, 0)] });
    expect(page.records.map((r) => r.username)).toEqual(['cc.用户甲']);
    expect(page.total).toBe(1);
  });

  it('keys first: the user list pages read exactly the rows the one-step query reads, in the same order', async () => {
    const [index] = await rows<{ indexdef: string }>(db, sql`select indexdef from pg_indexes where indexname = 'idx_sys_user_create_time'`);
    expect(index.indexdef).toMatch(/INCLUDE \(username, realname, phone, status, del_flag\)/);
    // Users created in one instant tie on create_time: the id decides, in both queries.
    const at = new Date('2026-01-02T03:04:05Z');
    await db.insert(sysUser).values(
      Array.from({ length: 23 }, (_, i) => ({
        id: `kf-${String(i).padStart(2, '0')}`,
        username: `kf.user${i}`,
        realname: `键先${i}`,
        password: 'x',
        status: i % 3 === 0 ? 2 : 1,
        createTime: i % 2 ? at : new Date(at.getTime() + i * 1000),
      })),
    );
    const ids = async (params: Record<string, unknown>, keysFirst: boolean) => {
      const page = await pageOf<{ id: string }>(db, userResource, params, { extra: [eq(sysUser.delFlag, 0)], tieBreak: sysUser.id, keysFirst });
      return { ids: page.records.map((r) => r.id), total: page.total };
    };
    for (const params of [
      { username: 'kf.*', pageSize: '5' },
      { username: 'kf.*', pageSize: '5', pageNo: '3' },
      { username: '*user1*', status: '1', pageSize: '4', pageNo: '2' },
      { realname: '键先*', column: 'username', order: 'asc', pageSize: '10', pageNo: '2' },
      { username: 'kf.*', pageSize: '10', pageNo: '9' },
    ]) {
      const oneStep = await ids(params, false);
      expect(await ids(params, true), JSON.stringify(params)).toEqual(oneStep);
    }
    expect((await ids({ username: 'kf.*', pageSize: '5', pageNo: '1' }, true)).ids).toEqual(['kf-22', 'kf-20', 'kf-18', 'kf-16', 'kf-14']);
    expect((await ids({ username: 'kf.*', pageSize: '10', pageNo: '9' }, true)).ids).toEqual([]);
  });

  it.runIf(dbKind === 'postgres')('a write another connection has not committed yet is neither counted nor versioned', async () => {
    const pg = (await import('pg')).default;
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      const before = await total();
      const v = await version();
      await other.query('begin');
      await other.query(`insert into sys_user (id, username, realname, password, status) values ('cc-open', 'cc.open', '未提交', 'x', 1)`);
      expect(await version()).toBe(v);
      expect(await total()).toBe(before);
      await other.query('commit');
      expect(await version()).toBe(v + 1);
      expect(await total()).toBe(before + 1);
    } finally {
      await other.end();
    }
  });

  it('§7 access: a role granted or taken away by any writer applies to the very next request, with no new login', async () => {
    const userId = await t.createUser({ username: 'cc.access', password: 'Access12345' });
    const token = await t.loginAs('cc.access', 'Access12345');
    const list = async () => (await t.inject({ url: t.api('/sys/user/list'), headers: { 'X-Access-Token': token } })).statusCode;
    expect(await list()).toBe(403);
    expect(await list()).toBe(403);
    await db.insert(sysUserRole).values({ id: newId(), userId, roleId: RoleId.admin });
    expect(await list()).toBe(200);
    expect(await hasPermission(db, userId, 'system:user:list')).toBe(true);
    await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    expect(await list()).toBe(403);
    expect(await hasPermission(db, userId, 'system:user:list')).toBe(false);
  });

  it('issue #24: staff standing and the menu, remembered per access version, follow a role change on the very next request', async () => {
    const userId = await t.createUser({ username: 'cc.staff', password: 'Staff12345' });
    const token = await t.loginAs('cc.staff', 'Staff12345');
    const staffNow = async () => isStaff(db, userId, await dataVersion(db, 'access'));
    const buttons = async () => {
      const res = await t.inject({ url: t.api('/sys/permission/getUserPermissionByToken'), headers: { 'X-Access-Token': token } });
      return (res.json() as { result: { auth: { action: string }[] } }).result.auth.map((a) => a.action);
    };
    expect(await staffNow()).toBe(false);
    expect(await buttons()).not.toContain('system:user:add');
    // asked twice under one version: the second answer is the remembered one
    expect(await buttons()).not.toContain('system:user:add');
    await db.insert(sysUserRole).values({ id: newId(), userId, roleId: RoleId.admin });
    expect(await staffNow()).toBe(true);
    expect(await buttons()).toContain('system:user:add');
    await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    expect(await staffNow()).toBe(false);
    expect(await buttons()).not.toContain('system:user:add');
  });

  it('issue #24: a read request takes the versions its session lookup read; a write request reads them again', async () => {
    const now = await version();
    const read = newRequestScope(true);
    const write = newRequestScope(false);
    for (const scope of [read, write]) runInRequestScope(scope, () => noteVersions({ sys_user: now - 1 }));
    expect(await runInRequestScope(read, version)).toBe(now - 1);
    expect(await runInRequestScope(write, version)).toBe(now);
    // a group the session did not read, and work outside any request, read the table
    expect(await runInRequestScope(read, () => dataVersion(db, 'access'))).toBe(await dataVersion(db, 'access'));
    expect(await version()).toBe(now);
  });

  it('issue #24: a fixed statement (prepared per connection on PostgreSQL) answers as a plain one, on the pool and in a transaction', async () => {
    const statement = { name: 'sbwq_test_fixed', text: 'select name, version from sys_list_version where name = $1 or name = $2 order by name' };
    const plain = await rows(db, sql`select name, version from sys_list_version where name in ('access', 'sys_user') order by name`);
    const asked = () => fixedRows<{ name: string; version: unknown }>(db, statement, ['access', 'sys_user']);
    // twice: the second call reuses the statement the connection prepared
    expect(await asked()).toEqual(plain);
    expect(await asked()).toEqual(plain);
    expect(await db.transaction((tx) => fixedRows(tx, statement, ['access', 'sys_user']))).toEqual(plain);
  });

  it('issue #24: the names a read request shows are remembered per version of the user tables: a rename shows in the next request', async () => {
    await addUser('cc.named');
    // as a read request: the versions its session lookup read, then the page's names
    const namesNow = () =>
      runInRequestScope(newRequestScope(true), async () => {
        noteVersions({ sys_user: await dataVersion(db, 'sys_user') });
        const name = await realnamesOf(db, ['cc.named', 'cc.nobody']);
        return [name('cc.named'), name('cc.nobody')];
      });
    expect(await namesNow()).toEqual(['cc.named姓名', 'cc.nobody']);
    expect(await namesNow()).toEqual(['cc.named姓名', 'cc.nobody']);
    await db.update(sysUser).set({ realname: '改名后' }).where(eq(sysUser.username, 'cc.named'));
    expect(await namesNow()).toEqual(['改名后', 'cc.nobody']);
  });

  it("issue #24: the caller's organisation, remembered per version of the organisation table, follows any writer on the next call", async () => {
    const userId = newId();
    const orgId = newId();
    await db.insert(rightsOrg).values({ id: orgId, orgName: '版本测试机构', orgType: '1', applicantId: userId, enterStatus: EnterStatus.pending });
    const user = { id: userId, orgCode: null };
    expect((await findMyOrg(db, user))?.enterStatus).toBe(EnterStatus.pending);
    expect(await findMyOrg(db, user)).toBe(await findMyOrg(db, user));
    await db.execute(sql`update rights_org set enter_status = ${EnterStatus.enrolled} where id = ${orgId}`);
    expect((await findMyOrg(db, user))?.enterStatus).toBe(EnterStatus.enrolled);
    await db.delete(rightsOrg).where(eq(rightsOrg.id, orgId));
    expect(await findMyOrg(db, user)).toBeNull();
  });

  it.runIf(dbKind === 'postgres')('two transactions writing users and roles in opposite orders do not deadlock on the version rows', async () => {
    const pg = (await import('pg')).default;
    const [a, b] = [new pg.Client({ connectionString: t.databaseUrl! }), new pg.Client({ connectionString: t.databaseUrl! })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      // SET CONSTRAINTS ... IMMEDIATE fires the deferred bumps at once, holding their locks to the end.
      await a.query('begin');
      await a.query(`insert into sys_user (id, username, realname, password, status) values ('dl-a', 'dl.a', '甲', 'x', 1)`);
      await a.query('set constraints all immediate');
      await b.query('begin');
      const bPid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      await b.query(`insert into sys_user_role (id, user_id, role_id) values ('dl-b-role', 'dl-b', '${RoleId.holder}')`);
      const bBump = b.query('set constraints all immediate');
      let bumped = false;
      void bBump.then(
        () => (bumped = true),
        () => undefined,
      );
      // B has either bumped `access` already or is waiting for a lock A holds: only then may A go on.
      for (let i = 0; i < 200 && !bumped; i++) {
        const [state] = await rows<{ wait: string | null }>(db, sql`select wait_event_type as wait from pg_stat_activity where pid = ${bPid}`);
        if (state?.wait === 'Lock') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const bDone = bBump.then(async () => {
        await b.query(`insert into sys_user (id, username, realname, password, status) values ('dl-b', 'dl.b', '乙', 'x', 1)`);
        await b.query('set constraints all immediate');
        await b.query('commit');
      });
      await a.query(`insert into sys_user_role (id, user_id, role_id) values ('dl-a-role', 'dl-a', '${RoleId.holder}')`);
      await a.query('set constraints all immediate');
      await a.query('commit');
      await bDone;
      const found = await rows<{ username: string }>(db, sql`select username from sys_user where username in ('dl.a', 'dl.b') order by username`);
      expect(found.map((r) => r.username)).toEqual(['dl.a', 'dl.b']);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
