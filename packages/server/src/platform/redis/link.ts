import type { Redis, RedisOptions } from 'ioredis';
import { lazyModule } from '../lazy-module.ts';

/** ioredis (some 2 MB of heap) is loaded by a server that has REDIS_URL, when it connects. */
export const redisClient = lazyModule<typeof import('ioredis')>('ioredis');

/** What /ready reports: `not-configured` when REDIS_URL is empty. */
export type RedisState = 'up' | 'down' | 'not-configured';

/** The two calls the link makes on a logger (Fastify's `app.log` fits). */
export type LinkLog = { warn: (obj: object, msg: string) => void; info: (msg: string) => void };

/** Reconnect at most a second after Redis is back, so every process resubscribes at about the same time. */
const retryStrategy = (times: number) => Math.min(times * 100, 1000);

/**
 * This process's connection to Redis (issue #24: an outage degrades, it does not fail). Redis carries
 * only what can be rebuilt: rate-limit counters, cache-invalidation messages and socket fan-out.
 *
 * - `cmd` runs commands and publishes. It never queues while Redis is away (`enableOfflineQueue: false`)
 *   and gives up on a reply after a second (`commandTimeout`), so a request path that touches Redis fails
 *   over at once instead of waiting.
 * - a second connection subscribes to every channel; it resubscribes itself on each reconnect.
 * - The server starts whether or not Redis answers and connects whenever it comes up.
 * - Loss is logged once per outage (a warning) and the return once (info). On each return, after the
 *   channels are subscribed again, the `onResync` callbacks run (caches that may have missed an
 *   invalidation are dropped) and then the `onUp` callbacks (channels flush what they kept meanwhile).
 */
export class RedisLink {
  readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly listeners = new Map<string, (text: string) => void>();
  private readonly resyncs: (() => void)[] = [];
  private readonly ups: (() => void)[] = [];
  private subscribed = false;
  private isUp = false;
  /** an outage already logged (also true before the first connection, so a start without Redis logs once) */
  private warned = false;
  private lastFailureLog = 0;
  private closed = false;

  constructor(
    url: string,
    private readonly log: LinkLog,
  ) {
    const common: RedisOptions = { lazyConnect: true, retryStrategy, connectTimeout: 2000 };
    // socketTimeout: a Redis that hangs (stopped process, lost packets) drops this connection after a
    // pending command waited 1.5 s, so it counts as down until it answers again.
    const { Redis } = redisClient();
    this.cmd = new Redis(url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 1000, socketTimeout: 1500 });
    this.sub = new Redis(url, { ...common, autoResubscribe: false, maxRetriesPerRequest: null });
    for (const connection of [this.cmd, this.sub]) {
      // Without a listener ioredis reports every failed reconnect as an unhandled error.
      connection.on('error', (error: unknown) => this.lost(error));
      connection.on('close', () => this.lost(null));
    }
    this.cmd.on('ready', () => this.checkUp());
    this.sub.on('ready', () => void this.subscribeAll());
    this.sub.on('message', (channel: string, text: string) => this.listeners.get(channel)?.(text));
  }

  get state(): Exclude<RedisState, 'not-configured'> {
    return this.isUp ? 'up' : 'down';
  }

  /** Messages published on `channel` by any process (this one included) go to `onMessage`. Call before `start`. */
  listen(channel: string, onMessage: (text: string) => void): void {
    this.listeners.set(channel, onMessage);
  }

  /** Runs on every return of Redis, after resubscribing: drop what may have missed an invalidation. */
  onResync(fn: () => void): void {
    this.resyncs.push(fn);
  }

  /** Runs on every return of Redis, after the resyncs: send what was kept while it was away. */
  onUp(fn: () => void): void {
    this.ups.push(fn);
  }

  /**
   * Starts connecting and waits at most `waitMs` for Redis: with Redis up, the channels are subscribed
   * before the server takes requests; with Redis down, the server starts anyway and connects later.
   */
  async start(waitMs = 1500): Promise<void> {
    // connect() rejects when the first attempt fails; ioredis keeps retrying (retryStrategy) regardless.
    this.cmd.connect().catch(() => undefined);
    this.sub.connect().catch(() => undefined);
    const deadline = Date.now() + waitMs;
    while (!this.isUp && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    if (!this.isUp) this.lost(new Error(`Redis did not answer within ${waitMs} ms`));
  }

  /**
   * A failed Redis call on a request path, never thrown at the request: logged once per outage, and
   * while the connection still counts as up (a timed-out reply) at most once a minute.
   */
  failed(error: unknown): void {
    if (this.isUp ? Date.now() - this.lastFailureLog < 60_000 : this.warned) return;
    if (this.isUp) this.lastFailureLog = Date.now();
    else this.warned = true;
    this.log.warn({ err: error }, 'Redis 调用失败：限流改为本进程计数，缓存失效与推送消息在 Redis 恢复后补发');
  }

  /** Ends both connections at once (no QUIT: a Redis that hangs must not hold up the shutdown). */
  close(): Promise<void> {
    this.closed = true;
    this.cmd.disconnect();
    this.sub.disconnect();
    return Promise.resolve();
  }

  private lost(error: unknown): void {
    if (this.closed) return;
    if (this.sub.status !== 'ready') this.subscribed = false;
    const wasUp = this.isUp;
    this.isUp = false;
    if (wasUp || (error && !this.warned)) {
      if (!this.warned) {
        this.warned = true;
        this.log.warn({ err: error ?? undefined }, 'Redis 连接断开：限流改为本进程计数，本进程缓存在恢复前短时过期，缓存失效与推送消息在恢复后补发');
      }
    }
  }

  private async subscribeAll(): Promise<void> {
    try {
      if (this.listeners.size > 0) await this.sub.subscribe(...this.listeners.keys());
      this.subscribed = true;
      this.checkUp();
    } catch (error) {
      this.lost(error);
    }
  }

  private checkUp(): void {
    if (this.isUp || this.closed || !this.subscribed || this.cmd.status !== 'ready' || this.sub.status !== 'ready') return;
    this.isUp = true;
    if (this.warned) this.log.info('Redis 已恢复：限流回到 Redis 计数，已清空可能错过失效消息的缓存并补发保留的消息');
    this.warned = false;
    for (const fn of this.resyncs) fn();
    for (const fn of this.ups) fn();
  }
}
