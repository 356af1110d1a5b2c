import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.ts';
import { manyUnderVersion } from './versioned-cache.ts';

/** What the server writes as the author of what it does by itself (notices of a flow, demo rows). */
const SYSTEM_ACCOUNT = 'system';
const SYSTEM_NAME = '系统';

/**
 * A person's name for each account name (create_by, sender) of a page of rows, for lists that show who
 * did something: people read names, not logins. An account without a user (deleted since) keeps its
 * account name; the server's own account reads 系统. One query for the whole page.
 */
export async function realnamesOf(db: Db, usernames: readonly (string | null | undefined)[]): Promise<(username: string | null | undefined) => string | null> {
  const wanted = [...new Set(usernames.filter((name): name is string => Boolean(name)))];
  // remembered per version of the user tables: a rename shows in the next request
  const names = await manyUnderVersion<string | null>(db, 'sys_user', 'realname', wanted, null, async (missing) => {
    const found = await rows<{ username: string; realname: string | null }>(
      db,
      sql`select username, realname from sys_user where username in (${sql.join(
        missing.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
    return new Map(found.map((user) => [user.username, user.realname || user.username]));
  });
  return (username) => personName(username, names.get(username ?? ''));
}

/** The name shown for an account whose user's realname was read with the rows (null: no such user). */
export function personName(username: string | null | undefined, realname: string | null | undefined): string | null {
  if (!username) return null;
  return realname || (username === SYSTEM_ACCOUNT ? SYSTEM_NAME : username);
}
