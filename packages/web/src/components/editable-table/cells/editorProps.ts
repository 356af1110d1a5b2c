import type { CellProps, EditableColumn } from '../types.ts';

/** What every cell editor shares: focused as the cell opens, small, named by its column for a screen reader. */
export const editorProps = (column: EditableColumn) => ({ autoFocus: true, size: 'small', 'aria-label': column.title }) as const;

/** A drop-down editor (a select, a date) also opens with the cell and fills it. */
export const dropdownProps = (column: EditableColumn) => ({ ...editorProps(column), defaultOpen: true, style: { width: '100%' } }) as const;

/** The placeholder of a typed cell. */
export const typePrompt = (column: EditableColumn) => column.placeholder ?? `请输入${column.title}`;

/** A single choice (or its clearing) is the cell's new value and ends the edit. */
export const chooseOne =
  ({ onChange, onDone }: Pick<CellProps, 'onChange' | 'onDone'>) =>
  (next: string | undefined) => {
    onChange(next ?? '');
    onDone();
  };
