import { RedisChannel } from '../redis/channel.ts';
import type { RedisLink } from '../redis/link.ts';

/** While Redis is away another process's change cannot reach this one: a value is trusted this long at most. */
export const OUTAGE_TTL_MS = 5000;

type Entry = { value: unknown; at: number };

/**
 * Small in-process caches for data every page asks for (dictionaries). A change clears the cache in this
 * process and, when Redis is configured, in every other server process too.
 *
 * Only dictionaries live here. Permissions, menus, data rules and list totals use the database-versioned
 * cache (platform/db/versioned-cache.ts): each read checks a version row in the database, so they are
 * never stale whatever happens to Redis.
 *
 * A Redis outage (issue #24): `invalidate` never waits on Redis (the message is sent in the background,
 * or kept and sent when Redis returns); while Redis is away values expire after OUTAGE_TTL_MS, since
 * other processes' invalidations cannot arrive; and when Redis returns every value is dropped, as any of
 * them may have missed an invalidation.
 */
export class CacheHub {
  private readonly values = new Map<string, Entry>();
  /** bumped by every drop, so a load that began before it does not store its (possibly old) answer */
  private generation = 0;
  private channel: RedisChannel | null = null;
  private readonly outageTtlMs: number;

  /** `prefix` (config REDIS_PREFIX) names the channel, so deployments sharing one Redis do not clear each other's caches. */
  constructor(
    private readonly link: RedisLink | null = null,
    prefix = 'sbwq',
    opts: { outageTtlMs?: number } = {},
  ) {
    this.outageTtlMs = opts.outageTtlMs ?? OUTAGE_TTL_MS;
    if (!link) return;
    // `:v2`: framed messages (platform/redis/channel.ts); during a rolling upgrade the older processes' channel is another.
    this.channel = new RedisChannel(link, `${prefix}:cache-invalidate:v2`, { maxKept: 1000 });
    this.channel.listen((name) => this.drop(name));
    link.onResync(() => this.clear());
  }

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    const entry = this.values.get(name);
    if (entry && (this.link === null || this.link.state === 'up' || Date.now() - entry.at < this.outageTtlMs)) return entry.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.values.set(name, { value, at: Date.now() });
    return value;
  }

  /** Drops `name` here at once and, in the background, in every other process. Never throws. */
  invalidate(name: string): Promise<void> {
    this.drop(name);
    this.channel?.send(name);
    return Promise.resolve();
  }

  /**
   * Drops `name` in this process only: the caller found the value stale by a check of its own (a database
   * version) that every other process makes for itself.
   */
  forget(name: string): void {
    this.drop(name);
  }

  /** Drops every value (Redis returned: any of them may have missed an invalidation). */
  clear(): void {
    this.generation++;
    this.values.clear();
  }

  close(): void {
    this.channel?.close();
  }

  private drop(name: string): void {
    this.generation++;
    this.values.delete(name);
  }
}
