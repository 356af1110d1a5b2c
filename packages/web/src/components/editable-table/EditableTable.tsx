import { Button, Space } from 'antd';
import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { confirm, feedback } from '../../platform/feedback.ts';
import { DetailModal } from '../detail/DetailModal.tsx';
import './cells/index.ts';
import { cellRendererOf } from './cellTypes.ts';
import styles from './EditableTable.module.css';
import {
  DEFAULT_ROW_KEY,
  DEFAULT_SORT_FIELD,
  deleteConfirmText,
  idOf,
  insertRows,
  mergeRow,
  moveRow,
  newRow,
  removeRows,
  reorderRows,
  stateOf,
  updateCell,
  valuesOf,
  type TableState,
} from './rows.ts';
import { SubTablePopover } from './SubTablePopover.tsx';
import { TableGrid, type CellRef } from './TableGrid.tsx';
import type { RowActions, RowFeatures } from './TableRow.tsx';
import type { EditableColumn, EditableTableHandle, Row } from './types.ts';
import { useTableValidation } from './useTableValidation.ts';
import { scrollTopFor } from './virtual.ts';

export type EditableTableProps = {
  columns: EditableColumn[];
  /** the rows to edit; a new array starts over (nothing deleted, nothing selected) */
  dataSource?: Row[];
  rowKey?: string;
  sortField?: string;
  /** the scrolled window's height and the fixed row height, in px */
  height?: number;
  rowHeight?: number;
  rowNumber?: boolean;
  rowSelection?: 'checkbox' | 'radio';
  dragSort?: boolean;
  /** expand column: the row's sub-table, shown in a popover */
  subTable?: (row: Row) => ReactNode | Promise<ReactNode>;
  /** a 详情 button per row opening the row in the detail modal (spec §9: 1200 wide, columns default 3, max 4) */
  detail?: boolean | { title?: string; columns?: number };
  /** 新增 / 插入 (above the one selected row) / 删除 / 上移 / 下移 above the table, followed by `toolbarExtra` */
  toolbar?: boolean;
  toolbarExtra?: ReactNode;
  disabled?: boolean;
  /** every change of the rows (edit, add, remove, reorder) */
  onChange?: (rows: Row[]) => void;
  /** a cell edited here (e.g. to send the row to other browsers) */
  onCellChange?: (row: Row, key: string) => void;
  ref?: Ref<EditableTableHandle>;
};

const NO_ROWS: Row[] = [];

