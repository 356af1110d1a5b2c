const CHINA_OFFSET_MS = 8 * 3600_000;

/** JeecgBoot writes every date as `yyyy-MM-dd HH:mm:ss` in GMT+8 (JEECG-API §0). */
export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const iso = new Date(d.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

type Texts<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };
type AuditKey = 'createTime' | 'updateTime';

/**
 * A row with the given timestamp columns (default the audit pair) written as JeecgBoot writes dates;
 * the one way a record's dates reach an answer.
 */
export function withDateTexts<T extends Partial<Record<AuditKey, Date | string | null>>>(row: T): Texts<T, Extract<keyof T, AuditKey>>;
export function withDateTexts<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Texts<T, K>;
export function withDateTexts(row: Record<string, unknown>, keys: readonly string[] = ['createTime', 'updateTime']): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) out[k] = formatDateTime(row[k] as Date | string | null | undefined);
  return out;
}
