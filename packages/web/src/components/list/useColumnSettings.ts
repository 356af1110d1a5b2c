import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../platform/session.ts';
import { local } from '../../platform/storage.ts';
import type { ListColumn } from './types.ts';

/**
 * What 列设置 keeps: the column order, the hidden ones and the ones hidden by default that the user
 * chose to show, by column id.
 */
export type ColumnSettings = { order: string[]; hidden: string[]; shown?: string[] };

/** Whether a column is in the table: not hidden by the user, and not hidden by default unless the user showed it. */
export function isColumnShown(id: string, defaultHidden: boolean | undefined, settings: ColumnSettings | null): boolean {
  if (settings?.hidden.includes(id)) return false;
  return !defaultHidden || Boolean(settings?.shown?.includes(id));
}

/** A column's id for the settings: its key, else its dataIndex, else its title. */
export function columnId<T>(column: ListColumn<T>, index: number): string {
  if (column.key !== undefined) return String(column.key);
  if (typeof column.dataIndex === 'string') return column.dataIndex;
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  return typeof column.title === 'string' ? column.title : `#${index}`;
}

/** Storage key of one user's settings of one list (a colleague on the same browser keeps his own). */
export const columnSettingsKey = (userId: string, listKey: string) => `LIST_COLUMNS:${userId}:${listKey}`;

/**
 * The columns in the user's order without the hidden ones; columns added since the settings were saved
 * come last, shown unless hidden by default.
 */
export function arrangeColumns<T>(columns: ListColumn<T>[], settings: ColumnSettings | null): ListColumn<T>[] {
  const withId = columns.map((column, index) => ({ column, id: columnId(column, index) }));
  if (!settings) return withId.filter(({ column, id }) => isColumnShown(id, column.defaultHidden, null)).map(({ column }) => column);
  const rank = (id: string) => {
    const at = settings.order.indexOf(id);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  return withId
    .filter(({ column, id }) => isColumnShown(id, column.defaultHidden, settings))
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map(({ column }) => column);
}

/** 列设置 of a list, kept per user in local storage without expiry. */
export function useColumnSettings(listKey: string) {
  const userId = useSession((state) => state.userInfo?.id ?? state.username ?? 'anonymous');
  const storageKey = columnSettingsKey(userId, listKey);
  const [stored, setStored] = useState<{ key: string; settings: ColumnSettings | null }>(() => ({
    key: storageKey,
    settings: local.get<ColumnSettings>(storageKey),
  }));
  // another user or list on the same component instance reads its own settings
  const settings = stored.key === storageKey ? stored.settings : local.get<ColumnSettings>(storageKey);

  const save = useCallback(
    (next: ColumnSettings | null) => {
      if (next) local.set(storageKey, next, null);
      else local.remove(storageKey);
      setStored({ key: storageKey, settings: next });
    },
    [storageKey],
  );
  return useMemo(() => ({ settings, save }), [settings, save]);
}
