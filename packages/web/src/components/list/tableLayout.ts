import { Grid } from 'antd';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { CELL_BORDER, CELL_PADDING, type TableSize } from './columnKinds.tsx';

/**
 * Width a column without one of its own gets at least (on a 375 px phone: 机构名称, 事项 and 机构
 * shrank to 0 px on a phone). On a wide screen such columns still share whatever space is left.
 */
export const FLEX_COLUMN_MIN_WIDTH = 140;

/** antd's checkbox column of a selectable table. */
export const SELECTION_COLUMN_WIDTH = 32;

/** What of an antd column (or column group) counts here, whatever its record type. */
type SizedColumn = { width?: string | number; children?: readonly SizedColumn[] };

const widthOf = (column: SizedColumn): number => {
  if (column.children?.length) return column.children.reduce((sum, child) => sum + widthOf(child), 0);
  return typeof column.width === 'number' ? Math.max(column.width, 0) : FLEX_COLUMN_MIN_WIDTH;
};

/**
 * The table's scroll width: the sum of its columns' widths, a flexible column counting as its minimum.
 * With it antd lays the columns out at fixed widths and the table scrolls inside its card when the
 * screen is narrower, instead of squeezing columns to nothing and pushing the page sideways; on a wider
 * screen the table still fills its card.
 */
export function tableScrollX(columns: readonly SizedColumn[] | undefined, options: { selectable?: boolean } = {}): number {
  const sum = (columns ?? []).reduce((total, column) => total + widthOf(column), 0);
  return sum + (options.selectable ? SELECTION_COLUMN_WIDTH : 0);
}

/**
 * Where a table's 操作 column is pinned. On a phone it is not: a pinned column as wide as the row's
 * buttons would leave the other columns a sliver to scroll in, so there the actions are the end of
 * the row the user swipes to on a 375 px phone; from `sm` up they stay in view at the right.
 */
export function useActionColumnFixed(): 'right' | undefined {
  const screens = Grid.useBreakpoint();
  return screens.sm ? 'right' : undefined;
}

/** The 操作 header itself (two characters and the padding) is the least the column needs. */
const ACTION_COLUMN_MIN_WIDTH = 60;
/** Until the buttons are drawn and measured: room for 详情 | 编辑 | 更多. */
const ACTION_COLUMN_DEFAULT_WIDTH = 150;

/**
 * The 操作 column's width: the widest row's buttons as measured (see `useMeasuredWidth`) plus the cell's
 * padding and border, or the definition's estimate (else a default) until they are measured.
 */
export function actionColumnWidth(measured: number | null, size: TableSize = 'medium', fallback = ACTION_COLUMN_DEFAULT_WIDTH): number {
  if (measured === null) return fallback;
  return Math.max(Math.ceil(measured) + 2 * CELL_PADDING[size] + CELL_BORDER, ACTION_COLUMN_MIN_WIDTH);
}

/**
 * The widest natural width of the elements matching `selector` inside `ref`, measured whenever `drawn`
 * (what they are drawn from, e.g. the page's rows) changes; inline content keeps its natural width even
 * where its cell is narrower. Null while there are none.
 */
export function useMeasuredWidth(ref: RefObject<HTMLElement | null>, selector: string, drawn: unknown): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    let widest = 0;
    for (const element of root.querySelectorAll(selector)) widest = Math.max(widest, element.getBoundingClientRect().width);
    if (widest === 0) return;
    const next = Math.ceil(widest);
    setWidth((previous) => (previous === next ? previous : next));
  }, [ref, selector, drawn]);
  return width;
}
