import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { sysTableDict } from './dict.table.ts';
import { registerTableDictSource, tableDictSources } from './table-dict.registry.ts';

describe('ARCHITECTURE table dictionaries: a registry over a server-side allow-list (JEECG-API §5.3 loadDict, loadDictItem)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const get = (path: string) => call('GET', path);
  await db.insert(sysUser).values([
    { id: newId(), username: 'zhang_san', realname: '张三', password: 'argon2-hash-zhang', orgCode: 'A01' },
    { id: newId(), username: 'li_si', realname: '李四%_', password: 'argon2-hash-li', orgCode: 'A01' },
    { id: newId(), username: 'gone', realname: '张已删', password: 'argon2-hash-gone', orgCode: 'A01', delFlag: 1 },
  ]);
  const registryRows = async () => (await db.select().from(sysTableDict)).length;

  it('the entries of the former hard-coded map are seeded', async () => {
    const codes = json(await get('/sys/tableDict/list?pageSize=100')).result.records.map((r: { code: string }) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'sys_user,realname,username',
        'sys_user,realname,id',
        'sys_depart,depart_name,id',
        'sys_depart,depart_name,org_code',
        'sys_role,role_name,id',
        'sys_role,role_name,role_code',
      ]),
    );
  });

  it('§5.3 loadDict: text contains the keyword, the fixed filter applies, % and _ are plain characters, answers are limited', async () => {
    const found = json(await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent('张')}`));
    expect(found.success).toBe(true);
    expect(found.result).toEqual([{ value: 'zhang_san', text: '张三', title: '张三' }]);
    expect(json(await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent('%')}`)).result).toEqual([
      { value: 'li_si', text: '李四%_', title: '李四%_' },
    ]);
    expect(json(await get('/sys/dict/loadDict/sys_user,realname,username?keyword=_')).result.map((r: { value: string }) => r.value)).toEqual(['li_si']);
    expect(json(await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent("' or '1'='1")}`)).result).toEqual([]);
    const all = json(await get('/sys/dict/loadDict/sys_user,realname,username')).result;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.length).toBeLessThanOrEqual(50);
    expect(json(await get('/sys/dict/loadDict/sex')).message).toBe('字典Code格式不正确！');
  });

  it('§5.3 loadDictItem: the texts of the keys in key order, unknown keys skipped; a deleted row still translates', async () => {
    const res = json(await get('/sys/dict/loadDictItem/sys_user,realname,username?key=li_si,nobody,zhang_san,gone'));
    expect(res.result).toEqual(['李四%_', '张三', '张已删']);
    expect(json(await get('/sys/dict/loadDictItem/sex?key=1')).message).toBe('字典Code格式不正确！');
  });

  it('getDictText and DictService.translate / withDictText go through the same registry', async () => {
    expect(json(await get('/sys/dict/getDictText/sex/1')).result).toBe('男');
    expect(json(await get('/sys/dict/getDictText/sys_user,realname,username/zhang_san')).result).toBe('张三');
    const dicts = t.deps.dicts;
    expect(Object.fromEntries(await dicts.translate('sys_role,role_name,role_code', ['admin', 'nope']))).toEqual({ admin: '系统管理员' });
    const rows = await dicts.withDictText(
      [
        { sex: '1,2', owner: 'zhang_san' },
        { sex: null, owner: 'x' },
      ],
      { sex: 'sex', owner: 'sys_user,realname,username' },
    );
    expect(rows).toEqual([
      { sex: '1,2', sex_dictText: '男,女', owner: 'zhang_san', owner_dictText: '张三' },
      { sex: null, sex_dictText: '', owner: 'x', owner_dictText: '' },
    ]);
    await expect(dicts.translate('sys_user,password,username', ['admin'])).rejects.toThrow('该表字典未登记');
  });

  it('bad input: injection fragments, schema-qualified names, credential columns and unregistered tables are refused; no hash leaks', async () => {
    const codes = [
      'sys_user,password,username',
      'sys_user,realname,password',
      'sys_user,realname,username,1=1',
      'sys_user,realname,username--',
      "sys_user,realname,username'",
      'sys_user,realname,username/*x*/',
      'sys_user,realname,(select(password)from sys_user)',
      'sys_user,realname,username union select password,username from sys_user',
      'pg_catalog.pg_user,usename,usesysid',
      'public.sys_user,realname,username',
      'information_schema.tables,table_name,table_name',
      'sys_session,token_hash,user_id',
      'sys_captcha,code,key',
      'sys_login_attempt,ip,id',
      'SYS_USER,realname,username',
      '"sys_user",realname,username',
    ];
    for (const code of codes) {
      for (const path of [
        `/sys/dict/getDictItems/${encodeURIComponent(code)}`,
        `/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=a`,
        `/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=admin`,
        `/sys/dict/getDictText/${encodeURIComponent(code)}/admin`,
      ]) {
        const res = await get(path);
        expect(res.statusCode, path).toBeLessThan(500);
        expect(json(res).success, path).toBe(false);
        expect(res.body, path).not.toContain('argon2');
        expect(res.body, path).not.toMatch(/at .+\.ts:\d+/);
      }
    }
    // Blanks around the parts are not part of a name: the same registered dictionary is read, nothing else.
    expect(json(await get(`/sys/dict/loadDictItem/${encodeURIComponent('sys_user, realname ,username ')}?key=zhang_san`)).result).toEqual(['张三']);
  });

  it('admins register only allow-listed tables, columns and filters; the code is derived; credential columns and system tables are refused', async () => {
    const sources = json(await get('/sys/tableDict/sources')).result;
    const user = sources.find((s: { table: string }) => s.table === 'sys_user');
    expect(user.columns).not.toContain('password');
    expect(sources.map((s: { table: string }) => s.table)).not.toContain('sys_session');

    const before = await registryRows();
    const refused: [object, string][] = [
      [{ tableName: 'sys_user', textField: 'password', codeField: 'username' }, '该字段不在此表允许选择的字段范围内'],
      [{ tableName: 'sys_user', textField: 'realname', codeField: 'salt' }, '该字段不在此表允许选择的字段范围内'],
      [{ tableName: 'sys_user', textField: 'realname ', codeField: 'id' }, '该字段不在此表允许选择的字段范围内'],
      [{ tableName: 'sys_user', textField: 'realname', codeField: 'id', filterKey: '1=1' }, '该过滤条件不在此表允许的范围内'],
      [{ tableName: 'sys_user', textField: 'realname', codeField: 'id', filterKey: 'toString' }, '该过滤条件不在此表允许的范围内'],
      [{ tableName: 'pg_catalog.pg_user', textField: 'usename', codeField: 'usesysid' }, '该表不在允许登记的表字典范围内'],
      [{ tableName: 'public.sys_user', textField: 'realname', codeField: 'id' }, '该表不在允许登记的表字典范围内'],
      [{ tableName: 'sys_session', textField: 'token_hash', codeField: 'user_id' }, '该表不在允许登记的表字典范围内'],
      [{ tableName: 'sys_user;drop table sys_user', textField: 'realname', codeField: 'id' }, '该表不在允许登记的表字典范围内'],
      [{ tableName: 'constructor', textField: 'realname', codeField: 'id' }, '该表不在允许登记的表字典范围内'],
    ];
    for (const [body, message] of refused) {
      const res = await call('POST', '/sys/tableDict/add', body);
      expect(json(res), JSON.stringify(body)).toMatchObject({ success: false, message });
    }
    expect(await registryRows()).toBe(before);

    const add = await call('POST', '/sys/tableDict/add', {
      tableName: 'sys_user',
      textField: 'realname',
      codeField: 'work_no',
      filterKey: 'active',
      description: '工号',
    });
    expect(json(add)).toMatchObject({ success: true, message: '添加成功！' });
    expect(json(await call('POST', '/sys/tableDict/add', { tableName: 'sys_user', textField: 'realname', codeField: 'work_no' })).message).toBe(
      '该表字典已登记',
    );
    const row = json(await get(`/sys/tableDict/list?code=${encodeURIComponent('*,work_no*')}`)).result.records[0];
    expect(row).toMatchObject({ code: 'sys_user,realname,work_no', filterKey: 'active', enabled: 1 });

    // Disabling a registration makes it unusable at once (cache invalidated); deleting it too.
    expect(json(await get('/sys/dict/getDictItems/sys_user,realname,work_no')).success).toBe(true);
    expect(json(await call('PUT', '/sys/tableDict/edit', { ...row, enabled: 0 }))).toMatchObject({ success: true, message: '编辑成功!' });
    expect(json(await get('/sys/dict/getDictItems/sys_user,realname,work_no')).success).toBe(false);
    expect(json(await call('DELETE', `/sys/tableDict/delete?id=${row.id}`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(await registryRows()).toBe(before);
  });

  it('a registration the allow-list does not cover (written straight into the table) is never read', async () => {
    await db
      .insert(sysTableDict)
      .values({ id: newId(), code: 'sys_user,password,username', tableName: 'sys_user', textField: 'password', codeField: 'username', enabled: 1 });
    await call('GET', '/sys/dict/refleshCache');
    const res = await get('/sys/dict/getDictItems/sys_user,password,username');
    expect(json(res)).toMatchObject({ success: false, message: '该表字典未登记，不允许查询' });
    expect(res.body).not.toContain('argon2');
  });

  it('the allow-list itself refuses credential columns and system tables, even from code', () => {
    expect(() => registerTableDictSource('biz_thing', { label: 'x', columns: ['id', 'api_token'] })).toThrow();
    expect(() => registerTableDictSource('pg_user', { label: 'x', columns: ['usename'] })).toThrow();
    expect(() => registerTableDictSource('sys_session', { label: 'x', columns: ['user_id'] })).toThrow();
    expect(() => registerTableDictSource('public.x', { label: 'x', columns: ['id'] })).toThrow();
    for (const s of tableDictSources()) for (const c of s.columns) expect(c).not.toMatch(/password|salt|secret|token/i);
  });
});
