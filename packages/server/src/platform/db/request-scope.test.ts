import Fastify from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { continuationsFirst, currentRequestScope, installRequestScopes, newRequestScope, runInRequestScope, type RequestScope } from './request-scope.ts';

/*
 * Issue #24 (p99 at 200 connections): a request that has begun gets the next free connection before
 * requests that have not sent their first statement, so a request waits in the pool's queue about once
 * instead of once per statement; a first statement that has waited a second keeps its place.
 */

describe('every request runs in its own scope', () => {
  it('from its first hook to its handler, a request body read in between included', async () => {
    const app = Fastify();
    installRequestScopes(app);
    const seen: (RequestScope | undefined)[] = [];
    app.addHook('onRequest', async () => void seen.push(currentRequestScope()));
    app.post('/echo', async (request) => {
      seen.push(currentRequestScope());
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(currentRequestScope());
      return request.body;
    });
    // over a socket: the body arrives in the connection's events, not in the request's hooks
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (n: number) => {
      // the body's second half comes later, in an event of its own
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('{"n":'));
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.enqueue(new TextEncoder().encode(`${n}}`));
          controller.close();
        },
      });
      return fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit).then((r) =>
        r.json(),
      );
    };
    expect(await Promise.all([post(1), post(2)])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seen.every((scope) => scope !== undefined)).toBe(true);
    // two requests, each with the one scope its hooks, handler and awaits saw
    expect(new Set(seen).size).toBe(2);
    expect(currentRequestScope()).toBeUndefined();
    await app.close();
  });
});

const url = process.env.TEST_DATABASE_URL;
const enabled = process.env.TEST_DB === 'postgres' && !!url;

describe.runIf(enabled)('the pool serves started requests first (PostgreSQL)', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });

  /** One statement of `scope`'s request (or of no request), noting when it got its answer. */
  const statement = (order: string[], name: string, scope: RequestScope | null, seconds = 0) => {
    const run = () => pool!.query('select $1::text as name, pg_sleep($2)', [name, seconds]).then(() => void order.push(name));
    return scope ? runInRequestScope(scope, run) : run();
  };

  it("a request's second statement overtakes the first statements queued before it", async () => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    continuationsFirst(pool);
    const order: string[] = [];
    const started = newRequestScope();
    // the request's first statement holds the only connection
    const first = statement(order, 'started: 1st', started, 0.3);
    const waiting = [statement(order, 'new A', newRequestScope()), statement(order, 'new B', newRequestScope()), statement(order, 'job', null)];
    const second = statement(order, 'started: 2nd', started);
    await Promise.all([first, second, ...waiting]);
    expect(order).toEqual(['started: 1st', 'started: 2nd', 'new A', 'new B', 'job']);
  });

  it('a first statement that has waited a second is not overtaken any more', async () => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    continuationsFirst(pool);
    const order: string[] = [];
    const started = newRequestScope();
    const first = statement(order, 'started: 1st', started, 1.3);
    const early = statement(order, 'new, waiting long', newRequestScope());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const late = statement(order, 'new, just come', newRequestScope());
    const second = statement(order, 'started: 2nd', started);
    await Promise.all([first, early, late, second]);
    expect(order).toEqual(['started: 1st', 'new, waiting long', 'started: 2nd', 'new, just come']);
  });

  it('a waiter whose connect timeout fires leaves the queue; the others are served in their order', async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 600 });
    continuationsFirst(pool);
    // the connection is made before the clock starts: on a loaded machine making it took over the timeout
    await pool.query('select 1');
    const order: string[] = [];
    const started = newRequestScope();
    const first = statement(order, 'started: 1st', started, 0.8);
    // times out at 600 ms, while the first statement still holds the connection (until 800 ms)
    const late = statement(order, 'new, times out', newRequestScope()).catch((error: Error) => void order.push(error.message));
    // queued after the first waiter; their 600 ms run to 1100 ms, 300 ms after the connection is free again
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rest = [statement(order, 'new, in time', newRequestScope()), statement(order, 'started: 2nd', started)];
    await Promise.all([first, late, ...rest]);
    expect(order).toEqual(['timeout exceeded when trying to connect', 'started: 1st', 'started: 2nd', 'new, in time']);
  });
});
