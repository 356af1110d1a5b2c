import { PopupMsg } from '@sbwq/contracts';

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Spec §5 Popup config: code, orgFields and destFields are required and name as many fields each. Null: fine. */
export function popupConfigError(props: { code?: string; orgFields?: string; destFields?: string }): string | null {
  if (!props.code || list(props.orgFields).length === 0 || list(props.destFields).length === 0) return PopupMsg.misconfigured;
  if (list(props.orgFields).length !== list(props.destFields).length) return PopupMsg.countMismatch;
  return null;
}

/** Spec §5: at least one row, and only one when not multi. Null: fine. */
export function popupSelectionError(count: number, multi: boolean): string | null {
  return count === 0 || (!multi && count > 1) ? PopupMsg.selectOne : null;
}

/**
 * What OK writes into the form: each destination field gets its origin field's values, comma-joined
 * over the chosen rows (JPopup `orgFields` → `destFields`).
 */
export function popupValues(rows: Record<string, unknown>[], orgFields: string, destFields: string): Record<string, string> {
  const from = list(orgFields);
  const to = list(destFields);
  return Object.fromEntries(
    to.map((dest, i) => [dest, rows.map((r) => (r[from[i]] === null || r[from[i]] === undefined ? '' : String(r[from[i]]))).join(',')]),
  );
}
