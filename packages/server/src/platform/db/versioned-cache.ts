import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { sysListVersion } from './data-version.table.ts';
import { versionAtStart } from './request-scope.ts';

export type DataGroup = 'sys_user' | 'access' | 'rights_batch' | 'gateway' | 'rights_org' | 'fin_claim';

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
  const cache = cacheOf(db);
  const entry = recall(cache, key, version);
  if (entry) return entry.value as T;
  const value = await compute();
  remember(cache, key, version, value);
  return value;
}

/**
 * Answers for several keys of one kind (the names of a page's accounts or organisations), remembered per
 * version of their group when the request read that version at its start (a read request: request-scope.ts):
 * the remembered ones are served and the rest looked up together; a key `lookUp` does not answer is
 * remembered as `absent`. Elsewhere every key is looked up, as reading the version would cost the
 * statement it saves. Values are shared: never mutate one.
 */
export async function manyUnderVersion<T>(
  db: Db,
  group: DataGroup,
  kind: string,
  keys: readonly string[],
  absent: T,
  lookUp: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const version = versionAtStart(group);
  if (version === undefined) {
    const found = keys.length ? await lookUp([...keys]) : new Map<string, T>();
    return new Map(keys.map((key) => [key, found.has(key) ? found.get(key)! : absent]));
  }
  const cache = cacheOf(db);
  const answers = new Map<string, T>();
  const missing: string[] = [];
  for (const key of keys) {
    const entry = recall(cache, `${kind}\n${key}`, version);
    if (entry) answers.set(key, entry.value as T);
    else missing.push(key);
  }
  if (missing.length === 0) return answers;
  const found = await lookUp(missing);
  for (const key of missing) {
    const value = found.has(key) ? found.get(key)! : absent;
    remember(cache, `${kind}\n${key}`, version, value);
    answers.set(key, value);
  }
  return answers;
}

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function recall(cache: Map<string, Entry>, key: string, version: number): Entry | undefined {
  const entry = cache.get(key);
  if (!entry || entry.version !== version) return undefined;
  // Re-inserting keeps the map in least-recently-used order.
  cache.delete(key);
  cache.set(key, entry);
  return entry;
}

function remember(cache: Map<string, Entry>, key: string, version: number, value: unknown): void {
  cache.delete(key);
  cache.set(key, { version, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
