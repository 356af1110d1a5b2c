const CHINA_OFFSET_MS = 8 * 3600_000;

/** JeecgBoot writes every date as `yyyy-MM-dd HH:mm:ss` in GMT+8 (JEECG-API §0). */
export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const iso = new Date(d.getTime() + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
