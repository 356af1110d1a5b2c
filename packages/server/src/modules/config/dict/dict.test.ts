import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { sysDict, sysDictItem } from './dict.table.ts';

describe('§7 dictionaries: getDictItems, queryAllDictItems, refleshCache (JEECG-API §5.3)', async () => {
  const t = await createTestApp();
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const headers = { 'X-Access-Token': token };
  const get = (path: string) => t.inject({ url: t.api(path), headers });

  it('getDictItems/{code} answers {value, text, title} in sort order', async () => {
    const res = json(await get('/sys/dict/getDictItems/priority'));
    expect(res.result).toEqual([
      { value: 'H', text: '高', title: '高' },
      { value: 'M', text: '中', title: '中' },
      { value: 'L', text: '低', title: '低' },
    ]);
  });

  it('the seeded business and Nice-class dictionaries are there', async () => {
    const nice = json(await get('/sys/dict/getDictItems/nice_class')).result;
    expect(nice).toHaveLength(45);
    expect(nice[0]).toMatchObject({ value: '1', text: '第1类 化学原料（商品）' });
    expect(json(await get('/sys/dict/getDictItems/threaded_status')).result.map((i: { text: string }) => i.text)).toContain('待结案审核');
  });

  it('a table dictionary resolves only through the registry; anything else is refused', async () => {
    const users = json(await get('/sys/dict/getDictItems/sys_user,realname,username')).result;
    expect(users).toContainEqual({ value: 'admin', text: '系统管理员', title: '系统管理员' });
    for (const code of [
      'sys_user,password,username',
      'sys_user,realname,username,1=1',
      "sys_user,realname,username where '1'='1",
      'pg_catalog.pg_user,usename,usesysid',
      'sys_user,realname,username union select password from sys_user',
      "sex' or '1'='1",
    ]) {
      const res = await get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBeLessThan(500);
      expect(json(res).success, code).toBe(false);
      expect(res.body).not.toContain('argon2');
    }
  });

  it('a code that looks like SQL but is a valid code name is only a value: it finds nothing', async () => {
    expect(json(await get('/sys/dict/getDictItems/sex--')).result).toEqual([]);
  });

  it('queryAllDictItems holds enabled items only, and refleshCache makes a change visible', async () => {
    const before = json(await get('/sys/dict/queryAllDictItems')).result;
    expect(before.sex).toHaveLength(2);
    const [dict] = await t.database.db.select().from(sysDict).where(eq(sysDict.dictCode, 'sex'));
    await t.database.db.update(sysDictItem).set({ status: 0 }).where(eq(sysDictItem.itemValue, '2'));
    expect(json(await get('/sys/dict/queryAllDictItems')).result.sex).toHaveLength(2);
    expect(json(await get('/sys/dict/refleshCache')).success).toBe(true);
    const after = json(await get('/sys/dict/queryAllDictItems')).result;
    expect(after.sex.map((i: { value: string }) => i.value)).toEqual(['1']);
    expect(json(await get('/sys/dict/getDictItems/sex')).result).toHaveLength(2);
    expect(dict.dictName).toBe('性别');
  });
});
