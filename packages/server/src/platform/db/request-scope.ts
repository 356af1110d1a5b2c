import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * Which HTTP request a statement belongs to, and whether that request has sent one before.
 *
 * Under load the requests wait for a pooled connection in pg-pool's queue, and in arrival order that
 * queue makes a request wait once per statement: at 200 connections each wait was ~80 ms, so a request
 * of six sequential statements took ~6 times as long as one of a single statement (the p99 of issue #24).
 * A request's second and later statements therefore go ahead of the first statements of requests not yet
 * started: a request waits in the queue about once, and what it has begun finishes quickly. The queue
 * moves no faster; the waits are shared evenly instead of by statement count. Work outside a request
 * (jobs, heartbeats) queues in arrival order as before.
 */
export type RequestScope = {
  queried: boolean;
  /** a GET (or HEAD): the request writes nothing it later reads back */
  readOnly: boolean;
  /** the data groups' versions as the session lookup read them, at the request's start */
  versions?: Readonly<Record<string, number>>;
};

const scopes = new AsyncLocalStorage<RequestScope>();

export function newRequestScope(readOnly = false): RequestScope {
  return { queried: false, readOnly };
}

/** Runs `work` (and everything it starts) as part of the request owning `scope`. */
export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The scope of the request the caller runs for, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/**
 * Every request runs in its own scope from its first hook (the session lookup is in an onRequest hook) to
 * its handler and whatever that awaits; a request body read meanwhile does not leave it (the test proves it).
 */
export function installRequestScopes(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => runInRequestScope(newRequestScope(request.method === 'GET' || request.method === 'HEAD'), done));
}

/** Notes the data groups' versions read with the session (platform/auth/session.ts) for the rest of the request. */
export function noteVersions(versions: Readonly<Record<string, number>>): void {
  const scope = scopes.getStore();
  if (scope) scope.versions = versions;
}

/**
 * A data group's version as this request read it at its start, when it may stand for the current one:
 * in a read-only request. A write request reads again after its writes, so that it sees them.
 */
export function versionAtStart(group: string): number | undefined {
  const scope = scopes.getStore();
  return scope?.readOnly ? scope.versions?.[group] : undefined;
}

type Waiter = { continuation?: boolean; since?: number };

/**
 * How long a first statement keeps its place against continuations: one that has waited this long is no
 * longer overtaken. Under normal load every wait is far shorter and continuations always go first; when the
 * machine is overloaded and waits grow, the queue falls back to arrival order instead of starving new
 * requests into the pool's connect timeout (a 503).
 */
const HEAD_START_MS = 1_000;

/** pg-pool's queue of waiters (an array it pushes to, shifts from and splices timed-out waiters out of). */
class ContinuationsFirst extends Array<Waiter> {
  static override get [Symbol.species]() {
    return Array;
  }

  override push(...waiters: Waiter[]): number {
    const scope = scopes.getStore();
    const now = performance.now();
    for (const waiter of waiters) {
      if (!scope?.queried) {
        waiter.since = now;
        super.push(waiter);
        continue;
      }
      // behind the continuations already waiting (in their order) and the first statements waiting
      // longer than the head start, ahead of every other first statement
      waiter.continuation = true;
      let at = 0;
      while (at < this.length && (this[at]!.continuation || now - (this[at]!.since ?? now) >= HEAD_START_MS)) at++;
      this.splice(at, 0, waiter);
    }
    return this.length;
  }
}

/** Makes `pool` serve a started request's statements before the first statement of a new one. */
export function continuationsFirst(pool: pg.Pool): void {
  const internal = pool as unknown as { _pendingQueue: Waiter[]; connect: (...args: unknown[]) => unknown };
  // pg-pool 3.x keeps its waiters in this array; a pool without it would silently keep arrival order
  if (!Array.isArray(internal._pendingQueue)) throw new Error('pg-pool has no _pendingQueue: statement priority cannot be installed');
  internal._pendingQueue = new ContinuationsFirst();
  const connect = internal.connect.bind(pool);
  // pool.query() checks out through this.connect(), so single statements and transactions both pass here
  internal.connect = (...args: unknown[]) => {
    const scope = scopes.getStore();
    try {
      return connect(...args);
    } finally {
      if (scope) scope.queried = true;
    }
  };
}
