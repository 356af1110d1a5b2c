import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { nextSegment } from './category.service.ts';
import { sysCategory } from './category.table.ts';

describe('JEECG-API §4.5 sys_category (分类字典): a tree under pid "0" with level codes', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const byCode = async (code: string) => (await db.select().from(sysCategory).where(eq(sysCategory.code, code)))[0];

  it('codes grow one segment per level: A01 … A99, then B01; Z99 is the last', () => {
    expect(nextSegment([])).toBe('A01');
    expect(nextSegment(['A01', 'A02'])).toBe('A03');
    expect(nextSegment(['A09', 'A10'])).toBe('A11');
    expect(nextSegment(['A99', 'A05'])).toBe('B01');
    expect(nextSegment(['B01', 'junk', 'A99'])).toBe('B02');
    expect(() => nextSegment(['Z99'])).toThrow('同级分类数量已达上限');
  });

  it('the seeded trees are there: 侵权证据类型 A01 and 行业分类 A02 with their children', async () => {
    const roots = json(await call('GET', '/sys/category/rootList')).result;
    expect(roots.records.map((r: { code: string; name: string }) => `${r.code} ${r.name}`)).toEqual(['A01 侵权证据类型', 'A02 行业分类']);
    expect(roots.records[0].hasChild).toBe('1');
    const children = json(await call('GET', `/sys/category/childList?pid=${roots.records[0].id}`)).result;
    expect(children.map((c: { code: string }) => c.code)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A01A04', 'A01A05']);
  });

  it('add generates the code from the parent (a code sent is ignored), sets the parent has_child; edit changes the name only', async () => {
    const added = json(await call('POST', '/sys/category/add', { pid: '0', name: '维权方式', code: 'ZZZ' }));
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    expect(added.result).toMatchObject({ code: 'A03', pid: '0', hasChild: '0', name: '维权方式' });
    const root = added.result;

    const child = json(await call('POST', '/sys/category/add', { pid: root.id, name: '平台投诉' })).result;
    expect(child.code).toBe('A03A01');
    expect(json(await call('POST', '/sys/category/add', { pid: root.id, name: '行政投诉' })).result.code).toBe('A03A02');
    const grandchild = json(await call('POST', '/sys/category/add', { pid: child.id, name: '淘宝投诉' })).result;
    expect(grandchild.code).toBe('A03A01A01');
    expect((await byCode('A03')).hasChild).toBe('1');
    // No pid means a root.
    expect(json(await call('POST', '/sys/category/add', { name: '其他' })).result.code).toBe('A04');

    expect(json(await call('PUT', '/sys/category/edit', { ...child, name: '电商平台投诉' }))).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await byCode('A03A01')).name).toBe('电商平台投诉');
    expect(json(await call('PUT', '/sys/category/edit', { ...child, code: 'B01' })).message).toBe('分类编码由系统生成，不能修改');
    expect(json(await call('PUT', '/sys/category/edit', { ...child, pid: '0' })).message).toBe('不支持修改上级分类');
    expect(json(await call('POST', '/sys/category/add', { pid: 'nope', name: 'x' })).message).toBe('上级分类不存在');
    expect(json(await call('POST', '/sys/category/add', { pid: '0', name: '  ' })).message).toBe('分类名称不能为空!');
  });

  it('delete is refused while children exist; deleting the last child clears the parent has_child', async () => {
    const root = await byCode('A03');
    const child = await byCode('A03A01');
    const res = json(await call('DELETE', `/sys/category/delete?id=${root.id}`));
    expect(res).toMatchObject({ success: false, message: '该分类下还有子分类，请先删除子分类' });
    expect(json(await call('DELETE', `/sys/category/delete?id=${child.id}`)).message).toBe('该分类下还有子分类，请先删除子分类');

    // A batch that holds a node and all its children is fine.
    const grandchild = await byCode('A03A01A01');
    expect(json(await call('DELETE', `/sys/category/deleteBatch?ids=${child.id},${grandchild.id},`))).toMatchObject({ success: true, message: '删除成功!' });
    expect((await byCode('A03')).hasChild).toBe('1');
    const last = await byCode('A03A02');
    expect(json(await call('DELETE', `/sys/category/delete?id=${last.id}`)).success).toBe(true);
    expect((await byCode('A03')).hasChild).toBe('0');
    expect(json(await call('DELETE', `/sys/category/delete?id=${root.id}`)).success).toBe(true);
  });

  it('pickers: loadTreeRoot / loadTreeChildren / loadTreeData answer {key, title, value, code, isLeaf, children?}; loadDictItem turns ids into names', async () => {
    const roots = json(await call('GET', '/sys/category/loadTreeRoot?async=true&pcode=0')).result;
    expect(roots[0]).toEqual({ key: expect.any(String), title: '侵权证据类型', value: roots[0].key, code: 'A01', parentId: '0', isLeaf: false });
    expect(roots[0].children).toBeUndefined();

    const children = json(await call('GET', `/sys/category/loadTreeChildren?pid=${roots[0].key}`)).result;
    expect(children[0]).toMatchObject({ title: '公证购买', code: 'A01A01', isLeaf: true, parentId: roots[0].key });

    const full = json(await call('GET', '/sys/category/loadTreeRoot?async=false&pcode=A02')).result;
    expect(full.map((n: { code: string }) => n.code)).toEqual(['A02A01', 'A02A02', 'A02A03', 'A02A04', 'A02A05']);

    const tree = json(await call('GET', '/sys/category/loadTreeData')).result;
    expect(tree[0].children).toHaveLength(5);
    expect(tree[0].children[0]).toMatchObject({ code: 'A01A01', isLeaf: true });

    const ids = `${children[1].key},nope,${roots[0].key}`;
    expect(json(await call('GET', `/sys/category/loadDictItem?ids=${ids}`)).result).toEqual(['网页截图与时间戳', '侵权证据类型']);
    expect(json(await call('GET', `/sys/category/loadTreeRoot?async=true&pcode=${encodeURIComponent("A01' or '1'='1")}`)).success).toBe(false);
  });

  it('category codes translate through the table-dictionary registry (sys_category,name,code)', async () => {
    const res = json(await call('GET', '/sys/dict/loadDictItem/sys_category,name,code?key=A01A02,A02'));
    expect(res.result).toEqual(['网页截图与时间戳', '行业分类']);
  });
});
