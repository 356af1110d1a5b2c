import { fieldLabel } from '@sbwq/contracts';

export type DiffRow = { field: string; label: string; older: string; newer: string; changed: boolean };

/** A version's value as the comparison shows it: text as is, nothing as —, anything else as JSON. */
export const valueText = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Two versions of one record side by side: every field either holds, in the order the newer version
 * lists them (then fields only the older has), each marked when its value differs.
 */
export function versionDiff(table: string, older: Record<string, unknown>, newer: Record<string, unknown>): DiffRow[] {
  const fields = [...Object.keys(newer), ...Object.keys(older).filter((k) => !(k in newer))];
  return fields.map((field) => {
    const a = valueText(older[field]);
    const b = valueText(newer[field]);
    return { field, label: fieldLabel(table, field), older: a, newer: b, changed: a !== b };
  });
}
