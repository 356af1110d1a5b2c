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

type Waiter = { since: number };

/**
 * How long a first statement may be overtaken: one that has waited this long goes before the
 * continuations. Under normal load every wait is far shorter and continuations always go first; when the
 * machine is overloaded and waits grow, new requests are not starved into the pool's connect timeout (a 503).
 */
const HEAD_START_MS = 1_000;

/**
 * pg-pool's queue of waiters, in two lines: continuations and first statements, each in arrival order.
 * pg-pool uses only what is here: push, shift, length, and findIndex + splice(i, 1) to drop a waiter whose
 * connect timeout fired (the index counts the continuations first).
 */
class ContinuationsFirst {
  private continuations: Waiter[] = [];
  private firsts: Waiter[] = [];

  get length(): number {
    return this.continuations.length + this.firsts.length;
  }

  push(waiter: Waiter): number {
    waiter.since = performance.now();
    if (scopes.getStore()?.queried) this.continuations.push(waiter);
    else this.firsts.push(waiter);
    return this.length;
  }

  shift(): Waiter | undefined {
    const first = this.firsts[0];
    if (first && (this.continuations.length === 0 || performance.now() - first.since >= HEAD_START_MS)) return this.firsts.shift();
    return this.continuations.shift();
  }

  findIndex(predicate: (waiter: Waiter) => boolean): number {
    const at = this.continuations.findIndex(predicate);
    if (at >= 0) return at;
    const inFirsts = this.firsts.findIndex(predicate);
    return inFirsts < 0 ? -1 : this.continuations.length + inFirsts;
  }

  splice(at: number, count: number): Waiter[] {
    if (count !== 1) throw new Error('the waiter queue removes one waiter at a time');
    return at < this.continuations.length ? this.continuations.splice(at, 1) : this.firsts.splice(at - this.continuations.length, 1);
  }
}

/** Makes `pool` serve a started request's statements before the first statement of a new one. */
export function continuationsFirst(pool: pg.Pool): void {
  const internal = pool as unknown as { _pendingQueue: unknown; connect: (...args: unknown[]) => unknown };
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
