import { Redis } from 'ioredis';

/**
 * Small in-process caches for data every page asks for (dictionaries). A change clears the cache in this
 * process and, when Redis is configured, in every other server process too.
 */
export class CacheHub {
  private readonly values = new Map<string, unknown>();
  private pub: Redis | null = null;
  private sub: Redis | null = null;
  private channel = 'sbwq:cache-invalidate';

  /** `prefix` (config REDIS_PREFIX) names the channel, so deployments sharing one Redis do not clear each other's caches. */
  async connect(redisUrl: string | null, prefix = 'sbwq'): Promise<void> {
    this.channel = `${prefix}:cache-invalidate`;
    if (!redisUrl) return;
    const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
    this.pub = new Redis(redisUrl, options);
    this.sub = new Redis(redisUrl, options);
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(this.channel);
    this.sub.on('message', (_channel: string, name: string) => this.values.delete(name));
  }

  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    if (this.values.has(name)) return this.values.get(name) as T;
    const value = await load();
    this.values.set(name, value);
    return value;
  }

  async invalidate(name: string): Promise<void> {
    this.values.delete(name);
    if (this.pub) await this.pub.publish(this.channel, name);
  }

  async close(): Promise<void> {
    await Promise.all([this.pub?.quit(), this.sub?.quit()].filter(Boolean));
  }
}
