import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisLink } from './link.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** The shape both stores of @fastify/rate-limit share (its `store/*.js`, which ship without types). */
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
};

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/** After a failed Redis call the next ones skip Redis this long, so a hanging Redis costs one timeout, not one per request. */
const COOL_DOWN_MS = 5000;

/**
 * A rate-limit store that counts in Redis (shared by every process) while Redis is up and falls back to
 * counting in this process while it is not (issue #24: sign-in and the captcha keep working). The switch
 * is immediate: with Redis known to be down no call is tried; a call that fails (the link's 1 s command
 * timeout at most) is answered from the local count and Redis is skipped for COOL_DOWN_MS. The link logs
 * the outage once. Counts made during an outage stay in this process (a limit per process, not per
 * deployment, until Redis is back).
 */
export function fallbackRateLimitStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    constructor(
      private readonly remote: Store,
      private readonly local: Store,
      private readonly breaker: { skipUntil: number },
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.pick('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.pick('read', key, cb, timeWindow, max);
    }

    child(routeOptions: unknown): Store {
      return new FallbackStore(this.remote.child(routeOptions), this.local.child(routeOptions), this.breaker);
    }

    private pick(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      if (link.state !== 'up' || Date.now() < this.breaker.skipUntil) return local();
      this.remote[method]!(
        key,
        (error, result) => {
          if (!error) return cb(null, result);
          this.breaker.skipUntil = Date.now() + COOL_DOWN_MS;
          link.failed(error);
          local();
        },
        timeWindow,
        max,
      );
    }
  }

  return class {
    // The plugin constructs the store with its global parameters.
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, link.cmd, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
        { skipUntil: 0 },
      ) as unknown as FastifyRateLimitStore;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
