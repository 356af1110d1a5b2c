import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { registerDuplicateCheck } from './duplicate.service.ts';
import { sysPosition } from '../../identity/position/position.table.ts';
import { onlCgreportHead } from '../../reports/report/report.table.ts';
import { sysDataSource } from '../../operations/datasource/datasource.table.ts';
import { sysSmsTemplate } from '../../messaging/message/message.table.ts';

describe('JEECG-API §5.4 duplicate check /sys/duplicate/check: only registered (table, field) pairs', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const headers = { 'X-Access-Token': token };
  const userCount = async () => (await db.select({ id: sysUser.id }).from(sysUser)).length;
  const deletedId = newId();
  await db.insert(sysUser).values({ id: deletedId, username: 'left_us', realname: '已删', password: 'argon2-x', phone: '13800000001', delFlag: 1 });
  const check = (params: Record<string, string>) => t.inject({ url: t.api(`/sys/duplicate/check?${new URLSearchParams(params)}`), headers });

  it('§5.4 a free value: 该值可用！; a taken one: 该值不可用，系统中已存在！ (soft-deleted rows count); dataId excludes the row itself', async () => {
    expect(json(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'someone_new' }))).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect(json(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }))).toMatchObject({
      success: false,
      code: 500,
      message: '该值不可用，系统中已存在！',
    });
    expect(json(await check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000001' })).success).toBe(false);
    expect(json(await check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13800000001', dataId: deletedId })).success).toBe(true);
    expect(json(await check({ tableName: 'sys_user', fieldName: 'workNo', fieldVal: 'W001' })).success).toBe(true);
    expect(json(await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' })).success).toBe(false);
    expect(json(await check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' })).success).toBe(false);
    expect(json(await check({ tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01' })).success).toBe(false);
    expect(json(await check({ tableName: 'sys_category', fieldName: 'code', fieldVal: 'A01' })).success).toBe(false);
    expect(json(await check({ tableName: 'sys_fill_rule', fieldName: 'rule_code', fieldVal: 'threaded_code' })).success).toBe(false);
    expect(json(await check({ tableName: 'sys_check_rule', fieldName: 'rule_code', fieldVal: 'common' })).success).toBe(false);
  });

  it("the stock client's 职务管理, Online报表 and 多数据源 forms: their codes are checkable", async () => {
    await db.insert(sysPosition).values({ id: newId(), code: 'pos_dup', name: '查重职务' });
    await db.insert(onlCgreportHead).values({ id: newId(), code: 'rpt_dup', name: '查重报表', cgrSql: 'select 1 as n', access: 'admin', createBy: 'test' });
    await db
      .insert(sysDataSource)
      .values({ id: newId(), code: 'ds_dup', name: '查重数据源', dbType: 'postgresql', host: '127.0.0.1', port: 5432, databaseName: 'x', username: 'x' });
    for (const [tableName, taken] of [
      ['sys_position', 'pos_dup'],
      ['onl_cgreport_head', 'rpt_dup'],
      ['sys_data_source', 'ds_dup'],
    ]) {
      expect(json(await check({ tableName, fieldName: 'code', fieldVal: taken })), tableName).toMatchObject({
        success: false,
        message: '该值不可用，系统中已存在！',
      });
      expect(json(await check({ tableName, fieldName: 'code', fieldVal: `${taken}_free` })), tableName).toMatchObject({ success: true, message: '该值可用！' });
    }
  });

  it("issue 36: every stock screen's call fits — 菜单管理's 授权标识 and 部门角色's role code too (table and field as the stock modals send them)", async () => {
    const pairs: [string, string, string][] = [
      ['sys_user', 'username', 'admin'],
      ['sys_user', 'work_no', 'A0001'],
      ['sys_role', 'role_code', 'admin'],
      ['sys_dict', 'dict_code', 'sex'],
      ['sys_permission', 'perms', 'system:user:list'],
    ];
    for (const [tableName, fieldName, fieldVal] of pairs) {
      const answer = json(await check({ tableName, fieldName, fieldVal: `${fieldVal}_never_taken` }));
      expect(answer, `${tableName}.${fieldName}`).toMatchObject({ success: true, message: '该值可用！' });
    }
    expect(json(await check({ tableName: 'sys_permission', fieldName: 'perms', fieldVal: 'system:user:list' }))).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(json(await check({ tableName: 'sys_depart_role', fieldName: 'role_code', fieldVal: 'no_such_depart_role' }))).toMatchObject({
      success: true,
      message: '该值可用！',
    });
  });

  it("issue 36: the stock 消息模板 form's 模板CODE check (sys_sms_template.template_code, as SysMessageTemplateModal sends it); editing excludes the template itself", async () => {
    const templateId = newId();
    await db
      .insert(sysSmsTemplate)
      .values({ id: templateId, templateCode: 'tpl_dup', templateName: '查重模板', templateContent: '查重模板内容', templateType: '4' });
    const params = { tableName: 'sys_sms_template', fieldName: 'template_code' };
    expect(json(await check({ ...params, fieldVal: 'tpl_dup' }))).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect(json(await check({ ...params, fieldVal: 'tpl_dup', dataId: templateId }))).toMatchObject({ success: true, message: '该值可用！' });
    expect(json(await check({ ...params, fieldVal: 'tpl_free' }))).toMatchObject({ success: true, message: '该值可用！' });
    expect(json(await check({ ...params, fieldName: 'template_content', fieldVal: 'x' })).success).toBe(false);
  });

  it('bad input: a pair outside the registry is refused clearly; injected values are plain values; nothing changes', async () => {
    const before = await userCount();
    const refused = [
      { tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' },
      { tableName: 'sys_user', fieldName: 'realname', fieldVal: 'x' },
      { tableName: 'pg_catalog.pg_user', fieldName: 'usename', fieldVal: 'postgres' },
      { tableName: 'public.sys_user', fieldName: 'username', fieldVal: 'admin' },
      { tableName: 'sys_user ', fieldName: 'username', fieldVal: 'admin' },
      { tableName: 'sys_user', fieldName: 'username ', fieldVal: 'admin' },
      { tableName: 'sys_user', fieldName: 'username=username--', fieldVal: 'admin' },
      { tableName: 'sys_user;select(1)', fieldName: 'username', fieldVal: 'admin' },
      { tableName: 'sys_user/**/', fieldName: 'username', fieldVal: 'admin' },
      { tableName: 'sys_session', fieldName: 'token_hash', fieldVal: 'x' },
      { tableName: 'constructor', fieldName: 'username', fieldVal: 'x' },
    ];
    for (const params of refused) {
      const res = await check(params);
      expect(res.statusCode, JSON.stringify(params)).toBeLessThan(500);
      expect(json(res), JSON.stringify(params)).toMatchObject({ success: false, message: '不支持对该表字段查重' });
    }
    for (const fieldVal of ["admin' or '1'='1", "x' UNION select password from sys_user --", 'admin/* */', 'admin ']) {
      expect(json(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal })), fieldVal).toMatchObject({ success: true, message: '该值可用！' });
    }
    expect(json(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: "x' or '1'='1" })).success).toBe(false);
    expect(json(await t.inject({ url: t.api('/sys/duplicate/check?fieldName=username&fieldVal=a'), headers })).success).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it('business modules may register their unique columns, but never a credential column', () => {
    expect(() => registerDuplicateCheck('biz_agency', ['credit_code'])).not.toThrow();
    expect(() => registerDuplicateCheck('biz_agency', ['api_secret'])).toThrow();
    expect(() => registerDuplicateCheck('pg_user', ['usename'])).toThrow();
  });
});
