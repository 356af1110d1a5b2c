import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DataSourceType, JobStatus } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { lastCaptchaAnswer, watchCaptchas } from '../../../test/captcha.ts';
import { rows } from '../../../platform/db/client.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { sysSmsCode, sysSmsOutbox } from '../../identity/sms/sms.table.ts';
import { sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';

type Version = {
  dataVersion: number;
  op: string;
  fields: string[];
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  dataContent: Record<string, unknown>;
  createBy: string;
};

// Security review: "users, roles, grants, reports, gateway routes, data sources and jobs are not in the
// chain; a self-registered organisation gets no version". Each of these changes now keeps a data-log version.
describe(`configuration changes in the data-log chain on ${dbKind}`, async () => {
  watchCaptchas();
  const t = await createTestApp({ SMS_MIN_REPLY_MS: '0' });
  const db = t.database.db;
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  const versionsOf = async (dataTable: string, dataId: string): Promise<Version[]> => {
    const res = json(await admin('GET', `/sys/dataLog/queryDataVerList?dataTable=${dataTable}&dataId=${dataId}`));
    expect(res.success).toBe(true);
    return res.result;
  };

  it('adding, editing and deleting a role, and saving its grants, each write a version by the administrator', async () => {
    const added = json(await admin('POST', '/sys/role/add', { roleName: '审计专员', roleCode: 'auditor', description: '只看' }));
    expect(added.success).toBe(true);
    const [role] = await rows<{ id: string }>(db, sql`select id from sys_role where role_code = 'auditor'`);
    const id = role!.id;
    expect(json(await admin('PUT', '/sys/role/edit', { id, roleName: '审计专员（改）', roleCode: 'auditor', description: '只看' })).success).toBe(true);
    const [perm] = await rows<{ id: string }>(db, sql`select id from sys_permission where del_flag = 0 order by id limit 1`);
    expect(json(await admin('POST', '/sys/permission/saveRolePermission', { roleId: id, permissionIds: perm!.id })).success).toBe(true);
    expect(json(await admin('DELETE', `/sys/role/delete?id=${id}`)).success).toBe(true);

    const roleVersions = await versionsOf('sys_role', id);
    expect(roleVersions.map((v) => v.op)).toEqual(['add', 'edit', 'delete']);
    expect(roleVersions[1]).toMatchObject({
      fields: ['roleName'],
      oldValues: { roleName: '审计专员' },
      newValues: { roleName: '审计专员（改）' },
      createBy: 'admin',
    });
    const grants = await versionsOf('sys_role_permission', id);
    expect(grants.map((v) => [v.op, v.fields])).toEqual([
      ['edit', [perm!.id]],
      ['edit', [perm!.id]],
    ]);
    expect(grants[0]!.newValues).toEqual({ [perm!.id]: '' });
  });

  it('a user added, edited, frozen and given a role keeps versions with its roles, never its password hash', async () => {
    expect(
      json(await admin('POST', '/sys/user/add', { username: 'cfg.user', realname: '配置用户', password: 'CfgUser2026', selectedroles: RoleId.finance }))
        .success,
    ).toBe(true);
    const [user] = await db.select().from(sysUser).where(eq(sysUser.username, 'cfg.user'));
    expect(
      json(await admin('PUT', '/sys/user/edit', { id: user!.id, realname: '配置用户二', selectedroles: `${RoleId.finance},${RoleId.holder}` })).success,
    ).toBe(true);
    expect(json(await admin('PUT', '/sys/user/frozenBatch', { ids: user!.id, status: '2' })).success).toBe(true);
    const versions = await versionsOf('sys_user', user!.id);
    expect(versions.map((v) => v.op)).toEqual(['add', 'edit', 'edit']);
    expect(versions[0]!.dataContent).toMatchObject({ username: 'cfg.user', roleIds: [RoleId.finance] });
    expect(versions[1]).toMatchObject({ fields: expect.arrayContaining(['realname', 'roleIds']) });
    expect(versions[2]).toMatchObject({ fields: ['status'], newValues: { status: 2 } });
    const text = JSON.stringify(versions);
    expect(text).not.toContain(user!.password);
    expect(versions.every((v) => !('password' in v.dataContent))).toBe(true);
  });

  it('a user’s own changes keep versions by that user: the name (基本设置) and the password (only when it changed, never the hash)', async () => {
    const id = await t.createUser({ username: 'self.user', password: 'SelfUser2026' });
    const own = t.as(await t.loginAs('self.user', 'SelfUser2026'));
    expect(json(await own('POST', '/sys/account/profile', { realname: '自己改名' })).success).toBe(true);
    expect(
      json(await own('PUT', '/sys/user/updatePassword', { oldpassword: 'SelfUser2026', password: 'SelfUser2027', confirmpassword: 'SelfUser2027' })).success,
    ).toBe(true);
    const versions = await versionsOf('sys_user', id);
    expect(versions.map((v) => [v.op, v.fields, v.createBy])).toEqual([
      ['edit', ['realname'], 'self.user'],
      ['edit', ['passwordChangedAt'], 'self.user'],
    ]);
    const [user] = await db.select().from(sysUser).where(eq(sysUser.id, id));
    expect(JSON.stringify(versions)).not.toContain(user!.password);
  });

  it('a data source keeps versions without its password; a scheduled job keeps a version per delete, add and resume', async () => {
    const source = json(
      await admin('POST', '/sys/dataSource/add', {
        name: '审计库',
        code: 'ds_audit',
        dbType: DataSourceType.postgresql,
        host: '127.0.0.1',
        port: 5432,
        databaseName: 'postgres',
        username: 'u',
        password: 'Ds-Secret-2026',
      }),
    );
    expect(source.success).toBe(true);
    const [ds] = await rows<{ id: string }>(db, sql`select id from sys_data_source where code = 'ds_audit'`);
    const dsVersions = await versionsOf('sys_data_source', ds!.id);
    expect(dsVersions).toHaveLength(1);
    expect(dsVersions[0]!.dataContent).toMatchObject({ code: 'ds_audit', hasPassword: true });
    expect(JSON.stringify(dsVersions)).not.toContain('Ds-Secret-2026');
    expect(Object.keys(dsVersions[0]!.dataContent)).not.toContain('passwordEnc');

    // the seeded 统计预热 job: removed, added back paused, then resumed
    const [seeded] = await rows<{ id: string }>(db, sql`select id from sys_quartz_job where job_key = 'statsWarmup'`);
    expect(json(await admin('DELETE', `/sys/quartzJob/delete?id=${seeded!.id}`)).success).toBe(true);
    expect(
      json(
        await admin('POST', '/sys/quartzJob/add', {
          jobKey: 'statsWarmup',
          cronExpression: '0 */5 * * * ?',
          description: '五分钟一次',
          status: JobStatus.paused,
        }),
      ).success,
    ).toBe(true);
    const [job] = await rows<{ id: string }>(db, sql`select id from sys_quartz_job where job_key = 'statsWarmup'`);
    expect(json(await admin('GET', `/sys/quartzJob/resume?id=${job!.id}`)).success).toBe(true);
    expect((await versionsOf('sys_quartz_job', seeded!.id)).map((v) => v.op)).toEqual(['delete']);
    expect((await versionsOf('sys_quartz_job', job!.id)).map((v) => [v.op, v.fields])).toEqual([
      ['add', expect.any(Array)],
      ['edit', ['status']],
    ]);
  });

  it('a self-registered organisation and its account get their first version, by the registering user', async () => {
    const phone = '13722223333';
    await t.inject({ method: 'GET', url: t.api('/sys/randomImage/k-cfg'), remoteAddress: '10.34.0.1' });
    const sent = json(
      await t.inject({
        method: 'POST',
        url: t.api('/sys/sms'),
        payload: { mobile: phone, smsmode: '1', checkKey: 'k-cfg', captcha: lastCaptchaAnswer() },
        remoteAddress: '10.34.0.1',
      }),
    );
    expect(sent.success).toBe(true);
    const [code] = await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, phone)).orderBy(desc(sysSmsOutbox.createTime)).limit(1);
    await db.update(sysSmsCode).set({ createTime: new Date(Date.now() - 61_000) });
    const body = {
      username: 'selfreg',
      password: 'Selfreg2026',
      confirmpassword: 'Selfreg2026',
      phone,
      orgName: '自助注册代理有限公司',
      orgType: '1',
      smscode: code!.code,
    };
    expect(json(await t.inject({ method: 'POST', url: t.api('/sys/user/register'), payload: body, remoteAddress: '10.34.0.2' }))).toMatchObject({
      success: true,
    });
    const [org] = await rows<{ id: string }>(db, sql`select id from rights_org where org_name = '自助注册代理有限公司'`);
    const orgVersions = await versionsOf('rights_org', org!.id);
    expect(orgVersions).toHaveLength(1);
    expect(orgVersions[0]).toMatchObject({ dataVersion: 1, op: 'add', createBy: 'selfreg', dataContent: { orgName: '自助注册代理有限公司' } });
    const [user] = await db.select().from(sysUser).where(eq(sysUser.username, 'selfreg'));
    expect(await versionsOf('sys_user', user!.id)).toMatchObject([{ op: 'add', createBy: 'selfreg' }]);
  });

  it('a report keeps a version per add and edit (head, fields and parameters as one record); added to the menu for a role, and that menu deleted, each write a version of the role’s grants', async () => {
    const report = {
      name: '角色清单',
      code: 'rpt_roles',
      cgrSql: 'select id, role_code, role_name from sys_role',
      params: [],
      columns: [
        { fieldName: 'id', fieldTxt: 'ID', isShow: false },
        { fieldName: 'role_code', fieldTxt: '角色编码' },
        { fieldName: 'role_name', fieldTxt: '角色名称' },
      ],
    };
    expect(json(await admin('POST', '/online/cgreport/head/add', report)).success).toBe(true);
    const [head] = await rows<{ id: string }>(db, sql`select id from onl_cgreport_head where code = 'rpt_roles'`);
    const id = head!.id;
    expect(json(await admin('PUT', '/online/cgreport/head/edit', { ...report, id, name: '角色清单（改）' })).success).toBe(true);
    const reportVersions = await versionsOf('onl_cgreport_head', id);
    expect(reportVersions.map((v) => [v.op, v.fields])).toEqual([
      ['add', expect.arrayContaining(['name', 'items'])],
      ['edit', ['name']],
    ]);
    expect(reportVersions[0]!.dataContent.items).toHaveLength(3);

    const before = (await versionsOf('sys_role_permission', RoleId.reviewer)).length;
    expect(json(await admin('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online', roleIds: [RoleId.reviewer] })).success).toBe(true);
    const [menu] = await rows<{ id: string }>(db, sql`select id from sys_permission where url = '/online/cgreport/rpt_roles' and del_flag = 0`);
    const granted = await versionsOf('sys_role_permission', RoleId.reviewer);
    expect(granted).toHaveLength(before + 1);
    expect(granted.at(-1)).toMatchObject({ op: 'edit', createBy: 'admin' });
    expect(granted.at(-1)!.newValues).toMatchObject({ [menu!.id]: '' });
    expect(json(await admin('DELETE', `/sys/permission/delete?id=${menu!.id}`)).success).toBe(true);
    const withdrawn = await versionsOf('sys_role_permission', RoleId.reviewer);
    expect(withdrawn).toHaveLength(before + 2);
    expect(withdrawn.at(-1)).toMatchObject({ fields: [menu!.id], oldValues: { [menu!.id]: '' }, newValues: { [menu!.id]: null } });
  });

  it('every one of these versions is linked into the chain, and the chain verifies', async () => {
    await sealChain(db);
    expect(await verifyChain(db)).toMatchObject({ ok: true });
    const [unlinked] = await rows<{ n: number }>(db, sql`select count(*)::int n from sys_data_log where chain_seq is null`);
    expect(unlinked!.n).toBe(0);
  });
});
