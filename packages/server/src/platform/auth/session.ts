import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { fixedRows, type Db, type FixedStatement } from '../db/client.ts';
import { noteVersions } from '../db/request-scope.ts';
import { sysSession } from './session.table.ts';

export type SessionUser = {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  tokenHash: string;
  /** The `access` data group's version when the session was read: keys remembered permission answers. */
  accessVersion: number;
  /** a password too weak for §5 was accepted once (issue 40): nothing but 修改密码 until it changes */
  passwordMustChange?: boolean;
};

export type SessionPolicy = { idleMinutes: number; maxDays: number };

// Writing last_seen on every request would turn each read into a write; a minute's precision is plenty.
const TOUCH_AFTER_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, policy: SessionPolicy, userId: string, client: { ip: string; userAgent: string | null }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sysSession).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.maxDays * 86_400_000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

type SessionRow = {
  user_id: string;
  username: string;
  realname: string;
  org_code: string | null;
  password_must_change: number;
  last_seen_at: Date | string;
  /** every data group's version (sys_list_version), read with the session: a read request needs no other read of them */
  versions: Record<string, number | string>;
};

/** Asked on every request (a revoked or frozen session stops at the next one), so prepared once per connection. */
const SESSION_LOOKUP: FixedStatement = {
  name: 'sbwq_session_lookup',
  text: `select s.user_id, s.last_seen_at, u.username, u.realname, u.org_code, u.password_must_change,
                (select json_object_agg(v.name, v.version) from sys_list_version v) as versions
           from sys_session s join sys_user u on u.id = s.user_id
          where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
            and s.last_seen_at > now() - make_interval(mins => $2)
            and u.status = 1 and u.del_flag = 0`,
};

/** The signed-in user behind a token, or null when the token is unknown, revoked, idle or expired. */
export async function resolveSession(db: Db, policy: SessionPolicy, token: string): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const found = await fixedRows<SessionRow>(db, SESSION_LOOKUP, [tokenHash, policy.idleMinutes]);
  const row = found[0];
  if (!row) return null;
  const versions = Object.fromEntries(Object.entries(row.versions).map(([group, version]) => [group, Number(version)]));
  noteVersions(versions);
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    await db.update(sysSession).set({ lastSeenAt: new Date() }).where(eq(sysSession.tokenHash, tokenHash));
  }
  return {
    id: row.user_id,
    username: row.username,
    realname: row.realname,
    orgCode: row.org_code,
    tokenHash,
    accessVersion: versions.access!,
    ...(row.password_must_change ? { passwordMustChange: true } : {}),
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.revokedAt)));
}

export async function revokeOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.userId, userId), ne(sysSession.tokenHash, keepTokenHash), isNull(sysSession.revokedAt)));
}
