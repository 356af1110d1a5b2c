import type { DictItemRecord } from '@sbwq/contracts';
import type { Row } from '../../../components/editable-table/types.ts';
import type { DictItemBody } from './dict.api.ts';

/** The fields the table edits; a row whose fields all match the loaded item is not sent. */
const EDITED = ['itemText', 'itemValue', 'description', 'sortOrder', 'status'] as const;

export type DictItemChanges = { deletes: string[]; edits: DictItemBody[]; adds: DictItemBody[] };

const bodyOf = (row: Row, dictId: string): DictItemBody => ({
  dictId,
  itemText: String(row.itemText ?? ''),
  itemValue: String(row.itemValue ?? ''),
  description: row.description ? String(row.description) : undefined,
  sortOrder: typeof row.sortOrder === 'number' ? row.sortOrder : null,
  status: row.status === 0 || row.status === '0' ? 0 : 1,
});

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

/**
 * What saving the table sends: the removed items, the loaded items whose text, value, description,
 * order or status changed, and the new rows (spec §4: they carry no id).
 */
export function dictItemChanges(loaded: readonly DictItemRecord[], values: readonly Row[], deleteIds: readonly string[], dictId: string): DictItemChanges {
  const byId = new Map(loaded.map((item) => [item.id, item]));
  const edits: DictItemBody[] = [];
  const adds: DictItemBody[] = [];
  for (const row of values) {
    const id = typeof row.id === 'string' ? row.id : undefined;
    const before = id ? byId.get(id) : undefined;
    if (!id || !before) {
      adds.push(bodyOf(row, dictId));
      continue;
    }
    const body = bodyOf(row, dictId);
    if (EDITED.some((field) => !same(before[field], body[field]))) edits.push({ ...body, id });
  }
  return { deletes: [...deleteIds], edits, adds };
}
