import { Grid } from 'antd';

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
