import type { ReactNode } from 'react';

/** One row of the table: the record's fields, keyed by column key; `id` (or the table's rowKey) names it. */
export type Row = Record<string, unknown>;

/** spec §3 "Editable table" cell types. */
export const CELL_TYPES = [
  'normal',
  'input',
  'inputNumber',
  'textarea',
  'select',
  'select-search',
  'select-multiple',
  'date',
  'datetime',
  'checkbox',
  'upload',
  'progress',
  'tags',
  'slot',
  'hidden',
] as const;
export type BuiltInCellType = (typeof CELL_TYPES)[number];

/** A custom cell type's name (installed with `registerCellType`). */
export type CellTypeName = BuiltInCellType | (string & {});

/** The preset names of spec §5 "Editable-table rule presets" (JeecgBoot's codes). */
export type RulePreset = '*' | 'n6-16' | '*6-16' | 's6-18' | 'url' | 'e' | 'm' | 'p' | 's' | 'n' | 'z' | 'money';

export type RuleContext = { row: Row; column: EditableColumn; rows: readonly Row[] };

/**
 * A cell rule: required, a preset or own pattern, unique within the column, or a handler returning the
 * message of a failure (or null) — synchronously or not (e.g. a duplicate check on the server).
 */
export type ValidateRule =
  | { required: true; message?: string }
  | { pattern: RulePreset | RegExp; message?: string }
  | { unique: true; message?: string }
  | { handler: (value: unknown, context: RuleContext) => string | null | undefined | Promise<string | null | undefined>; message?: string };

export type SelectOption = { value: string; label: ReactNode; disabled?: boolean };

export type CellProps = {
  value: unknown;
  row: Row;
  column: EditableColumn;
  rowIndex: number;
  disabled: boolean;
  onChange: (value: unknown) => void;
  /** the edit rendering is done (blur, Enter, a choice made) */
  onDone: () => void;
};

export type EditableColumn = {
  key: string;
  title: string;
  type: CellTypeName;
  width?: number;
  validateRules?: ValidateRule[];
  statistics?: ('sum' | 'average')[];
  dictCode?: string;
  options?: SelectOption[];
  defaultValue?: unknown;
  disabled?: boolean;
  placeholder?: string;
  /** checkbox: the values it stands for, and whether a new row starts checked */
  checkedValue?: unknown;
  uncheckedValue?: unknown;
  defaultChecked?: boolean;
  /** select-search: ask for options matching the keyword (300 ms after typing stops) */
  search?: (keyword: string) => Promise<SelectOption[]>;
  /** upload: the server folder */
  biz?: string;
  /** slot: the cell's content */
  render?: (props: CellProps) => ReactNode;
};

export type ValidationError = { rowId: string; rowIndex: number; key: string; message: string };

export type TableValues = { values: Row[]; deleteIds: string[] };

export type EditableTableHandle = {
  /** the rows as they should be saved: new rows without their temporary id, and the ids removed */
  getValues: () => TableValues;
  /** every rule of every cell; shows the messages and scrolls to the first */
  validate: () => Promise<ValidationError[]>;
  addRows: (rows?: Row[] | number) => string[];
  insertRows: (index: number, rows?: Row[] | number) => string[];
  removeRows: (ids: string[]) => void;
  /** asks 确定要删除这 N 项吗? first; resolves whether rows were removed */
  removeSelected: () => Promise<boolean>;
  moveRow: (id: string, direction: 'up' | 'down') => void;
  setValues: (rows: Row[]) => void;
  /** a row changed elsewhere (another browser): its fields replace those of the row with its id */
  mergeRow: (row: Row) => void;
  getSelectedIds: () => string[];
};
