import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DictItemPath, DictItemPerm } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysPermission } from '../../identity/permission/permission.table.ts';
import { sysRolePermission } from '../../identity/role/role.table.ts';
import { sysDictItem } from './dict.table.ts';

type Item = { id: string; itemText: string; itemValue: string; description: string | null; sortOrder: number; status: number };

/** spec §4 editable table saved at once (字典配置 → 表格编辑): every row or none, the order as left, a refusal naming its row. */
describe('§4 表格编辑 of a dictionary: POST /sys/dictItem/saveTable', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const call = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  let n = 0;
  const newDict = async (values: string[]) => {
    n += 1;
    await call('POST', '/sys/dict/add', { dictName: `表格${n}`, dictCode: `grid_${n}` });
    const dictId: string = json(await call('GET', `/sys/dict/list?dictCode=grid_${n}`)).result.records[0].id;
    for (const [index, value] of values.entries())
      await call('POST', '/sys/dictItem/add', { dictId, itemText: `项${value}`, itemValue: value, sortOrder: index + 1 });
    return dictId;
  };
  const items = async (dictId: string): Promise<Item[]> =>
    db.select().from(sysDictItem).where(eq(sysDictItem.dictId, dictId)).orderBy(asc(sysDictItem.sortOrder));
  const save = (body: unknown) => call('POST', DictItemPath.saveTable, body);
  const saved = async (body: unknown) => json(await save(body)).success;

  it('adds, edits, deletes and reorders in one call; 排序 becomes 1…n in the order sent', async () => {
    const dictId = await newDict(['a', 'b', 'c']);
    const [a, b, c] = await items(dictId);
    const res = await save({ dictId, values: [{ ...c, itemText: '丙' }, { itemText: '新', itemValue: 'd', status: 0 }, a], deleteIds: [b.id] });
    expect(json(res)).toMatchObject({ success: true, message: '保存成功！' });
    expect((await items(dictId)).map((i) => [i.sortOrder, i.itemText, i.itemValue, i.status])).toEqual([
      [1, '丙', 'c', 1],
      [2, '新', 'd', 0],
      [3, '项a', 'a', 1],
    ]);
  });

  it('a 描述 over 255 characters in a later row refuses the whole save, naming the row; nothing is written', async () => {
    const dictId = await newDict(['a', 'b']);
    const [a, b] = await items(dictId);
    const res = await save({
      dictId,
      values: [
        { ...a, itemText: '改了' },
        { itemText: '新', itemValue: 'n' },
        { ...b, description: '长'.repeat(256) },
      ],
      deleteIds: [],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: false, message: '第 3 行：描述长度不能超过255个字符' });
    expect((await items(dictId)).map((i) => [i.itemText, i.description])).toEqual([
      ['项a', null],
      ['项b', null],
    ]);
  });

  it('each cell rule refuses with its row: required text and value, lengths, duplicate values in the table', async () => {
    const dictId = await newDict(['a']);
    const [a] = await items(dictId);
    const refusal = async (values: unknown[]) => json(await save({ dictId, values, deleteIds: [] })).message;
    expect(await refusal([a, { itemText: ' ', itemValue: 'x' }])).toBe('第 2 行：字典项文本不能为空!');
    expect(await refusal([{ itemText: '新', itemValue: '' }])).toBe('第 1 行：字典项值不能为空!');
    expect(await refusal([a, { itemText: '名'.repeat(101), itemValue: 'x' }])).toBe('第 2 行：名称长度不能超过100个字符');
    expect(await refusal([a, { itemText: '新', itemValue: 'v'.repeat(101) }])).toBe('第 2 行：数据值长度不能超过100个字符');
    expect(await refusal([a, { itemText: '新', itemValue: 'x' }, { itemText: '又', itemValue: 'x' }])).toBe('第 3 行：数据值与第 2 行重复');
    expect(await refusal([{ ...a, id: 'not-an-item' }])).toBe('第 1 行：未找到对应数据，请刷新后重试');
    expect(await items(dictId)).toHaveLength(1);
  });

  it('two rows may swap their values, and a deleted item frees its value for a new row', async () => {
    const dictId = await newDict(['a', 'b']);
    const [a, b] = await items(dictId);
    expect(
      await saved({
        dictId,
        values: [
          { ...a, itemValue: 'b' },
          { ...b, itemValue: 'a' },
        ],
        deleteIds: [],
      }),
    ).toBe(true);
    expect((await items(dictId)).map((i) => [i.id, i.itemValue])).toEqual([
      [a.id, 'b'],
      [b.id, 'a'],
    ]);
    expect(
      await saved({
        dictId,
        values: [
          { ...a, itemValue: 'b' },
          { itemText: '新', itemValue: 'a' },
        ],
        deleteIds: [b.id],
      }),
    ).toBe(true);
    expect((await items(dictId)).map((i) => i.itemValue)).toEqual(['b', 'a']);
  });

  it('the route needs 字典项编辑; adding and deleting need their own codes too (§6)', async () => {
    const dictId = await newDict(['a']);
    const [a] = await items(dictId);
    const permissionId = newId();
    await db.insert(sysPermission).values({ id: permissionId, name: '字典项编辑', menuType: 2, perms: DictItemPerm.edit, status: '1' });
    await db.insert(sysRolePermission).values({ id: newId(), roleId: RoleId.reviewer, permissionId });
    await t.createUser({ username: 'dicteditor', password: 'Editor12345', roleIds: [RoleId.reviewer] });
    await t.createUser({ username: 'dictplain', password: 'Plain12345', roleIds: [RoleId.holder] });
    const editor = t.as(await t.loginAs('dicteditor', 'Editor12345'));
    const plain = t.as(await t.loginAs('dictplain', 'Plain12345'));
    expect((await plain('POST', DictItemPath.saveTable, { dictId, values: [a], deleteIds: [] })).statusCode).toBe(403);
    expect(json(await editor('POST', DictItemPath.saveTable, { dictId, values: [{ ...a, itemText: '改' }], deleteIds: [] })).success).toBe(true);
    const adding = await editor('POST', DictItemPath.saveTable, { dictId, values: [a, { itemText: '新', itemValue: 'n' }], deleteIds: [] });
    expect(adding.statusCode).toBe(403);
    expect((await editor('POST', DictItemPath.saveTable, { dictId, values: [], deleteIds: [a.id] })).statusCode).toBe(403);
    expect((await items(dictId)).map((i) => i.itemText)).toEqual(['改']);
  });

  it('a missing dictionary or a malformed body is refused with a message, never a 500', async () => {
    expect(json(await save({ dictId: 'missing', values: [], deleteIds: [] })).message).toBe('字典不存在或已删除');
    const bad = await save({ dictId: 'x', values: 'rows' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).success).toBe(false);
  });
});
