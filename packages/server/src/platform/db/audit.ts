import type { SessionUser } from '../auth/session.ts';

/** Who wrote a row, as JeecgBoot records it: the username (at most 32 characters), or `system` for the seed. */
export const by = (user: SessionUser | null) => (user?.username ?? 'system').slice(0, 32);

/** The create_by / create_time columns of a new row. */
export const created = (user: SessionUser | null) => ({ createBy: by(user), createTime: new Date() });
/** The update_by / update_time columns of a changed row. */
export const updated = (user: SessionUser | null) => ({ updateBy: by(user), updateTime: new Date() });
