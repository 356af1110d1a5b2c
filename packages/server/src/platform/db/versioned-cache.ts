import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { sysListVersion } from './data-version.table.ts';
import { versionAtStart } from './request-scope.ts';

export type DataGroup = 'sys_user' | 'access' | 'rights_batch' | 'rights_org';

// Answers are small (a flag, a count, a user's menu rows); a few hundred signed-in users each keep a few
// dozen (one per permission code they use), which 2,000 entries could not hold without evicting each other.
const MAX_ENTRIES = 20_000;

type Entry = { version: number; value: unknown };

/** Kept per database handle: tests open several in one process. */
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * The group's version: in a read-only request the one its session lookup read (no statement of its own,
 * see request-scope.ts), else read now.
 */
export async function dataVersion(db: Db, group: DataGroup): Promise<number> {
  const atStart = versionAtStart(group);
  if (atStart !== undefined) return atStart;
  const [row] = await db.select({ version: sysListVersion.version }).from(sysListVersion).where(eq(sysListVersion.name, group));
  if (!row) throw new Error(`sys_list_version has no row ${group}`);
  return row.version;
}

/**
 * An answer derived from a group of tables, computed once per version of the group. `version` must
 * be read before `compute` runs: a write committed in between gives a newer version, so an entry filed
 * under the older one is never served again. Every server process and every connection sees the same
 * version row, so nothing stale survives a write made elsewhere. Values are shared: never mutate one.
 */
export async function underVersion<T>(db: Db, key: string, version: number, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const entry = cache.get(key);
  if (entry && entry.version === version) {
    // Re-inserting keeps the map in least-recently-used order.
    cache.delete(key);
    cache.set(key, entry);
    return entry.value as T;
  }
  const value = await compute();
  cache.delete(key);
  cache.set(key, { version, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
