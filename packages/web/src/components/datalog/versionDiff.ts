import type { DataLogField } from '@sbwq/contracts';

export type DiffRow = { field: string; label: string; older: string; newer: string; changed: boolean };

/**
 * Two versions of one record side by side, as the server shows them (dictionary text, names, Beijing
 * time, ids and storage paths left out; issue 36): every field either holds, in the newer version's
 * order (the record's own fields first), then fields only the older has, each marked when it differs.
 */
export function versionDiff(older: readonly DataLogField[], newer: readonly DataLogField[]): DiffRow[] {
  const before = new Map(older.map((f) => [f.field, f]));
  const after = new Map(newer.map((f) => [f.field, f]));
  const fields = [...newer, ...older.filter((f) => !after.has(f.field))];
  return fields.map(({ field, label }) => {
    const a = before.get(field)?.text ?? '—';
    const b = after.get(field)?.text ?? '—';
    return { field, label, older: a, newer: b, changed: a !== b };
  });
}

/**
 * 修改字段 of a version as people read it: the changed fields the server shows, by its labels (初审人, not
 * 初审人ID — ids and storage paths are not shown in the version, so they are not listed as changed either).
 */
export function changedFieldsText(version: { op: string; fields: readonly string[]; display: readonly DataLogField[] }): string {
  if (version.op !== 'edit') return '—';
  const shown = new Map(version.display.map((f) => [f.field, f.label]));
  const labels = version.fields.flatMap((f) => (shown.has(f) ? [shown.get(f)!] : []));
  return labels.length ? labels.join('、') : '—';
}
