import { Redis } from 'ioredis';

/**
 * One Redis channel between server processes: a connection that publishes and one that listens. Both
 * exist from construction on, so `close` ends them even when connecting failed.
 */
export class RedisChannel {
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(
    redisUrl: string,
    readonly name: string,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
    this.pub = new Redis(redisUrl, options);
    this.sub = new Redis(redisUrl, options);
  }

  /** Connects both and hands every message on the channel to `onMessage`. */
  async listen(onMessage: (text: string) => void): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(this.name);
    this.sub.on('message', (_channel: string, text: string) => onMessage(text));
  }

  async publish(text: string): Promise<void> {
    await this.pub.publish(this.name, text);
  }

  async close(): Promise<void> {
    await Promise.all([this.pub.quit(), this.sub.quit()]);
  }
}
