import type { SessionUser } from '../../../platform/auth/session.ts';
import { formatDateTime } from '../../../platform/db/time.ts';

/** Audit columns the system-data resources (dictionaries, categories, fill and check rules) share. */

const by = (user: SessionUser | null) => (user?.username ?? 'system').slice(0, 32);

export const created = (user: SessionUser | null) => ({ createBy: by(user), createTime: new Date() });
export const updated = (user: SessionUser | null) => ({ updateBy: by(user), updateTime: new Date() });

/** Dates as JeecgBoot writes them (`yyyy-MM-dd HH:mm:ss`, GMT+8). */
export function withAuditText<T extends { createTime?: Date | string | null; updateTime?: Date | string | null }>(
  row: T,
): Omit<T, 'createTime' | 'updateTime'> & { createTime: string | null; updateTime: string | null } {
  return { ...row, createTime: formatDateTime(row.createTime ?? null), updateTime: formatDateTime(row.updateTime ?? null) };
}
