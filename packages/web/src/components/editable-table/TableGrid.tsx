import { Checkbox, Empty } from 'antd';
import { useMemo, useState, type RefObject } from 'react';
import { DEFAULT_COLUMN_WIDTH } from './EditableCell.tsx';
import styles from './EditableTable.module.css';
import { formatMoney, formatNumber } from '../../platform/format.ts';
import { averageOf, sumOf } from './statistics.ts';
import { SPECIAL_WIDTH, TableRow, type RowActions, type RowFeatures } from './TableRow.tsx';
import type { EditableColumn, Row } from './types.ts';
import { visibleRange } from './virtual.ts';

export type CellRef = { id: string; key: string } | null;

/** spec §9 number filter on a statistics value: separators, and two decimals where the column holds money (its `money` rule). */
const statText = (column: EditableColumn, value: string | undefined) => {
  if (value === undefined) return undefined;
  const money = column.validateRules?.some((rule) => 'pattern' in rule && rule.pattern === 'money');
  return money ? formatMoney(value) : formatNumber(value);
};

type TableGridProps = {
  scroller: RefObject<HTMLDivElement | null>;
  rows: Row[];
  rowKey: string;
  columns: EditableColumn[];
  features: RowFeatures;
  height: number;
  rowHeight: number;
  selected: ReadonlySet<string>;
  active: CellRef;
  pinned: CellRef;
  errors: Record<string, Record<string, string>>;
  disabled: boolean;
  actions: RowActions;
  onSelectAll: (selected: boolean) => void;
};

const STAT_LABELS = { sum: '合计', average: '平均值' } as const;

function specialWidths(features: RowFeatures) {
  return (
    (features.dragSort ? SPECIAL_WIDTH.drag : 0) +
    (features.rowNumber ? SPECIAL_WIDTH.rowNumber : 0) +
    (features.selection ? SPECIAL_WIDTH.selection : 0) +
    (features.expand ? SPECIAL_WIDTH.expand : 0)
  );
}

/** The header, the rows in view (virtual: 2,000 rows cost what the visible ones cost) and the statistics rows. */
export function TableGrid({
  scroller,
  rows,
  rowKey,
  columns,
  features,
  height,
  rowHeight,
  selected,
  active,
  pinned,
  errors,
  disabled,
  actions,
  onSelectAll,
}: TableGridProps) {
  const [scrollTop, setScrollTop] = useState(0);
  // the window is at most `height` tall (a few rows take less); drawing for the full height is never short
  const { start, end } = visibleRange(rows.length, rowHeight, height, scrollTop);
  const lead = specialWidths(features);
  const width = lead + columns.reduce((sum, column) => sum + (column.width ?? DEFAULT_COLUMN_WIDTH), 0) + (features.detail ? SPECIAL_WIDTH.action : 0);
  const kinds = (['sum', 'average'] as const).filter((kind) => columns.some((column) => column.statistics?.includes(kind)));
  // a scroll redraws the grid; the sums change only with the rows
  const stats = useMemo(() => {
    const of = (kind: 'sum' | 'average') =>
      Object.fromEntries(
        columns
          .filter((column) => column.statistics?.includes(kind))
          .map((column) => [column.key, kind === 'sum' ? sumOf(rows, column.key) : averageOf(rows, column.key)]),
      );
    return { sum: of('sum'), average: of('average') } as Record<'sum' | 'average', Record<string, string | undefined>>;
  }, [rows, columns]);
  const allSelected = rows.length > 0 && selected.size === rows.length;

  const visible = [];
  for (let index = start; index < end; index += 1) {
    const row = rows[index];
    const id = String(row[rowKey]);
    visible.push(
      <TableRow
        key={id}
        id={id}
        row={row}
        index={index}
        top={index * rowHeight}
        height={rowHeight}
        columns={columns}
        features={features}
        selected={selected.has(id)}
        activeKey={active?.id === id ? active.key : null}
        pinnedKey={pinned?.id === id ? pinned.key : null}
        errors={errors[id]}
        disabled={disabled}
        actions={actions}
      />,
    );
  }

  return (
    <div
      ref={scroller}
      role="table"
      aria-rowcount={rows.length + 1}
      className={styles.scroller}
      style={{ maxHeight: height }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className={styles.inner} style={{ width }}>
        <div role="row" className={styles.header} style={{ height: rowHeight }}>
          {features.dragSort && <div className={styles.cell} style={{ width: SPECIAL_WIDTH.drag }} />}
          {features.rowNumber && (
            <div role="columnheader" className={`${styles.cell} ${styles.center}`} style={{ width: SPECIAL_WIDTH.rowNumber }}>
              #
            </div>
          )}
          {features.selection && (
            <div role="columnheader" className={`${styles.cell} ${styles.center}`} style={{ width: SPECIAL_WIDTH.selection }}>
              {features.selection === 'checkbox' && (
                <Checkbox
                  aria-label="全选"
                  checked={allSelected}
                  indeterminate={selected.size > 0 && !allSelected}
                  onChange={(event) => onSelectAll(event.target.checked)}
                />
              )}
            </div>
          )}
          {features.expand && <div className={styles.cell} style={{ width: SPECIAL_WIDTH.expand }} />}
          {columns.map((column) => (
            <div key={column.key} role="columnheader" className={styles.cell} style={{ width: column.width ?? DEFAULT_COLUMN_WIDTH }}>
              {column.validateRules?.some((rule) => 'required' in rule || ('pattern' in rule && rule.pattern === '*')) && (
                <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>
              )}
              {column.title}
            </div>
          ))}
          {features.detail && (
            <div role="columnheader" className={`${styles.cell} ${styles.center}`} style={{ width: SPECIAL_WIDTH.action }}>
              操作
            </div>
          )}
        </div>
        {rows.length === 0 ? (
          <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div role="rowgroup" className={styles.body} style={{ height: rows.length * rowHeight }}>
            {visible}
          </div>
        )}
        {kinds.map((kind) => (
          <div key={kind} role="row" aria-label={STAT_LABELS[kind]} className={styles.stats} style={{ height: rowHeight }}>
            {lead > 0 && (
              <div className={styles.cell} style={{ width: lead }}>
                {STAT_LABELS[kind]}
              </div>
            )}
            {columns.map((column, index) => (
              <div key={column.key} role="cell" data-key={column.key} className={styles.cell} style={{ width: column.width ?? DEFAULT_COLUMN_WIDTH }}>
                {statText(column, stats[kind][column.key]) ?? (!lead && index === 0 ? STAT_LABELS[kind] : '')}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
