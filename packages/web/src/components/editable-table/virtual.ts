/**
 * Which rows a scrolled window shows (spec-free speed requirement: 2,000 rows render as the few on
 * screen). Rows have one fixed height, so the range is arithmetic; a few extra rows either side keep
 * fast scrolling from showing blanks.
 */
export const OVERSCAN_ROWS = 6;

export type VisibleRange = { start: number; end: number };

export function visibleRange(count: number, rowHeight: number, viewportHeight: number, scrollTop: number, overscan = OVERSCAN_ROWS): VisibleRange {
  if (count === 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/** The scroll offset that brings a row into view (the row at the top when it was above, else at the bottom). */
export function scrollTopFor(index: number, rowHeight: number, viewportHeight: number, scrollTop: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
