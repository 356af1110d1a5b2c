import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { sysDict, sysDictItem } from './dict.table.ts';

describe('§5 / JEECG-API §5.3 dictionary administration: /sys/dict/*, /sys/dictItem/*', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const dictCount = async () => (await db.select({ id: sysDict.id }).from(sysDict)).length;

  it('§5 dictionary code is required: 字典Code不能为空!', async () => {
    for (const payload of [{ dictName: '测试' }, { dictName: '测试', dictCode: '' }, { dictName: '测试', dictCode: '   ' }]) {
      const res = await call('POST', '/sys/dict/add', payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message: '字典Code不能为空!' });
    }
  });

  it('§5.3 add answers 保存成功！, the list finds it by dictName/dictCode (JeecgBoot filters), edit answers 编辑成功!', async () => {
    const res = await call('POST', '/sys/dict/add', { dictName: '证据来源', dictCode: 'evidence_source', description: '取证来源', type: '0' });
    expect(json(res)).toMatchObject({ success: true, message: '保存成功！' });

    const page = json(await call('GET', '/sys/dict/list?dictCode=evidence_source&pageNo=1&pageSize=10')).result;
    expect(page).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    const dict = page.records[0];
    expect(dict).toMatchObject({ dictName: '证据来源', dictCode: 'evidence_source', type: 0, delFlag: 0, createBy: 'admin' });
    expect(dict.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(json(await call('GET', `/sys/dict/list?dictName=${encodeURIComponent('*证据*')}`)).result.total).toBe(1);

    const edit = await call('PUT', '/sys/dict/edit', { ...dict, dictName: '证据来源渠道', createTime: '2020-01-01 00:00:00', key: 'x' });
    expect(json(edit)).toMatchObject({ success: true, message: '编辑成功!' });
    expect(json(await call('GET', `/sys/dict/queryById?id=${dict.id}`)).result.dictName).toBe('证据来源渠道');

    const tree = json(await call('GET', `/sys/dict/treeList?dictName=${encodeURIComponent('证据')}`)).result;
    expect(tree).toEqual([expect.objectContaining({ key: dict.id, title: '证据来源渠道', dictCode: 'evidence_source' })]);
  });

  it('§5.3 codes are unique, with a clear message; a malformed code is refused; nothing is written', async () => {
    const before = await dictCount();
    expect(json(await call('POST', '/sys/dict/add', { dictName: '性别2', dictCode: 'sex' }))).toMatchObject({ success: false, message: '字典编码已存在' });
    for (const dictCode of ["sex' or '1'='1", 'sex--', 'a,b,c', 'sex ', 'public.sys_user', 'x/*y*/']) {
      const res = await call('POST', '/sys/dict/add', { dictName: '坏编码', dictCode });
      expect(res.statusCode, dictCode).toBe(400);
      expect(json(res).message, dictCode).toBe('字典编码只能包含字母、数字和下划线，且以字母开头');
    }
    const [yn] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'yn'));
    const clash = await call('PUT', '/sys/dict/edit', { id: yn.id, dictName: 'yn', dictCode: 'sex' });
    expect(json(clash).message).toBe('字典编码已存在');
    expect(await dictCount()).toBe(before);
  });

  it('§5.3 delete and deleteBatch are logic deletes into the recycle bin (deleteList); back restores; deletePhysic removes it with its items', async () => {
    await call('POST', '/sys/dict/add', { dictName: '临时一', dictCode: 'tmp_one' });
    await call('POST', '/sys/dict/add', { dictName: '临时二', dictCode: 'tmp_two' });
    const [one] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'tmp_one'));
    const [two] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'tmp_two'));
    await call('POST', '/sys/dictItem/add', { dictId: one.id, itemText: '甲', itemValue: 'a' });

    expect(json(await call('DELETE', `/sys/dict/delete?id=${one.id}`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(json(await call('DELETE', `/sys/dict/deleteBatch?ids=${two.id},`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(json(await call('GET', '/sys/dict/list?dictCode=tmp_one')).result.total).toBe(0);
    expect(json(await call('GET', '/sys/dict/getDictItems/tmp_one')).result).toEqual([]);
    const bin = json(await call('GET', '/sys/dict/deleteList')).result.map((d: { dictCode: string }) => d.dictCode);
    expect(bin).toEqual(expect.arrayContaining(['tmp_one', 'tmp_two']));

    // A code in the recycle bin is still taken.
    expect(json(await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'tmp_one' })).message).toBe('字典编码已存在于回收站，请先还原或彻底删除');

    expect(json(await call('PUT', `/sys/dict/back/${one.id}`))).toMatchObject({ success: true, message: '操作成功!' });
    expect(json(await call('GET', '/sys/dict/getDictItems/tmp_one')).result).toEqual([{ value: 'a', text: '甲', title: '甲' }]);

    // Only a dictionary in the recycle bin can be deleted for good.
    expect(json(await call('DELETE', `/sys/dict/deletePhysic/${one.id}`)).success).toBe(false);
    await call('DELETE', `/sys/dict/delete?id=${one.id}`);
    expect(json(await call('DELETE', `/sys/dict/deletePhysic/${one.id}`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(await db.select().from(sysDict).where(eq(sysDict.id, one.id))).toEqual([]);
    expect(await db.select().from(sysDictItem).where(eq(sysDictItem.dictId, one.id))).toEqual([]);
  });

  it('§5.3 dict items: listed by dictId in sort_order with status_dictText; text and value required; value unique within its dict', async () => {
    await call('POST', '/sys/dict/add', { dictName: '取证方式', dictCode: 'evidence_way' });
    const [dict] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'evidence_way'));
    const add = (body: object) => call('POST', '/sys/dictItem/add', { dictId: dict.id, ...body });
    expect(json(await add({ itemText: '公证', itemValue: '2', sortOrder: 2 }))).toMatchObject({ success: true, message: '保存成功！' });
    expect(json(await add({ itemText: '截图', itemValue: '1', sortOrder: 1, status: 0 }))).toMatchObject({ success: true });
    expect(json(await add({ itemText: '', itemValue: '3' })).message).toBe('字典项文本不能为空!');
    expect(json(await add({ itemText: '空值' })).message).toBe('字典项值不能为空!');
    expect(json(await add({ itemText: '重复', itemValue: '2' }))).toMatchObject({ success: false, message: '该字典中已存在相同的数据值' });
    // The same value in another dictionary is fine.
    const [sex] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'sex'));
    expect(json(await call('POST', '/sys/dictItem/add', { dictId: sex.id, itemText: '未知', itemValue: '0' })).success).toBe(true);

    const page = json(await call('GET', `/sys/dictItem/list?dictId=${dict.id}&column=createTime&order=desc`)).result;
    expect(page.records.map((i: { itemValue: string }) => i.itemValue)).toEqual(['1', '2']);
    expect(page.records[0]).toMatchObject({ itemText: '截图', status: 0, status_dictText: '不启用' });

    const item = page.records[1];
    expect(json(await call('PUT', '/sys/dictItem/edit', { ...item, itemValue: '1' })).message).toBe('该字典中已存在相同的数据值');
    expect(json(await call('PUT', '/sys/dictItem/edit', { ...item, itemText: '网络公证' }))).toMatchObject({ success: true, message: '编辑成功!' });
    expect(json(await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=1`))).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(json(await call('GET', `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=9`))).toMatchObject({ success: true, message: '该值可用！' });

    expect(json(await call('DELETE', `/sys/dictItem/delete?id=${item.id}`))).toMatchObject({ success: true, message: '删除成功!' });
    const left = json(await call('GET', `/sys/dictItem/list?dictId=${dict.id}`)).result.records;
    expect(json(await call('DELETE', `/sys/dictItem/deleteBatch?ids=${left[0].id},`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(json(await call('GET', `/sys/dictItem/list?dictId=${dict.id}`)).result.total).toBe(0);
  });

  it('every change to dictionaries or items is visible at once: the cache is invalidated (queryAllDictItems, getDictText)', async () => {
    const all = async () => json(await call('GET', '/sys/dict/queryAllDictItems')).result;
    expect((await all()).urgency_x).toBeUndefined();
    await call('POST', '/sys/dict/add', { dictName: '急缓', dictCode: 'urgency_x' });
    const [dict] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'urgency_x'));
    await call('POST', '/sys/dictItem/add', { dictId: dict.id, itemText: '急', itemValue: 'H' });
    expect((await all()).urgency_x).toEqual([{ value: 'H', text: '急', title: '急' }]);
    expect(json(await call('GET', '/sys/dict/getDictText/urgency_x/H')).result).toBe('急');

    const [item] = await db.select().from(sysDictItem).where(eq(sysDictItem.dictId, dict.id));
    await call('PUT', '/sys/dictItem/edit', { id: item.id, dictId: dict.id, itemText: '特急', itemValue: 'H' });
    expect((await all()).urgency_x[0].text).toBe('特急');
    expect(json(await call('GET', '/sys/dict/getDictText/urgency_x/H')).result).toBe('特急');

    await call('DELETE', `/sys/dict/delete?id=${dict.id}`);
    expect((await all()).urgency_x).toBeUndefined();
    expect(json(await call('GET', '/sys/dict/getDictText/urgency_x/H')).result).toBeNull();
    await call('PUT', `/sys/dict/back/${dict.id}`);
    expect((await all()).urgency_x).toHaveLength(1);
  });

  it('list filters and sorting go through the whitelist: an injected sort column is refused, an injected filter is a plain value', async () => {
    const bad = await call('GET', `/sys/dict/list?column=${encodeURIComponent('dict_code;drop table sys_dict')}&order=asc`);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).success).toBe(false);
    const res = json(await call('GET', `/sys/dict/list?dictCode=${encodeURIComponent("sex' or '1'='1")}`));
    expect(res.result.total).toBe(0);
    expect(json(await call('GET', '/sys/dict/list?password=x&dictCode=sex')).result.total).toBe(1);
  });

  it('unknown ids answer a clear message, never a 500', async () => {
    for (const [method, path] of [
      ['DELETE', '/sys/dict/delete?id=nope'],
      ['PUT', '/sys/dict/back/nope'],
      ['DELETE', '/sys/dict/deletePhysic/nope'],
      ['GET', '/sys/dict/queryById?id=nope'],
      ['DELETE', '/sys/dictItem/delete?id=nope'],
      ['DELETE', '/sys/dict/deleteBatch?ids=,'],
    ] as const) {
      const res = await call(method, path);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(json(res).success, path).toBe(false);
    }
    expect(json(await call('POST', '/sys/dictItem/add', { dictId: 'nope', itemText: 'a', itemValue: 'b' })).message).toBe('字典不存在或已删除');
  });
});
