import { RedisChannel } from '../redis/channel.ts';

/**
 * Small in-process caches for data every page asks for (dictionaries). A change clears the cache in this
 * process and, when Redis is configured, in every other server process too.
 */
export class CacheHub {
  private readonly values = new Map<string, unknown>();
  private redis: RedisChannel | null = null;

  /** `prefix` (config REDIS_PREFIX) names the channel, so deployments sharing one Redis do not clear each other's caches. */
  async connect(redisUrl: string | null, prefix = 'sbwq'): Promise<void> {
    if (!redisUrl) return;
    this.redis = new RedisChannel(redisUrl, `${prefix}:cache-invalidate`);
    await this.redis.listen((name) => this.values.delete(name));
  }

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    if (this.values.has(name)) return this.values.get(name) as T;
    const value = await load();
    this.values.set(name, value);
    return value;
  }

  async invalidate(name: string): Promise<void> {
    this.values.delete(name);
    await this.redis?.publish(name);
  }

  async close(): Promise<void> {
    await this.redis?.close();
  }
}
