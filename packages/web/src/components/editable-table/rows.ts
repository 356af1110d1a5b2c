import type { EditableColumn, Row } from './types.ts';

/** spec §3: rows are keyed by `id` and numbered in `orderNum` unless the table says otherwise. */
export const DEFAULT_ROW_KEY = 'id';
export const DEFAULT_SORT_FIELD = 'orderNum';

/** spec §8 moving a row past either end. */
export const MOVE_FIRST_UP = '未知的操作';
export const MOVE_LAST_DOWN = '已到最后~';

/** spec §5 "Table delete confirm". */
export const deleteConfirmText = (count: number) => `确定要删除这 ${count} 项吗?`;

const TEMP_PREFIX = '__new_';
let tempCounter = 0;

/** A row added here carries a temporary id until it is saved; `getValues` leaves it out (spec §4). */
export const newTempId = () => `${TEMP_PREFIX}${(tempCounter += 1)}`;
export const isTempId = (id: unknown) => typeof id === 'string' && id.startsWith(TEMP_PREFIX);

export type TableState = { rows: Row[]; deleteIds: string[] };
export type TableKeys = { rowKey: string; sortField: string };

export const idOf = (row: Row, rowKey: string) => String(row[rowKey]);

/** spec §4: a new row's value per cell type; a checkbox starts as its default-checked setting says. */
export function defaultValueOf(column: EditableColumn): unknown {
  if (column.defaultValue !== undefined) return column.defaultValue;
  switch (column.type) {
    case 'checkbox':
      return column.defaultChecked ? (column.checkedValue ?? true) : (column.uncheckedValue ?? false);
    case 'inputNumber':
    case 'progress':
      return null;
    case 'select-multiple':
      return [];
    default:
      return '';
  }
}

export function newRow(columns: readonly EditableColumn[], keys: TableKeys, given: Row = {}): Row {
  const row: Row = {};
  for (const column of columns) row[column.key] = defaultValueOf(column);
  return { ...row, ...given, [keys.rowKey]: given[keys.rowKey] ?? newTempId() };
}

/** spec §4 "Sort numbers are recalculated": 1…n in row order; a row already numbered keeps its object. */
export function renumber(rows: readonly Row[], sortField: string): Row[] {
  return rows.map((row, index) => (row[sortField] === index + 1 ? row : { ...row, [sortField]: index + 1 }));
}

export function insertRows(state: TableState, index: number, added: readonly Row[], keys: TableKeys): TableState {
  const at = Math.max(0, Math.min(index, state.rows.length));
  const rows = [...state.rows.slice(0, at), ...added, ...state.rows.slice(at)];
  return { ...state, rows: renumber(rows, keys.sortField) };
}

/** spec §4 "Removed rows are tracked as deleted" — a row never saved has nothing to delete. */
export function removeRows(state: TableState, ids: readonly string[], keys: TableKeys): TableState {
  const gone = new Set(ids);
  const removed = state.rows.filter((row) => gone.has(idOf(row, keys.rowKey)));
  const deleteIds = removed.map((row) => idOf(row, keys.rowKey)).filter((id) => !isTempId(id) && !state.deleteIds.includes(id));
  return {
    rows: renumber(
      state.rows.filter((row) => !gone.has(idOf(row, keys.rowKey))),
      keys.sortField,
    ),
    deleteIds: [...state.deleteIds, ...deleteIds],
  };
}

/** Moves one row from one place to another (drag sort). */
export function reorderRows(state: TableState, from: number, to: number, keys: TableKeys): TableState {
  if (from === to || from < 0 || from >= state.rows.length) return state;
  const rows = [...state.rows];
  const [moved] = rows.splice(from, 1);
  rows.splice(Math.max(0, Math.min(to, rows.length)), 0, moved);
  return { ...state, rows: renumber(rows, keys.sortField) };
}

/** One step up or down; past either end the answer is spec §8's message and the rows stay. */
export function moveRow(state: TableState, id: string, direction: 'up' | 'down', keys: TableKeys): { state: TableState; refusal: string | null } {
  const index = state.rows.findIndex((row) => idOf(row, keys.rowKey) === id);
  if (index < 0) return { state, refusal: MOVE_FIRST_UP };
  if (direction === 'up' && index === 0) return { state, refusal: MOVE_FIRST_UP };
  if (direction === 'down' && index === state.rows.length - 1) return { state, refusal: MOVE_LAST_DOWN };
  return { state: reorderRows(state, index, direction === 'up' ? index - 1 : index + 1, keys), refusal: null };
}

export function updateCell(state: TableState, id: string, key: string, value: unknown, keys: TableKeys): TableState {
  const index = state.rows.findIndex((row) => idOf(row, keys.rowKey) === id);
  if (index < 0 || state.rows[index][key] === value) return state;
  const rows = [...state.rows];
  rows[index] = { ...rows[index], [key]: value };
  return { ...state, rows };
}

/** spec §4 "Live row updates … merge into the matching row"; a row not shown here is left out. */
export function mergeRow(state: TableState, row: Row, keys: TableKeys): TableState {
  const id = row[keys.rowKey];
  if (id === undefined || id === null) return state;
  const index = state.rows.findIndex((other) => idOf(other, keys.rowKey) === String(id));
  if (index < 0) return state;
  const rows = [...state.rows];
  rows[index] = { ...rows[index], ...row };
  return { ...state, rows };
}

/** The rows loaded from the server, numbered, with nothing deleted yet. */
export const stateOf = (rows: readonly Row[], keys: TableKeys): TableState => ({ rows: renumber(rows, keys.sortField), deleteIds: [] });

/** spec §4 "New rows lose their id when read as new data". */
export function valuesOf(state: TableState, keys: TableKeys): { values: Row[]; deleteIds: string[] } {
  const values = state.rows.map((row) => {
    if (!isTempId(row[keys.rowKey])) return { ...row };
    const { [keys.rowKey]: _temporary, ...rest } = row;
    return rest;
  });
  return { values, deleteIds: [...state.deleteIds] };
}
