import { describe, expect, it } from 'vitest';
import { checkCell, columnCounts, RULE_PRESETS, validateCell } from './rules.ts';
import type { EditableColumn, RulePreset } from './types.ts';

const column = (rules: EditableColumn['validateRules']): EditableColumn => ({ key: 'v', title: '值', type: 'input', validateRules: rules });
const messageOf = (value: unknown, col: EditableColumn, rows = [{ v: value }]) => checkCell(value, col, rows[0], rows).message;

/** spec §5 "Editable-table rule presets": each preset with a value it takes and one it refuses. */
const CASES: [RulePreset, string, string][] = [
  ['*', 'x', ' '],
  ['n6-16', '123456789012345678', '12345'],
  ['*6-16', 'ab 12!', 'abcdefghijklmnopq'],
  ['s6-18', 'abcDEF', 'abc12f'],
  ['url', 'https://example.com/a?b=1', 'example com'],
  ['e', 'a.b@example.com', 'a@b'],
  ['m', '13912345678', '12912345678'],
  ['p', '100080', '010080'],
  ['s', 'abcXYZ', 'abc1'],
  ['n', '-12.5', '1.2.3'],
  ['z', '-42', '4.2'],
  ['money', '12.34', '12.345'],
];

describe('§5 editable-table rule presets', () => {
  it.each(CASES)('%s passes %j and refuses %j', (preset, good, bad) => {
    const col = column([{ pattern: preset }]);
    expect(messageOf(good, col)).toBeNull();
    expect(messageOf(bad, col)).toBe(preset === '*' ? '值不能为空' : `值须为${RULE_PRESETS[preset].label}`);
  });

  it('the 6-18 digit preset is labelled 6 to 16 as the spec says, and takes 18 digits but not 19', () => {
    expect(RULE_PRESETS['n6-16'].label).toBe('6到16位数字');
    const col = column([{ pattern: 'n6-16' }]);
    expect(messageOf('1'.repeat(18), col)).toBeNull();
    expect(messageOf('1'.repeat(19), col)).not.toBeNull();
  });

  it('money takes at most 2 decimals and no leading zero', () => {
    const col = column([{ pattern: 'money' }]);
    for (const good of ['0', '0.5', '100', '100.05']) expect(messageOf(good, col)).toBeNull();
    for (const bad of ['01', '1.234', '-1', '1.']) expect(messageOf(bad, col)).not.toBeNull();
  });

  it('non-empty: blank, spaces and an empty list fail with the rule message; other rules pass a blank cell', () => {
    const required = column([{ required: true, message: '请填写' }]);
    for (const blank of ['', '  ', null, undefined, []]) expect(messageOf(blank, required)).toBe('请填写');
    expect(messageOf('', column([{ pattern: 'm' }]))).toBeNull();
  });

  it('an own pattern fails with its message', () => {
    expect(messageOf('abc', column([{ pattern: /^\d+$/, message: '只能是数字' }]))).toBe('只能是数字');
  });

  it('unique fails when another row has the same value in the column, with the rule message', () => {
    const col = column([{ unique: true, message: '数据值不能重复' }]);
    const rows = [{ v: 'a' }, { v: 'b' }, { v: 'a' }];
    expect(checkCell('a', col, rows[0], rows).message).toBe('数据值不能重复');
    expect(checkCell('b', col, rows[1], rows).message).toBeNull();
    const counts = columnCounts(rows, 'v');
    expect(checkCell('a', col, rows[2], rows, counts).message).toBe('数据值不能重复');
    expect(checkCell('b', col, rows[1], rows, counts).message).toBeNull();
  });

  it('a sync handler rule answers its message, or passes with null', () => {
    const col = column([{ handler: (value) => (value === 'admin' ? '不能用admin' : null) }]);
    expect(messageOf('admin', col)).toBe('不能用admin');
    expect(messageOf('root', col)).toBeNull();
  });

  it('an async handler (a server duplicate check) is pending until it answers; later rules run after it passes', async () => {
    const col = column([{ handler: async (value) => (value === 'taken' ? '该值不可用，系统中已存在！' : null) }, { pattern: 'z' }]);
    const outcome = checkCell('taken', col, { v: 'taken' }, []);
    expect(outcome.message).toBeNull();
    expect(await outcome.pending).toBe('该值不可用，系统中已存在！');
    expect(await validateCell('free', col, { v: 'free' }, [])).toBe('值须为整数');
    expect(await validateCell('12', col, { v: '12' }, [])).toBeNull();
  });

  it('a handler that rejects fails the cell with its error text', async () => {
    const col = column([{ handler: () => Promise.reject(new Error('网络超时')) }]);
    expect(await validateCell('x', col, { v: 'x' }, [])).toBe('网络超时');
  });
});
