import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../platform/format.ts';

/**
 * What a column holds, when that decides how it is shown: amounts and dates are never cut, wrapped or
 * hidden behind an ellipsis, so their columns are as wide as their text and no wider, right-aligned for
 * amounts, and formatted here (thousands separators and two decimals; YYYY-MM-DD; YYYY-MM-DD HH:mm:ss).
 */
export type ColumnKind = 'money' | 'date' | 'datetime';

/** Table sizes as antd names them (密度 默认/中等/紧凑). */
export type TableSize = 'large' | 'medium' | 'small';

/** Horizontal padding of a cell on each side, and the cell border, by table size (antd's defaults). */
export const CELL_PADDING: Record<TableSize, number> = { large: 16, medium: 8, small: 8 };
export const CELL_BORDER = 1;

/**
 * Room for the text of each kind at 14 px in the app's font (measured in Chromium): 99,999,999.99 (a
 * longer amount on the page widens its column, see `kindWidth`), 2026-11-26, 2026-11-26 09:10:22.
 */
export const KIND_TEXT_WIDTH: Record<ColumnKind, number> = { money: 100, date: 80, datetime: 142 };

/** Sample texts of each kind's room, for measuring where a canvas is at hand. */
const KIND_SAMPLE: Record<ColumnKind, string> = { money: '99,999,999.99', date: '2026-11-26', datetime: '2026-11-26 09:10:22' };

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE_START = /^\d{4}-\d{2}-\d{2}/;

/** The text of a value of this kind. */
export function kindText(kind: ColumnKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'money') return formatMoney(String(value));
  const text = String(value);
  if (kind === 'date') return DATE_START.test(text) ? text.slice(0, 10) : formatDate(text, 'YYYY-MM-DD');
  return DATE_TIME.test(text) ? text : formatDate(text);
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** Width of a text in the body's font at 14 px; null where nothing can measure (tests without a canvas). */
function measure(text: string): number | null {
  if (canvas === undefined) {
    try {
      canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
    if (canvas) canvas.font = `14px ${getComputedStyle(document.body).fontFamily}`;
  }
  return canvas ? canvas.measureText(text).width : null;
}

/**
 * The column width of a kind: its room (or the longest of `texts`, when the page shows a longer one),
 * plus the cell's padding and border at this table size.
 */
export function kindWidth(kind: ColumnKind, size: TableSize = 'medium', texts: readonly string[] = []): number {
  const sample = measure(KIND_SAMPLE[kind]);
  // the measured sample calibrates the estimate; where nothing measures, a digit counts as its share of the room
  const room = Math.max(KIND_TEXT_WIDTH[kind], sample ?? 0);
  const longest = texts.reduce((a, b) => (b.length > a.length ? b : a), '');
  const needed = longest.length > KIND_SAMPLE[kind].length ? (measure(longest) ?? (room * longest.length) / KIND_SAMPLE[kind].length) + 2 : 0;
  return Math.ceil(Math.max(room, needed)) + 2 * CELL_PADDING[size] + CELL_BORDER;
}

/** A column carrying a kind (and, in lists, whether it starts hidden in 列设置). */
export type KindColumn<T> = ColumnType<T> & { kind?: ColumnKind };

const NO_WRAP = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The antd column of a column with a kind: width, alignment, no wrap, no ellipsis and the formatting
 * (a render of its own still gets the value and row, and decides the text). `records` widen a money
 * column for an amount longer than its room.
 */
export function kindColumn<T>(column: KindColumn<T>, size: TableSize = 'medium', records: readonly T[] = []): ColumnType<T> {
  // a list's `defaultHidden` means nothing to antd
  const { kind, defaultHidden: _, ...rest } = column as KindColumn<T> & { defaultHidden?: boolean };
  if (!kind) return rest;
  const field = typeof column.dataIndex === 'string' ? column.dataIndex : null;
  const texts = kind === 'money' && field ? records.map((record) => kindText(kind, (record as Record<string, unknown>)[field])) : [];
  const own = column.render;
  return {
    ...rest,
    width: kindWidth(kind, size, texts),
    align: kind === 'money' ? 'right' : (column.align ?? 'left'),
    ellipsis: false,
    className: [column.className, `list-cell-${kind}`].filter(Boolean).join(' '),
    onCell: (record, index) => ({ ...column.onCell?.(record, index), style: { ...column.onCell?.(record, index)?.style, ...NO_WRAP } }),
    render: own ?? ((value: unknown): ReactNode => kindText(kind, value)),
  };
}

/** `kindColumn` over a table's columns, for tables drawn without `ListPage` (details, tabs). */
export const kindColumns = <T,>(columns: readonly KindColumn<T>[], size: TableSize = 'medium', records: readonly T[] = []): ColumnType<T>[] =>
  columns.map((column) => kindColumn(column, size, records));
