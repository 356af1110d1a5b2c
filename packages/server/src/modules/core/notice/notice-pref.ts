import { eq, sql } from 'drizzle-orm';
import type { NoticeChannel, NoticeKind, NoticePrefs } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { sysNoticePref } from './notice-pref.table.ts';

/** A user's 新消息通知 choice; none stored means every kind is pushed, and by the bell only. */
export async function noticePrefsOf(db: Db, userId: string): Promise<Required<NoticePrefs>> {
  const [row] = await db.select({ muted: sysNoticePref.muted, channels: sysNoticePref.channels }).from(sysNoticePref).where(eq(sysNoticePref.userId, userId));
  return { muted: row?.muted ?? [], channels: row?.channels ?? [] };
}

export async function saveNoticePrefs(db: Db, userId: string, prefs: NoticePrefs): Promise<void> {
  const muted = [...new Set(prefs.muted)];
  const channels = prefs.channels ? [...new Set(prefs.channels)] : undefined;
  await db
    .insert(sysNoticePref)
    .values({ userId, muted, channels: channels ?? [], updateTime: new Date() })
    .onConflictDoUpdate({ target: sysNoticePref.userId, set: { muted, ...(channels ? { channels } : {}), updateTime: new Date() } });
}

export type ChannelTarget = { userId: string; realname: string; channels: NoticeChannel[] };

/** Of these users, those who chose channels besides the bell and have not muted this kind, with their choice. */
export async function channelTargets(db: Db, kind: NoticeKind, userIds: string[]): Promise<ChannelTarget[]> {
  if (!userIds.length) return [];
  const found = await rows<{ user_id: string; realname: string | null; username: string; channels: NoticeChannel[] }>(
    db,
    sql`select p.user_id, u.realname, u.username, p.channels from sys_notice_pref p join sys_user u on u.id = p.user_id and u.del_flag = 0
         where p.user_id = any(string_to_array(${userIds.join(',')}, ',')) and jsonb_array_length(p.channels) > 0
           and not p.muted @> jsonb_build_array(${kind}::text)
         order by p.user_id`,
  );
  return found.map((r) => ({ userId: r.user_id, realname: r.realname?.trim() || r.username, channels: r.channels }));
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
