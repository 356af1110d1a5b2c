import { eq, sql } from 'drizzle-orm';
import type { NoticeKind, NoticePrefs } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { sysNoticePref } from './notice-pref.table.ts';

/** A user's 新消息通知 choice; none stored means every kind is pushed. */
export async function noticePrefsOf(db: Db, userId: string): Promise<NoticePrefs> {
  const [row] = await db.select({ muted: sysNoticePref.muted }).from(sysNoticePref).where(eq(sysNoticePref.userId, userId));
  return { muted: row?.muted ?? [] };
}

export async function saveNoticePrefs(db: Db, userId: string, prefs: NoticePrefs): Promise<void> {
  const muted = [...new Set(prefs.muted)];
  await db
    .insert(sysNoticePref)
    .values({ userId, muted, updateTime: new Date() })
    .onConflictDoUpdate({ target: sysNoticePref.userId, set: { muted, updateTime: new Date() } });
}

/**
 * The users who keep this kind from being pushed: of `among` when given (a notice to some users),
 * else of everybody (a release to all, which the socket hub then skips).
 */
export async function mutedUsers(db: Db, kind: NoticeKind, among?: string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  const found = await rows<{ user_id: string }>(
    db,
    among
      ? sql`select user_id from sys_notice_pref where muted @> jsonb_build_array(${kind}::text) and user_id = any(string_to_array(${among.join(',')}, ','))`
      : sql`select user_id from sys_notice_pref where muted @> jsonb_build_array(${kind}::text)`,
  );
  return found.map((r) => r.user_id);
}

/** The users of a notice its socket push goes to: those who have not muted its kind. */
export async function pushTargets(db: Db, kind: NoticeKind, userIds: string[]): Promise<string[]> {
  const muted = new Set(await mutedUsers(db, kind, userIds));
  return muted.size ? userIds.filter((id) => !muted.has(id)) : userIds;
}
