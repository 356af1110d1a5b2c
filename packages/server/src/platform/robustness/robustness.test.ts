import { describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { Msg } from '@sbwq/contracts';
import { createTestApp, dbKind } from '../../test/harness.ts';
import { declaredAccess } from '../access/access.ts';
import { createSession, resolveSession } from '../auth/session.ts';
import {
  BAD_BODY_VALUES,
  BAD_PATH_VALUES,
  BAD_QUERY_VALUES,
  BODY_PROBES,
  HEADER_PROBES,
  QUERY_PROBES,
  baselineOf,
  createAllPermissionUser,
  takesListQuery,
  UNKNOWN_QUERY,
  hasPathParams,
  jsonSchemaOf,
  leakIn,
  methodsOf,
  queryString,
  takesBody,
  urlWith,
} from './robustness.testkit.ts';

/**
 * The route walk: every route the app registers (read from the app, so a new route is
 * walked the moment it exists) is called without a token, with a forged one and with a
 * zero-permission user's, then as the administrator with hostile inputs derived from its schemas.
 * No answer may be an unplanned 5xx, carry a stack trace or a database error, or fail to come.
 */
describe('robustness: every route, refused or answered without a 5xx or a leak', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const walked = t.routes.filter((r) => !methodsOf(r).every((m) => m === 'HEAD' || m === 'OPTIONS'));
  const failures: string[] = [];
  let sent = 0;
  let ip = 0;

  // The walker holds every permission, so no route refuses it and every probe reaches the route's own code.
  const admin = { id: await createAllPermissionUser(t, 'robust_all', 'Robust12345x') };
  const zeroId = await t.createUser({ username: 'robust_zero', password: 'Zero12345x', roleIds: [] });
  const mint = (userId: string) => createSession(db, t.deps.policy, userId, { ip: '127.0.0.1', userAgent: 'robustness' });
  const tokens = { admin: await mint(admin.id), zero: await mint(zeroId) };
  let relogins = 0;

  /** Session-ending routes (logout, password change) may revoke a token: mint a new one and go on. */
  async function keepSignedIn(who: 'admin' | 'zero') {
    if (await resolveSession(db, t.deps.policy, tokens[who])) return;
    tokens[who] = await mint(who === 'admin' ? admin.id : zeroId);
    relogins++;
  }

  async function send(label: string, options: InjectOptions): Promise<LightMyRequestResponse | null> {
    sent++;
    ip++;
    // A distinct client address per request: the login and upload rate limits count per address.
    const remoteAddress = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), 15_000);
    });
    try {
      const res = await Promise.race([t.inject({ ...options, remoteAddress }), timeout]);
      if (!res) failures.push(`${label}: no answer within 15 s`);
      return res;
    } catch (error) {
      failures.push(`${label}: the request failed (${(error as Error).message})`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  function checkAnswer(label: string, res: LightMyRequestResponse, allowTokenInvalid: boolean) {
    const type = String(res.headers['content-type'] ?? '');
    const text = /json|text|html|xml/.test(type) || type === '' ? res.body : '';
    if (res.statusCode >= 500) {
      const tokenInvalid = res.statusCode === 500 && text.includes(Msg.tokenInvalid);
      if (!(allowTokenInvalid && tokenInvalid)) failures.push(`${label}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
    }
    const leak = leakIn(text);
    if (leak) failures.push(`${label}: the answer leaks "${leak}"`);
  }

  type Probe = { what: string; query?: Record<string, unknown>; url?: string; payload?: unknown; headers?: Record<string, string>; tokenInvalidOk?: boolean };
  /** Requests in flight at once: a PostgreSQL server answers several connections; PGlite queues them. */
  const PARALLEL = 6;
  async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
    let next = 0;
    const lane = async () => {
      while (next < items.length) await work(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  }

  /**
   * The hostile probes walk the same validation, access and handler code on both engines; only the database
   * underneath differs. When the same run also walks PostgreSQL (CI sets TEST_DATABASE_URL), PGlite — about
   * twice as slow per request, its statements queued on one connection, 270 s for the whole walk — sends every
   * third probe of each route, a different third for neighbouring routes so that every kind of probe reaches
   * PGlite on many routes; the plausible input always. Alone (no PostgreSQL), PGlite walks everything.
   */
  const SHARE = dbKind === 'pglite' && process.env.TEST_DATABASE_URL ? 3 : 1;

  const kindOf = (route: RouteOptions) => declaredAccess(route.config as Record<string, unknown> | undefined)[0];

  it('walks every route the app registers, WebSocket routes included (their GET without an upgrade must not 5xx either)', () => {
    // access.test.ts checks that each declares its access; this walk relies on it.
    expect(walked.length).toBeGreaterThan(100);
    expect(walked.filter((r) => (r as { websocket?: boolean }).websocket).length).toBeGreaterThan(0);
  });

  it('without a token, with a forged token and with a zero-permission token: refused as ARCHITECTURE.md says, or (public, signedIn) answered without a 5xx', async () => {
    const before = failures.length;
    for (const route of walked) {
      const kind = kindOf(route);
      for (const method of methodsOf(route)) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const url = urlWith(route);
        const label = `${method} ${route.url}`;
        const none = await send(`${label} (no token)`, { method: method as InjectOptions['method'], url });
        const forged = await send(`${label} (forged token)`, { method: method as InjectOptions['method'], url, headers: { 'x-access-token': 'f'.repeat(43) } });
        const zero = await send(`${label} (zero-permission token)`, {
          method: method as InjectOptions['method'],
          url,
          headers: { 'x-access-token': tokens.zero },
        });
        if (kind === 'public') {
          for (const [res, what] of [
            [none, 'no token'],
            [forged, 'forged token'],
            [zero, 'zero-permission token'],
          ] as const) {
            if (res) checkAnswer(`${label} (${what})`, res, what === 'forged token');
          }
        } else {
          if (none && none.statusCode !== 401) failures.push(`${label}: no token answered ${none.statusCode}, not 401`);
          if (forged && !(forged.statusCode === 500 && forged.body.includes(Msg.tokenInvalid)))
            failures.push(`${label}: a forged token answered ${forged.statusCode}, not 500 ${Msg.tokenInvalid}`);
          if (zero) {
            if (kind === 'signedIn') checkAnswer(`${label} (zero-permission token)`, zero, false);
            else if (!(zero.statusCode === 403 && zero.json().code === 510))
              failures.push(`${label}: a zero-permission token answered ${zero.statusCode}, not 403 code 510`);
          }
        }
        await keepSignedIn('zero');
      }
    }
    expect(failures.slice(before)).toEqual([]);
  });

  for (const [routeIndex, route] of walked.entries()) {
    it(`as the administrator, ${methodsOf(route).join(',')} ${route.url} answers hostile input derived from its schema without a 5xx or a leak`, async () => {
      const before = failures.length;
      const mayEndSession = kindOf(route) === 'signedIn' || kindOf(route) === 'public';
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const querySchema = jsonSchemaOf(schema.querystring);
      const query = baselineOf(querySchema);
      const body = baselineOf(jsonSchemaOf(schema.body));
      const methods = methodsOf(route).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
      for (const [index, method] of methods.entries()) {
        const label = `${method} ${route.url}`;
        // A DELETE carries its ids in the query; only one that declares a body is sent body probes.
        const withBody = takesBody(method) && (method !== 'DELETE' || schema.body !== undefined);
        const probes: Probe[] = [{ what: 'plausible input' }];
        // A second method of one route (PUT and POST of an edit) runs the same handler: the full set once is enough.
        if (index === 0) {
          for (const field of Object.keys(query)) {
            for (const bad of BAD_QUERY_VALUES) probes.push({ what: `query ${field}=${String(bad).slice(0, 20)}`, query: { ...query, [field]: bad } });
          }
          probes.push({ what: 'query with unknown names', query: { ...query, ...UNKNOWN_QUERY } });
          if (takesListQuery(querySchema)) {
            for (const [i, probe] of QUERY_PROBES.entries()) probes.push({ what: `query probe ${i}`, query: { ...query, ...probe } });
          }
          if (hasPathParams(route)) {
            for (const bad of BAD_PATH_VALUES) probes.push({ what: `path ${bad.slice(0, 20)}`, url: urlWith(route, bad) });
          }
          // A hostile token is an invalid one: the documented Token失效 answer is the right one.
          for (const [i, headers] of HEADER_PROBES.entries()) probes.push({ what: `header probe ${i}`, headers, tokenInvalidOk: true });
          if (withBody) {
            for (const field of Object.keys(body)) {
              for (const bad of BAD_BODY_VALUES)
                probes.push({ what: `body ${field}=${JSON.stringify(bad)?.slice(0, 20)}`, payload: { ...body, [field]: bad } });
            }
            probes.push({ what: 'body with an unknown field', payload: { ...body, unknownField: 'x' } });
            for (const [i, probe] of BODY_PROBES.entries()) {
              probes.push({
                what: `body probe ${i} (${probe.contentType.slice(0, 30)})`,
                payload: probe.payload,
                headers: { 'content-type': probe.contentType },
              });
            }
          }
        }
        if (withBody) probes.push({ what: 'body without fields', payload: {} });
        const run = async (probe: Probe) => {
          const res = await send(`${label} ${probe.what}`, {
            method: method as InjectOptions['method'],
            url: `${probe.url ?? urlWith(route)}${queryString(probe.query ?? query)}`,
            headers: { 'x-access-token': tokens.admin, ...probe.headers },
            ...(probe.payload !== undefined ? { payload: probe.payload as InjectOptions['payload'] } : withBody ? { payload: body } : {}),
          });
          if (res) checkAnswer(`${label} ${probe.what}`, res, probe.tokenInvalidOk === true);
          if (res && probe.what === 'plausible input' && res.statusCode === 403)
            failures.push(`${label}: the walker is refused (403), so its probes never reach the route`);
          if (mayEndSession) await keepSignedIn('admin');
        };
        // A route that may end the session runs one probe at a time, so the next one has a valid token.
        const chosen = probes.filter((_, i) => i === 0 || (i + routeIndex) % SHARE === 0);
        await inParallel(chosen, mayEndSession ? 1 : PARALLEL, run);
      }
      expect(failures.slice(before)).toEqual([]);
    });
  }

  it('the server still answers after the walk, and says how much it sent', async () => {
    const res = await t.inject({ method: 'GET', url: t.api('/sys/randomImage/1') });
    expect(res.statusCode).toBe(200);
    // oxlint-disable-next-line no-console -- the walk's size belongs in the CI log, to see it grow with the routes
    console.info(`robustness walk: ${walked.length} routes, ${sent} requests, ${relogins} sessions renewed`);
    expect(sent).toBeGreaterThan(walked.length * 10);
  });
});