/** spec §3–§5 editable table: typed cells, row operations with sort numbers, rules, statistics, virtual rows. */
export function EditableTable({
  columns,
  dataSource = NO_ROWS,
  rowKey = DEFAULT_ROW_KEY,
  sortField = DEFAULT_SORT_FIELD,
  height = 400,
  rowHeight = 40,
  rowNumber = false,
  rowSelection,
  dragSort = false,
  subTable,
  detail = false,
  toolbar = false,
  toolbarExtra,
  disabled = false,
  onChange,
  onCellChange,
  ref,
}: EditableTableProps) {
  const keys = useMemo(() => ({ rowKey, sortField }), [rowKey, sortField]);
  const shownColumns = useMemo(() => columns.filter((column) => column.type !== 'hidden'), [columns]);
  const [state, setState] = useState<TableState>(() => stateOf(dataSource, keys));
  const stateRef = useRef(state);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedRef = useRef(selected);
  const [active, setActive] = useState<CellRef>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const dragFrom = useRef<number | null>(null);
  // what the row actions read when they run, so that a screen's inline functions do not redraw every row
  const latest = useRef({ columns, keys, onChange, onCellChange, rowHeight, rowSelection, subTable });
  useLayoutEffect(() => {
    latest.current = { columns, keys, onChange, onCellChange, rowHeight, rowSelection, subTable };
    selectedRef.current = selected;
  });

  const commit = useCallback((next: TableState) => {
    if (next === stateRef.current) return;
    const rowsChanged = next.rows !== stateRef.current.rows;
    stateRef.current = next;
    setState(next);
    if (rowsChanged) latest.current.onChange?.(next.rows);
  }, []);

  const scrollToIndex = useCallback(
    (index: number) => {
      const box = scroller.current;
      if (!box) return;
      // the sticky header and statistics rows cover part of the window
      const { rowHeight: rh, columns: cols } = latest.current;
      const statRows = (['sum', 'average'] as const).filter((kind) => cols.some((column) => column.statistics?.includes(kind))).length;
      box.scrollTop = scrollTopFor(index, rh, (box.clientHeight || height) - rh * (1 + statRows), box.scrollTop);
    },
    [height],
  );

  const { errors, pinned, api: validation } = useTableValidation({ stateRef, latest, scrollToIndex });

  // a new dataSource starts over: its rows numbered, nothing deleted, selected or flagged
  const [source, setSource] = useState(dataSource);
  if (source !== dataSource) {
    setSource(dataSource);
    setState(stateOf(dataSource, keys));
    setSelected(new Set());
    setActive(null);
    validation.clear();
  }
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  const actions: RowActions = useMemo(
    () => ({
      change: (id, key, value) => {
        const next = updateCell(stateRef.current, id, key, value, latest.current.keys);
        commit(next);
        const row = next.rows.find((candidate) => idOf(candidate, latest.current.keys.rowKey) === id);
        if (!row) return;
        validation.checkOne(id, key, row);
        latest.current.onCellChange?.(row, key);
      },
      activate: (id, key) => setActive({ id, key }),
      done: () => setActive(null),
      select: (id, on) =>
        setSelected((current) => {
          if (latest.current.rowSelection === 'radio') return new Set(on ? [id] : []);
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      dragStart: (index) => {
        dragFrom.current = index;
      },
      drop: (index) => {
        if (dragFrom.current === null) return;
        commit(reorderRows(stateRef.current, dragFrom.current, index, latest.current.keys));
        dragFrom.current = null;
      },
      openDetail: (id) => setDetailId(id),
      renderSubTable: (row, anchor) => (
        <SubTablePopover row={row} load={(target) => latest.current.subTable?.(target) ?? null}>
          {anchor}
        </SubTablePopover>
      ),
    }),
    [commit, validation],
  );

  const handle: EditableTableHandle = useMemo(() => {
    const add = (index: number, given: Row[] | number = 1) => {
      const { columns: cols, keys: k } = latest.current;
      const added = typeof given === 'number' ? Array.from({ length: given }, () => newRow(cols, k)) : given.map((row) => newRow(cols, k, row));
      commit(insertRows(stateRef.current, index, added, k));
      return added.map((row) => idOf(row, k.rowKey));
    };
    const remove = (ids: string[]) => {
      commit(removeRows(stateRef.current, ids, latest.current.keys));
      validation.forget(ids);
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
    };
    return {
      getValues: () => valuesOf(stateRef.current, latest.current.keys),
      validate: validation.validateAll,
      addRows: (given) => {
        const ids = add(stateRef.current.rows.length, given);
        requestAnimationFrame(() => scrollToIndex(stateRef.current.rows.length - 1));
        return ids;
      },
      insertRows: (index, given) => add(index, given),
      removeRows: remove,
      removeSelected: () => {
        const ids = [...selectedRef.current];
        if (ids.length === 0) return Promise.resolve(false);
        return new Promise<boolean>((resolve) => {
          confirm({
            title: '确认删除',
            content: deleteConfirmText(ids.length),
            onOk: () => {
              remove(ids);
              resolve(true);
            },
            onCancel: () => resolve(false),
          });
        });
      },
      moveRow: (id, direction) => {
        const { state: next, refusal } = moveRow(stateRef.current, id, direction, latest.current.keys);
        if (refusal) feedback().message.warning(refusal);
        else commit(next);
      },
      setValues: (rows) => {
        commit(stateOf(rows, latest.current.keys));
        validation.clear();
      },
      mergeRow: (row) => commit(mergeRow(stateRef.current, row, latest.current.keys)),
      getSelectedIds: () => [...selectedRef.current],
    };
  }, [commit, validation, scrollToIndex]);
  useImperativeHandle(ref, () => handle, [handle]);

  const features: RowFeatures = useMemo(
    () => ({ dragSort, rowNumber, selection: rowSelection ?? null, expand: Boolean(subTable), detail: Boolean(detail) }),
    [dragSort, rowNumber, rowSelection, subTable, detail],
  );
  const only = selected.size === 1 ? [...selected][0] : null;
  const detailRow = detailId ? (state.rows.find((row) => idOf(row, rowKey) === detailId) ?? null) : null;
  const detailOptions = typeof detail === 'object' ? detail : {};

  return (
    <div className={styles.wrap}>
      {(toolbar || toolbarExtra) && (
        <Space wrap>
          {toolbar && (
            <>
              <Button type="primary" disabled={disabled} onClick={() => handle.addRows(1)}>
                新增
              </Button>
              <Button
                disabled={disabled || !only}
                onClick={() => {
                  const at = state.rows.findIndex((row) => idOf(row, rowKey) === only);
                  if (at >= 0) handle.insertRows(at, 1);
                }}
              >
                插入
              </Button>
              <Button danger disabled={disabled || selected.size === 0} onClick={() => void handle.removeSelected()}>
                删除
              </Button>
              <Button disabled={disabled || !only} onClick={() => only && handle.moveRow(only, 'up')}>
                上移
              </Button>
              <Button disabled={disabled || !only} onClick={() => only && handle.moveRow(only, 'down')}>
                下移
              </Button>
            </>
          )}
          {toolbarExtra}
        </Space>
      )}
      <TableGrid
        scroller={scroller}
        rows={state.rows}
        rowKey={rowKey}
        columns={shownColumns}
        features={features}
        height={height}
        rowHeight={rowHeight}
        selected={selected}
        active={active}
        pinned={pinned}
        errors={errors}
        disabled={disabled}
        actions={actions}
        onSelectAll={(on) => setSelected(new Set(on ? state.rows.map((row) => idOf(row, rowKey)) : []))}
      />
      <DetailModal
        open={detailRow !== null}
        title={detailOptions.title ?? '详情'}
        record={detailRow}
        columns={detailOptions.columns}
        onClose={() => setDetailId(null)}
        items={shownColumns.map((column) => {
          const View = cellRendererOf(column.type)?.view;
          return {
            label: column.title,
            render: (row: Row) =>
              View ? <View value={row[column.key]} row={row} column={column} rowIndex={0} disabled onChange={() => {}} onDone={() => {}} /> : null,
          };
        })}
      />
    </div>
  );
}
