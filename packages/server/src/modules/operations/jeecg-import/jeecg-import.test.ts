import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { JeecgImportMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { sysDataLog } from '../../core/datalog/datalog.table.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../core/notice/announcement.table.ts';
import { sysCheckRule } from '../../config/check-rule/check-rule.table.ts';
import { sysFillRule } from '../../config/fill-rule/fill-rule.table.ts';
import { sysTenant } from '../../identity/tenant/tenant.table.ts';
import { sysCategory } from '../../config/category/category.table.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { sysRole } from '../../identity/role/role.table.ts';
import { sysUser, sysUserRole } from '../../identity/user/user.table.ts';
import { importJeecg, openSource, type ImportReport } from './jeecg-import.service.ts';
import { sysImportTask } from './jeecg-import.table.ts';

/** The stock JeecgBoot 2.3.0 script (see its README): 5 users, 9 departments, 5 roles, 124 menus and buttons, 40 dictionaries, 9 announcements, 3 jobs. */
const DUMP = new URL('../../../../../../../shared/data/jeecgboot-2.3/jeecgboot-mysql-5.7.sql', import.meta.url);

function mariadbReachable(): boolean {
  try {
    execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root', '-e', 'select 1'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const reachable = mariadbReachable();

/** Loads the dump under its own database name: the script's first lines drop and create `jeecg-boot`, rewritten here. */
function loadDump(name: string) {
  const script = readFileSync(DUMP, 'utf8')
    .replace('DROP DATABASE IF EXISTS `jeecg-boot`;', '')
    .replace(/create database `jeecg-boot`[^;]*;/, '')
    .replace('USE `jeecg-boot`;', `USE \`${name}\`;`);
  execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root', '-e', `CREATE DATABASE \`${name}\` DEFAULT CHARACTER SET utf8mb4`]);
  execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root'], { input: script, maxBuffer: 64 << 20 });
}

const group = (r: ImportReport, name: string) => r.groups.find((g) => g.group === name)!;

describe.skipIf(!reachable)('issue 40: importing the stock JeecgBoot 2.3 database (MariaDB on 127.0.0.1:3306 — skipped only when it is absent)', async () => {
  const name = `t40_${randomBytes(4).toString('hex')}`;
  loadDump(name);
  afterAll(() => execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root', '-e', `DROP DATABASE \`${name}\``]));
  const t = await createTestApp();
  const db = t.database.db;
  const run = async (dryRun: boolean) => {
    const source = await openSource(`mysql://root@127.0.0.1:3306/${name}`);
    try {
      return await importJeecg(db, source, { dryRun });
    } finally {
      await source.close();
    }
  };

  it('a dry run reports the counts per table and writes nothing', async () => {
    const before = (await db.select().from(sysUser)).length;
    const announcements = (await db.select().from(sysAnnouncement)).length;
    const fillRules = (await db.select().from(sysFillRule)).length;
    const report = await run(true);
    expect(report.dryRun).toBe(true);
    // the groups and their rows in the dump; 菜单与按钮 to 定时任务 came with the menus, rules, notices, tenants and jobs (the dump's README counts)
    expect(Object.fromEntries(report.groups.map((g) => [g.group, g.source]))).toMatchObject({
      用户: 5,
      部门: 9,
      角色: 5,
      字典: 40,
      分类字典: 25,
      菜单与按钮: 124,
      数据规则: 25,
      填值规则: 3,
      校验规则: 2,
      通告: 9,
      通告阅读状态: 6,
      租户: 1,
      定时任务: 3,
    });
    expect((await db.select().from(sysUser)).length).toBe(before);
    expect((await db.select().from(sysAnnouncement)).length).toBe(announcements);
    expect((await db.select().from(sysFillRule)).length).toBe(fillRules);
    expect(report.notImported.length).toBeGreaterThan(0);
  });

  it('the real run brings the department tree, users with their roles, keeps our admin, and lists conflicts', async () => {
    const ourAdmin = (await db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0];
    const report = await run(false);
    expect(report.conflicts.some((c) => c.includes('admin'))).toBe(true);
    const admin = (await db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0];
    expect(admin.password).toBe(ourAdmin.password);

    const jeecg = (await db.select().from(sysUser).where(eq(sysUser.username, 'jeecg')))[0];
    const logged = await db
      .select()
      .from(sysDataLog)
      .where(and(eq(sysDataLog.dataTable, 'sys_user'), eq(sysDataLog.dataId, jeecg.id)));
    expect(logged.map((l) => l.createBy)).toEqual(['jeecg-import']);
    expect(JSON.stringify(logged)).not.toContain('3dd8371f3cf8240e');
    expect(jeecg.password).toBe('$jeecg-pbe$vDDkDzrK$3dd8371f3cf8240e');
    const roles = await db.select().from(sysUserRole).where(eq(sysUserRole.userId, jeecg.id));
    expect(roles.length).toBeGreaterThan(0);
    expect(
      (
        await db
          .select()
          .from(sysRole)
          .where(
            inArray(
              sysRole.id,
              roles.map((r) => r.roleId),
            ),
          )
      ).length,
    ).toBe(roles.length);

    const departs = await db.select().from(sysDepart);
    const byId = new Map(departs.map((d) => [d.id, d]));
    for (const d of departs.filter((x) => x.parentId)) expect(byId.has(d.parentId), `parent of ${d.orgCode}`).toBe(true);
    const categories = await db.select().from(sysCategory);
    const categoryIds = new Set(categories.map((c) => c.id));
    for (const c of categories.filter((x) => x.pid !== '0')) expect(categoryIds.has(c.pid), `parent of ${c.code}`).toBe(true);

    // fill rules of the classes we provide; our seeded check rule `common` stays ours; the stock tenant 1 is ours
    expect((await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, 'org_num_role')))[0].ruleClass).toBe(
      'org.jeecg.modules.system.rule.OrgCodeRule',
    );
    expect(group(report, '填值规则').added).toBe(3);
    expect((await db.select().from(sysCheckRule).where(eq(sysCheckRule.ruleCode, 'test'))).length).toBe(1);
    expect(report.conflicts.some((c) => c.startsWith('校验规则 common'))).toBe(true);
    expect((await db.select().from(sysTenant).where(eq(sysTenant.id, 1)))[0].name).toBe('商标协会');
    expect(report.conflicts.some((c) => c.startsWith('租户 北京租户001'))).toBe(true);
    // data rules of stock demo screens we do not have are listed; SendMsgJob is our 消息发送, the sample jobs are not ours
    expect(group(report, '数据规则').skipped).toBe(25);
    expect(report.notImported.some((c) => c.startsWith('数据规则：') && c.includes('单表模型示例'))).toBe(true);
    expect(report.conflicts.some((c) => c.includes('SendMsgJob') && c.includes('消息发送'))).toBe(true);
    expect(report.notImported.some((c) => c.includes('SampleJob') && c.includes('SampleParamJob'))).toBe(true);
    // announcements with jeecg's read state (the admin's deliveries stay out: our admin is not theirs)
    expect((await db.select().from(sysAnnouncement)).filter((a) => a.titile === '放假通知')[0].userIds).toBe(`${jeecg.id},`);
    const sends = await db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.userId, jeecg.id));
    expect(sends.map((s) => [s.anntId, s.readFlag, s.live]).sort()).toEqual([
      ['1256486502931722242', '0', '1'],
      ['1256486817286418434', '0', '1'],
      ['93a9060a1c20e4bf98b3f768a02c2ff9', '0', '0'],
    ]);
  });

  it('the stock user jeecg signs in with 123456, must set a new password, then signs in with it against argon2id', async () => {
    const login = (password: string, ip: string) =>
      t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'jeecg', password }, remoteAddress: ip });
    const first = json(await login('123456', '10.41.0.1'));
    expect(first.result.mustChangePwd).toBe(true);
    const res = await t.inject({
      method: 'PUT',
      url: t.api('/sys/user/updatePassword'),
      headers: { 'X-Access-Token': first.result.token },
      payload: { oldpassword: '123456', password: 'Jeecg2026x', confirmpassword: 'Jeecg2026x' },
    });
    expect(json(res).success).toBe(true);
    const again = json(await login('Jeecg2026x', '10.41.0.2'));
    expect(again.success).toBe(true);
    expect(again.result.mustChangePwd).toBeUndefined();
    // its roles give it the menus they gave it in JeecgBoot, where we have the screen (用户管理 is system/UserList in both)
    const menu = json(
      await t.inject({ method: 'GET', url: t.api('/sys/permission/getUserPermissionByToken'), headers: { 'X-Access-Token': again.result.token } }),
    );
    expect(JSON.stringify(menu.result.menu)).toContain('system/UserList');
  });

  it('a second import changes nothing and duplicates nothing (and keeps the password the user set)', async () => {
    const users = (await db.select().from(sysUser)).length;
    const password = (await db.select().from(sysUser).where(eq(sysUser.username, 'jeecg')))[0].password;
    const report = await run(false);
    for (const g of report.groups) expect(g.added, g.group).toBe(0);
    for (const g of report.groups.filter((x) => x.group !== '用户')) expect(g.updated, g.group).toBe(0);
    expect((await db.select().from(sysUser)).length).toBe(users);
    expect((await db.select().from(sysUser).where(eq(sysUser.username, 'jeecg')))[0].password).toBe(password);
  });

  describe("系统管理 → 数据导入 (the screen's routes)", () => {
    const secret = `Pw-${randomBytes(6).toString('hex')}`;
    const reader = `r40_${randomBytes(3).toString('hex')}`;
    // a read-only account with a password, as an installation's would be
    execFileSync('mariadb', [
      '-h',
      '127.0.0.1',
      '-u',
      'root',
      '-e',
      `CREATE USER '${reader}'@'%' IDENTIFIED BY '${secret}'; CREATE USER '${reader}'@'localhost' IDENTIFIED BY '${secret}'; GRANT SELECT ON \`${name}\`.* TO '${reader}'@'%'; GRANT SELECT ON \`${name}\`.* TO '${reader}'@'localhost'`,
    ]);
    afterAll(() => execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root', '-e', `DROP USER '${reader}'@'%'; DROP USER '${reader}'@'localhost'`]));
    const form = { host: '127.0.0.1', port: 3306, database: name, user: reader, password: secret };

    it('a refused connection, a wrong password and a missing database are told in Chinese, and nothing starts', async () => {
      const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
      const tasks = (await db.select().from(sysImportTask)).length;
      const refused = json(await admin('POST', '/sys/jeecgImport/start', { ...form, port: 1, dryRun: true }));
      expect(refused).toMatchObject({
        success: false,
        message: '无法连接 JeecgBoot 数据库 127.0.0.1:1/' + name + '：连接被拒绝，请检查主机、端口和数据库是否已启动',
      });
      const denied = json(await admin('POST', '/sys/jeecgImport/start', { ...form, password: 'wrong', dryRun: true }));
      expect(denied.message).toContain('用户名或密码错误');
      expect(JSON.stringify(denied)).not.toContain('wrong');
      expect(json(await admin('POST', '/sys/jeecgImport/start', { ...form, database: 'no_such_db_40', user: 'root', password: '' })).message).toBe(
        'JeecgBoot 数据库 127.0.0.1:3306/no_such_db_40 不存在',
      );
      expect(json(await admin('POST', '/sys/jeecgImport/start', { ...form, port: 70000 })).message).toBe('端口应为 1 到 65535');
      expect((await db.select().from(sysImportTask)).length).toBe(tasks);
    });

    it('only a holder of system:jeecgImport:run may start or watch an import', async () => {
      await t.createUser({ username: 'reviewer40', password: 'Reviewer2026x', roleIds: [RoleId.reviewer] });
      const reviewer = t.as(await t.loginAs('reviewer40', 'Reviewer2026x'));
      expect((await reviewer('POST', '/sys/jeecgImport/start', { ...form, dryRun: true })).statusCode).toBe(403);
      expect((await reviewer('GET', '/sys/jeecgImport/status?id=x')).statusCode).toBe(403);
    });

    it('a dry run answers at once, its progress and report are polled, and the password is neither stored nor answered; of two starts at once, one runs', async () => {
      const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
      const both = (await Promise.all([1, 2].map(() => admin('POST', '/sys/jeecgImport/start', { ...form, dryRun: true })))).map(json);
      expect(both.map((answer) => answer.success).sort()).toEqual([false, true]);
      const started = both.find((answer) => answer.success)!;
      expect(both.find((answer) => !answer.success)!.message).toBe(JeecgImportMsg.busy);
      let task = json(await admin('GET', `/sys/jeecgImport/status?id=${started.result.id}`)).result;
      for (let i = 0; task.state === 'running' && i < 600; i++) {
        await new Promise((r) => setImmediate(r));
        task = json(await admin('GET', `/sys/jeecgImport/status?id=${started.result.id}`)).result;
      }
      expect(task).toMatchObject({ state: 'done', dryRun: true, source: `127.0.0.1:3306/${name}`, stepsDone: 10, stepsTotal: 10, error: null });
      expect(task.report.groups.find((g: { group: string }) => g.group === '用户')).toMatchObject({ source: 5, added: 0 });
      expect(JSON.stringify(task)).not.toContain(secret);
      expect(JSON.stringify(await db.select().from(sysImportTask))).not.toContain(secret);
      expect(json(await admin('GET', '/sys/jeecgImport/status?id=nope')).message).toBe('导入任务不存在');
    });
  });
});
