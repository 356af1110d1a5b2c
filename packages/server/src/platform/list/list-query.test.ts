import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/harness.ts';
import { sysDict } from '../../modules/config/dict/dict.table.ts';
import { newId } from '../db/ids.ts';
import { BizError } from '../http/envelope.ts';
import { fieldsOf, pageOf, type ListResource } from './list-query.ts';

const resource: ListResource = {
  table: sysDict,
  fields: fieldsOf(sysDict, { dictName: 'string', dictCode: 'string', type: 'number', createTime: 'datetime' }),
  defaultSort: { field: 'dictCode', order: 'asc' },
};

describe('JEECG-API §6.1 list conventions over a whitelist, on a real database', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await db.delete(sysDict);
  const at = (s: string) => new Date(`${s}+08:00`);
  await db.insert(sysDict).values([
    { id: newId(), dictName: '甲 100%', dictCode: 'c_alpha', type: 0, createTime: at('2026-01-01T08:00:00') },
    { id: newId(), dictName: '乙_二', dictCode: 'c_beta', type: 1, createTime: at('2026-02-01T23:30:00') },
    { id: newId(), dictName: '丙', dictCode: 'c_gamma', type: 1, createTime: at('2026-03-01T00:00:00') },
    { id: newId(), dictName: '丁', dictCode: 'd_delta', type: 2, createTime: at('2026-04-01T12:00:00') },
  ]);
  const codes = async (params: Record<string, unknown>) => (await pageOf<{ dictCode: string }>(db, resource, params)).records.map((r) => r.dictCode);

  it('exact, *like*, prefix*, *suffix, comma IN, !not, and the spaced operators', async () => {
    expect(await codes({ dictCode: 'c_beta' })).toEqual(['c_beta']);
    expect(await codes({ dictCode: '*a*' })).toEqual(['c_alpha', 'c_beta', 'c_gamma', 'd_delta']);
    expect(await codes({ dictCode: 'c*' })).toEqual(['c_alpha', 'c_beta', 'c_gamma']);
    expect(await codes({ dictCode: '*ta' })).toEqual(['c_beta', 'd_delta']);
    expect(await codes({ dictCode: 'c_alpha,d_delta' })).toEqual(['c_alpha', 'd_delta']);
    expect(await codes({ dictCode: '!c_alpha' })).toEqual(['c_beta', 'c_gamma', 'd_delta']);
    expect(await codes({ type: '>= 1' })).toEqual(['c_beta', 'c_gamma', 'd_delta']);
    expect(await codes({ type: '> 1' })).toEqual(['d_delta']);
    expect(await codes({ type: '!= 1' })).toEqual(['c_alpha', 'd_delta']);
    expect(await codes({ dictName: ',甲,丙,' })).toEqual(['c_alpha', 'c_gamma']);
  });

  it('LIKE wildcards in a value are literal characters', async () => {
    expect(await codes({ dictName: '*%*' })).toEqual(['c_alpha']);
    expect(await codes({ dictName: '*_*' })).toEqual(['c_beta']);
  });

  it('_begin/_end ranges; a bare date ends at 23:59:59 (GMT+8)', async () => {
    expect(await codes({ createTime_begin: '2026-02-01', createTime_end: '2026-03-01' })).toEqual(['c_beta', 'c_gamma']);
    expect(await codes({ createTime_end: '2026-02-01 23:00:00' })).toEqual(['c_alpha']);
  });

  it('sorting by a whitelisted column (a _dictText suffix is stripped); paging answers records/total/size/current/pages', async () => {
    const page = await pageOf<{ dictCode: string }>(db, resource, { column: 'type_dictText', order: 'desc', pageNo: 2, pageSize: 3 });
    expect(page).toMatchObject({ total: 4, size: 3, current: 2, pages: 2 });
    expect(page.records.map((r) => r.dictCode)).toEqual(['c_alpha']);
  });

  it('an integer column takes integers within its type (no overflow, no 1.5); __proto__ and constructor are no fields', async () => {
    await expect(pageOf(db, resource, { type: '2147483648' })).rejects.toThrow('查询条件 type 超出范围');
    await expect(pageOf(db, resource, { type_begin: '-2147483649' })).rejects.toThrow('超出范围');
    await expect(pageOf(db, resource, { type: '1.5' })).rejects.toThrow('查询条件 type 应为整数');
    await expect(pageOf(db, resource, { type: '1e3' })).rejects.toThrow('应为整数');
    expect((await pageOf(db, resource, { type: '2147483647' })).total).toBe(0);
    await expect(pageOf(db, resource, { column: '__proto__' })).rejects.toThrow('不支持按 __proto__ 排序');
    expect((await pageOf(db, resource, { constructor: '1', ['__proto__']: '1' })).total).toBe(4);
  });

  it('unknown filter parameters are ignored; unknown or injected sort columns and bad values are refused with a message', async () => {
    expect(await codes({ 'dict_code; drop table sys_dict': 'x', password: 'y' })).toHaveLength(4);
    await expect(pageOf(db, resource, { column: 'id;select 1', order: 'asc' })).rejects.toBeInstanceOf(BizError);
    await expect(pageOf(db, resource, { column: 'password' })).rejects.toThrow('不支持按 password 排序');
    await expect(pageOf(db, resource, { type: "1' or '1'='1" })).rejects.toThrow('应为整数');
    await expect(pageOf(db, resource, { createTime_begin: "2026' --" })).rejects.toThrow('日期格式');
    await expect(pageOf(db, resource, { createTime_begin: '2026-02-30' })).rejects.toThrow('日期格式');
    await expect(pageOf(db, resource, { createTime_end: '2026-01-01 24:00:00' })).rejects.toThrow('日期格式');
    await expect(pageOf(db, resource, { pageSize: '-1' })).rejects.toThrow('正整数');
    expect(await codes({ dictCode: "c_alpha' or '1'='1" })).toEqual([]);
    expect((await db.select().from(sysDict).where(eq(sysDict.dictCode, 'c_alpha'))).length).toBe(1);
  });
});

describe('fieldsOf', () => {
  it('writes the long form: the column of the same name, the type and only the limits given, in order', () => {
    const fields = fieldsOf(sysDict, { dictCode: 'string', type: ['number', { filter: false }], createTime: ['datetime', { sort: false }] });
    expect(Object.keys(fields)).toEqual(['dictCode', 'type', 'createTime']);
    expect(fields).toStrictEqual({
      dictCode: { column: sysDict.dictCode, type: 'string' },
      type: { column: sysDict.type, type: 'number', filter: false },
      createTime: { column: sysDict.createTime, type: 'datetime', sort: false },
    });
  });
});
