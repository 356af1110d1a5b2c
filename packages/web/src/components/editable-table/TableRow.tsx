import { HolderOutlined } from '@ant-design/icons';
import { Button, Checkbox, Radio } from 'antd';
import { memo, useState, type ReactNode } from 'react';
import { EditableCell, type CellActions } from './EditableCell.tsx';
import styles from './EditableTable.module.css';
import type { EditableColumn, Row } from './types.ts';

/** The widths of the table's own columns. */
export const SPECIAL_WIDTH = { drag: 32, rowNumber: 50, selection: 40, expand: 40, action: 64 } as const;

export type RowFeatures = {
  dragSort: boolean;
  rowNumber: boolean;
  selection: 'checkbox' | 'radio' | null;
  expand: boolean;
  detail: boolean;
};

export type RowActions = CellActions & {
  select: (id: string, selected: boolean) => void;
  dragStart: (index: number) => void;
  drop: (index: number) => void;
  openDetail: (id: string) => void;
  renderSubTable: (row: Row, anchor: ReactNode) => ReactNode;
};

type TableRowProps = {
  id: string;
  row: Row;
  index: number;
  top: number;
  height: number;
  columns: EditableColumn[];
  features: RowFeatures;
  selected: boolean;
  /** the key of the cell being edited in this row */
  activeKey: string | null;
  pinnedKey: string | null;
  errors: Record<string, string> | undefined;
  disabled: boolean;
  actions: RowActions;
};

const center = `${styles.cell} ${styles.center}`;

/** One row; unchanged rows are not drawn again (typing in one cell redraws one row). */
export const TableRow = memo(function TableRow({
  id,
  row,
  index,
  top,
  height,
  columns,
  features,
  selected,
  activeKey,
  pinnedKey,
  errors,
  disabled,
  actions,
}: TableRowProps) {
  const [dropping, setDropping] = useState(false);
  const className = [styles.row, selected ? styles.rowSelected : '', dropping ? styles.dropTarget : ''].filter(Boolean).join(' ');
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row-id={id}
      className={className}
      style={{ top, height }}
      onDragOver={(event) => {
        if (!features.dragSort) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        if (!features.dragSort) return;
        event.preventDefault();
        setDropping(false);
        actions.drop(index);
      }}
    >
      {features.dragSort && (
        <div
          role="cell"
          aria-label="拖动排序"
          className={`${center} ${styles.handle}`}
          style={{ width: SPECIAL_WIDTH.drag }}
          draggable={!disabled}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', id);
            actions.dragStart(index);
          }}
        >
          <HolderOutlined />
        </div>
      )}
      {features.rowNumber && (
        <div role="cell" className={center} style={{ width: SPECIAL_WIDTH.rowNumber }}>
          {index + 1}
        </div>
      )}
      {features.selection && (
        <div role="cell" className={center} style={{ width: SPECIAL_WIDTH.selection }}>
          {features.selection === 'checkbox' ? (
            <Checkbox aria-label={`选择第${index + 1}行`} checked={selected} onChange={(event) => actions.select(id, event.target.checked)} />
          ) : (
            <Radio aria-label={`选择第${index + 1}行`} checked={selected} onChange={() => actions.select(id, true)} />
          )}
        </div>
      )}
      {features.expand && (
        <div role="cell" className={center} style={{ width: SPECIAL_WIDTH.expand }}>
          {actions.renderSubTable(
            row,
            <Button size="small" type="text" aria-label={`展开第${index + 1}行`}>
              +
            </Button>,
          )}
        </div>
      )}
      {columns.map((column) => (
        <EditableCell
          key={column.key}
          id={id}
          row={row}
          rowIndex={index}
          column={column}
          active={activeKey === column.key}
          pinned={pinnedKey === column.key || activeKey === column.key}
          error={errors?.[column.key]}
          disabled={disabled}
          actions={actions}
        />
      ))}
      {features.detail && (
        <div role="cell" className={center} style={{ width: SPECIAL_WIDTH.action }}>
          <Button size="small" type="link" onClick={() => actions.openDetail(id)}>
            详情
          </Button>
        </div>
      )}
    </div>
  );
});
