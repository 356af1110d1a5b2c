import { dictItemCellError, type DictItemRecord, type DictItemTableBody } from '@sbwq/contracts';
import type { Row, ValidateRule } from '../../../components/editable-table/types.ts';

/** A cell's rule from the contracts' row schema, so that the grid refuses what the server would. */
export const contractRule = (key: 'itemText' | 'itemValue' | 'description'): ValidateRule => ({ handler: (value) => dictItemCellError(key, value) });

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * 表格编辑 as the one table save takes it (spec §4): every row in its order (its 排序 is its place), a
 * loaded row with its id, a new row without, and the ids removed.
 */
export function dictItemTableBody(values: readonly Row[], deleteIds: readonly string[], dictId: string): DictItemTableBody {
  return {
    dictId,
    values: values.map((row) => ({
      ...(typeof row.id === 'string' && row.id ? { id: row.id } : {}),
      itemText: textOf(row.itemText),
      itemValue: textOf(row.itemValue),
      description: textOf(row.description).trim() === '' ? null : textOf(row.description),
      status: row.status === 0 || row.status === '0' ? 0 : 1,
    })),
    deleteIds: [...deleteIds],
  };
}

const EDITED = ['itemText', 'itemValue', 'description', 'status'] as const;
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** The loaded items a save changed (their cells or their place): what another window of this user takes over. */
export function changedItemIds(loaded: readonly DictItemRecord[], body: DictItemTableBody): string[] {
  const byId = new Map(loaded.map((item) => [item.id, item]));
  return body.values.flatMap((row, index) => {
    const id = typeof row.id === 'string' ? row.id : undefined;
    const before = id ? byId.get(id) : undefined;
    if (!id || !before) return [];
    return before.sortOrder !== index + 1 || EDITED.some((field) => !same(before[field], row[field])) ? [id] : [];
  });
}
