import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sysLoginAttempt } from './auth.table.ts';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 10 * 60_000;
/** Failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 30 * 60_000;

export type GuardState = { needCaptcha: boolean; lockedUntil: Date | null };

const userKey = (username: string) => `u:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Failed sign-ins counted per username and per address, in the database so that every server process
 * sees the same counts. The username counter locks after 5 failures whether or not the user exists,
 * so a lock tells nothing about which usernames are real.
 */
export async function guardState(db: Db, username: string, ip: string): Promise<GuardState> {
  const found = await db
    .select()
    .from(sysLoginAttempt)
    .where(inArray(sysLoginAttempt.key, [userKey(username), ipKey(ip)]));
  const now = Date.now();
  let needCaptcha = false;
  let lockedUntil: Date | null = null;
  for (const row of found) {
    const recent = now - row.lastFailAt.getTime() < FAILURE_WINDOW_MS;
    if (recent && row.failCount >= CAPTCHA_AFTER_FAILURES) needCaptcha = true;
    if (row.key === userKey(username) && row.lockedUntil && row.lockedUntil.getTime() > now) lockedUntil = row.lockedUntil;
  }
  return { needCaptcha, lockedUntil };
}

/** Records a failure atomically (safe under parallel requests) and answers the state after it. */
export async function recordFailure(db: Db, username: string, ip: string): Promise<GuardState> {
  const windowStart = sql`${new Date(Date.now() - FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
  const lockUntil = sql`${new Date(Date.now() + LOCK_MS).toISOString()}::timestamptz`;
  for (const key of [userKey(username), ipKey(ip)]) {
    const lockable = key.startsWith('u:');
    await db
      .insert(sysLoginAttempt)
      .values({ key, failCount: 1, lastFailAt: new Date() })
      .onConflictDoUpdate({
        target: sysLoginAttempt.key,
        set: {
          failCount: sql`case when ${sysLoginAttempt.lastFailAt} < ${windowStart} or (${sysLoginAttempt.lockedUntil} is not null and ${sysLoginAttempt.lockedUntil} < now()) then 1 else ${sysLoginAttempt.failCount} + 1 end`,
          lastFailAt: new Date(),
          lockedUntil: lockable
            ? sql`case when (case when ${sysLoginAttempt.lastFailAt} < ${windowStart} or (${sysLoginAttempt.lockedUntil} is not null and ${sysLoginAttempt.lockedUntil} < now()) then 1 else ${sysLoginAttempt.failCount} + 1 end) >= ${LOCK_AFTER_FAILURES} then ${lockUntil} else null end`
            : null,
        },
      });
  }
  return guardState(db, username, ip);
}

export async function clearUserFailures(db: Db, username: string): Promise<void> {
  await db.delete(sysLoginAttempt).where(inArray(sysLoginAttempt.key, [userKey(username)]));
}
