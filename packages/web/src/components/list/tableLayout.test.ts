import { describe, expect, it } from 'vitest';
import { FLEX_COLUMN_MIN_WIDTH, SELECTION_COLUMN_WIDTH, tableScrollX } from './tableLayout.ts';

describe('tableScrollX (every list works at 375 px: columns keep a minimum width, the table scrolls in its card)', () => {
  it('adds the widths, a column without one counting as the flexible minimum', () => {
    expect(tableScrollX([{ width: 110 }, {}, { width: 170 }])).toBe(110 + FLEX_COLUMN_MIN_WIDTH + 170);
  });

  it('counts a string width as flexible, a column group as its children, and the checkbox column when rows can be selected', () => {
    expect(tableScrollX([{ width: '20%' }, { children: [{ width: 80 }, {}] }], { selectable: true })).toBe(
      FLEX_COLUMN_MIN_WIDTH + 80 + FLEX_COLUMN_MIN_WIDTH + SELECTION_COLUMN_WIDTH,
    );
  });

  it('answers 0 for no columns', () => {
    expect(tableScrollX(undefined)).toBe(0);
  });
});
