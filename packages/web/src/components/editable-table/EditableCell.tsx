import { Tooltip } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { cellRendererOf } from './cellTypes.ts';
import styles from './EditableTable.module.css';
import type { EditableColumn, Row } from './types.ts';

export const DEFAULT_COLUMN_WIDTH = 120;

export type CellActions = {
  change: (id: string, key: string, value: unknown) => void;
  activate: (id: string, key: string) => void;
  done: () => void;
};

type EditableCellProps = {
  id: string;
  row: Row;
  rowIndex: number;
  column: EditableColumn;
  active: boolean;
  /** its message shows without hovering (the cell being edited, or the first error validate() found) */
  pinned: boolean;
  error: string | undefined;
  disabled: boolean;
  actions: CellActions;
};

/**
 * spec §4 "Grid cells have a view and an edit rendering": a click on an editable cell shows its edit
 * rendering until it is done; spec §8 a failed rule's message is the cell's tooltip.
 */
export const EditableCell = memo(function EditableCell({ id, row, rowIndex, column, active, pinned, error, disabled, actions }: EditableCellProps) {
  const renderer = cellRendererOf(column.type);
  const locked = disabled || Boolean(column.disabled);
  const editable = Boolean(renderer?.edit) && !locked;
  const Content = active && editable && renderer?.edit ? renderer.edit : renderer?.view;
  const className = [styles.cell, editable ? styles.editable : '', error ? styles.invalid : ''].filter(Boolean).join(' ');
  return (
    <div
      role="cell"
      data-key={column.key}
      aria-invalid={error ? true : undefined}
      className={className}
      style={{ width: column.width ?? DEFAULT_COLUMN_WIDTH }}
      tabIndex={editable && !active ? 0 : undefined}
      onClick={() => {
        if (editable && !active) actions.activate(id, column.key);
      }}
      onKeyDown={(event) => {
        if (editable && !active && event.target === event.currentTarget && (event.key === 'Enter' || event.key === 'F2')) {
          event.preventDefault();
          actions.activate(id, column.key);
        }
      }}
    >
      {Content && (
        <Content
          value={row[column.key]}
          row={row}
          column={column}
          rowIndex={rowIndex}
          disabled={locked}
          onChange={(value) => actions.change(id, column.key, value)}
          onDone={actions.done}
        />
      )}
      {error ? <ErrorTip message={error} pinned={pinned} /> : null}
    </div>
  );
});

/**
 * The message of a failed rule, shown over its cell while the cell is hovered, edited or pinned. Only
 * a failing cell has one (a tooltip per cell made the first drawing of a screenful of rows slow), and
 * it comes after the cell's content so that the edit box being typed in is never rebuilt.
 */
function ErrorTip({ message, pinned }: { message: string; pinned: boolean }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    const cell = anchor.current?.parentElement;
    if (!cell) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    cell.addEventListener('mouseenter', enter);
    cell.addEventListener('mouseleave', leave);
    return () => {
      cell.removeEventListener('mouseenter', enter);
      cell.removeEventListener('mouseleave', leave);
    };
  }, []);
  return (
    <Tooltip title={message} color="red" open={pinned || hovered} placement="topLeft">
      <span ref={anchor} className={styles.tipAnchor} />
    </Tooltip>
  );
}
