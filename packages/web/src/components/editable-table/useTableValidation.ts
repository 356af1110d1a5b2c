import { useMemo, useState, type RefObject } from 'react';
import { idOf, type TableKeys, type TableState } from './rows.ts';
import { checkCell, columnCounts } from './rules.ts';
import type { CellRef } from './TableGrid.tsx';
import type { EditableColumn, Row, ValidationError } from './types.ts';

export type CellErrors = Record<string, Record<string, string>>;

type Inputs = {
  stateRef: RefObject<TableState>;
  latest: RefObject<{ columns: EditableColumn[]; keys: TableKeys }>;
  scrollToIndex: (index: number) => void;
};

function withMessage(current: CellErrors, id: string, key: string, message: string | null): CellErrors {
  const row = current[id];
  if ((row?.[key] ?? null) === message) return current;
  const nextRow = { ...row };
  if (message) nextRow[key] = message;
  else delete nextRow[key];
  const next = { ...current };
  if (Object.keys(nextRow).length) next[id] = nextRow;
  else delete next[id];
  return next;
}

const hasUnique = (column: EditableColumn) => Boolean(column.validateRules?.some((rule) => 'unique' in rule));

/**
 * spec §5 rules over the table's cells: one cell as it is edited, every cell on `validate()`. Messages
 * are kept per row so that a message appearing redraws one row; the first error of a full validation
 * is scrolled to and its message pinned open.
 */
export function useTableValidation({ stateRef, latest, scrollToIndex }: Inputs) {
  const [errors, setErrors] = useState<CellErrors>({});
  const [pinned, setPinned] = useState<CellRef>(null);

  const api = useMemo(() => {
    const rowById = (id: string) => stateRef.current.rows.find((row) => idOf(row, latest.current.keys.rowKey) === id);

    const checkOne = (id: string, key: string, row: Row) => {
      const column = latest.current.columns.find((candidate) => candidate.key === key);
      if (!column?.validateRules?.length) return;
      const rows = stateRef.current.rows;
      const outcome = checkCell(row[key], column, row, rows);
      setErrors((current) => {
        let next = withMessage(current, id, key, outcome.message);
        // a value made unique again clears the other cells it clashed with
        if (hasUnique(column)) {
          for (const [otherId, messages] of Object.entries(next)) {
            const other = otherId !== id && messages[key] ? rowById(otherId) : undefined;
            if (other) next = withMessage(next, otherId, key, checkCell(other[key], column, other, rows).message);
          }
        }
        return next;
      });
      setPinned(null);
      outcome.pending?.then((message) => {
        if (rowById(id)?.[key] === row[key]) setErrors((current) => withMessage(current, id, key, message));
      });
    };

    const validateAll = async (): Promise<ValidationError[]> => {
      const { rows } = stateRef.current;
      const { columns, keys } = latest.current;
      const ruled = columns.filter((column) => column.validateRules?.length);
      const counts = new Map(ruled.filter(hasUnique).map((column) => [column.key, columnCounts(rows, column.key)]));
      const found: ValidationError[] = [];
      const pending: Promise<void>[] = [];
      rows.forEach((row, rowIndex) => {
        const rowId = idOf(row, keys.rowKey);
        for (const column of ruled) {
          const outcome = checkCell(row[column.key], column, row, rows, counts.get(column.key));
          if (outcome.message) found.push({ rowId, rowIndex, key: column.key, message: outcome.message });
          if (outcome.pending)
            pending.push(
              outcome.pending.then((message) => {
                if (message) found.push({ rowId, rowIndex, key: column.key, message });
              }),
            );
        }
      });
      await Promise.all(pending);
      const order = new Map(ruled.map((column, index) => [column.key, index]));
      found.sort((a, b) => a.rowIndex - b.rowIndex || (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
      const next: CellErrors = {};
      for (const error of found) (next[error.rowId] ??= {})[error.key] = error.message;
      setErrors(next);
      const first = found[0];
      setPinned(first ? { id: first.rowId, key: first.key } : null);
      if (first) scrollToIndex(first.rowIndex);
      return found;
    };

    const forget = (ids: string[]) =>
      setErrors((current) => {
        if (!ids.some((id) => current[id])) return current;
        const next = { ...current };
        for (const id of ids) delete next[id];
        return next;
      });

    const clear = () => {
      setErrors({});
      setPinned(null);
    };

    return { checkOne, validateAll, forget, clear };
  }, [stateRef, latest, scrollToIndex]);

  return { errors, pinned, api };
}
