import type { SessionUser } from '../../../platform/auth/session.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';

/**
 * Small helpers the system-data resources (dictionaries, categories, fill and check rules) share.
 * They could move to platform/ once other resources want them.
 */

/** PostgreSQL unique_violation (23505) on either driver; drizzle wraps the driver error in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** `ids=a,b,` as the JeecgBoot client sends it (trailing comma). */
export function splitIds(raw: string | undefined, message: string): string[] {
  const ids = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw new BizError(message);
  if (ids.length > 1000 || ids.some((id) => id.length > 36)) throw new BizError('所选数据过多或编号不正确', 500, 400);
  return ids;
}

const by = (user: SessionUser | null) => (user?.username ?? 'system').slice(0, 32);

export const created = (user: SessionUser | null) => ({ createBy: by(user), createTime: new Date() });
export const updated = (user: SessionUser | null) => ({ updateBy: by(user), updateTime: new Date() });

/** Dates as JeecgBoot writes them (`yyyy-MM-dd HH:mm:ss`, GMT+8). */
export function withAuditText<T extends { createTime?: Date | string | null; updateTime?: Date | string | null }>(
  row: T,
): Omit<T, 'createTime' | 'updateTime'> & { createTime: string | null; updateTime: string | null } {
  return { ...row, createTime: formatDateTime(row.createTime ?? null), updateTime: formatDateTime(row.updateTime ?? null) };
}
