import { describe, expect, it } from 'vitest';
import { columnsOf, importColumnsOf } from './excel.ts';

describe('column lists in short', () => {
  it('columnsOf: a title, a title and width, a title and value, or all three — in the order written', () => {
    const value = (r: { a: string }) => r.a;
    expect(columnsOf<{ a: string }>({ a: '甲', b: ['乙', 14], c: ['丙', value], d: ['丁', 24, value] })).toStrictEqual([
      { title: '甲', key: 'a' },
      { title: '乙', key: 'b', width: 14 },
      { title: '丙', key: 'c', value },
      { title: '丁', key: 'd', width: 24, value },
    ]);
  });

  it('importColumnsOf: a title starting with * is required and read without the star', () => {
    expect(importColumnsOf({ regNo: '*注册号', remark: '备注' })).toStrictEqual([
      { title: '注册号', key: 'regNo', required: true },
      { title: '备注', key: 'remark' },
    ]);
  });
});
