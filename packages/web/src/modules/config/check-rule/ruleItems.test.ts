import { CheckMsg } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { itemsOf, newRow, rowsOf, rowsProblem } from './ruleItems.ts';

const COMMON = JSON.stringify([
  { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
  { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
  { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
]);

describe('check rule items (JEECG-API §5.4 rule_json)', () => {
  it('reads a stored rule: a `^.{min,max}$` pattern becomes a length row, anything else a regex row', () => {
    const rows = rowsOf(COMMON);
    expect(rows.map((row) => [row.digits, row.kind, row.pattern, row.min, row.max])).toEqual([
      ['1', 'regex', '^[a-zA-Z]$', null, null],
      ['*', 'length', '', 3, 12],
      ['*', 'length', '', 3, null],
    ]);
    expect(rowsOf('not json')).toEqual([]);
  });

  it('writes the rows back as [{digits, pattern, message}] in their order', () => {
    expect(itemsOf(rowsOf(COMMON))).toEqual(JSON.parse(COMMON));
  });

  it('names the first problem of the rows by its position', () => {
    expect(rowsProblem([])).toBe(CheckMsg.ruleJsonRequired);
    expect(rowsProblem([newRow({ pattern: '^a$', message: '' })])).toBe('第1条规则：请输入提示文本');
    expect(rowsProblem([newRow({ pattern: '^a$', message: 'x' }), newRow({ digits: '0', pattern: 'b', message: 'y' })])).toBe(
      '第2条规则：校验位数应为 * 或 1到500的数字',
    );
    expect(rowsProblem([newRow({ kind: 'length', min: 5, max: 2, message: 'x' })])).toBe('第1条规则：最小长度不能大于最大长度');
    expect(rowsProblem([newRow({ kind: 'length', message: 'x' })])).toBe('第1条规则：请输入最小或最大长度');
    expect(rowsProblem([newRow({ kind: 'length', min: 2, message: 'x' })])).toBeNull();
  });
});
