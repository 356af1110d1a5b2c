import { describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { actionMethod, actionUrl, agencyQueries, batchStatsQueries, dashboardQueries, poolQueries, visitQueries } from '@sbwq/contracts';
import { createTestApp } from '../../test/harness.ts';
import { SPECIAL_ROUTES } from './route-kinds.ts';

type Config = { kind?: unknown; special?: unknown };

/** `GET /sys/user/list`: each method of a route, under the API base, HEAD left out (Fastify adds it to every GET). */
export function routeKeys(route: RouteOptions, apiBase: string): string[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const path = apiBase && route.url.startsWith(`${apiBase}/`) ? route.url.slice(apiBase.length) : route.url;
  return methods.map((method) => `${method} ${path}`);
}

export const isClassified = (route: RouteOptions) => {
  const config = (route.config ?? {}) as Config;
  return config.kind === 'resource' || config.kind === 'flow' || (typeof config.special === 'string' && config.special in SPECIAL_ROUTES);
};

/** A 200 reply, or the 101 of a WebSocket upgrade. */
export const hasReplySchema = (route: RouteOptions) => {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  return Boolean(response[200] ?? response['2xx'] ?? ((route.config as Config | undefined)?.special === 'sockets' ? response[101] : undefined));
};

describe('every route is a resource route, a flow action or one of the documented special routes', async () => {
  const t = await createTestApp();
  const routes = t.routes.flatMap((route) => routeKeys(route, t.config.apiBase).map((key) => ({ key, route })));

  it('no route is none of these (a hand-written route must say why: config.special)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter(({ route }) => !isClassified(route)).map(({ key }) => key)).toEqual([]);
  });

  it('every classified route declares its reply (200, or 101 for a socket)', () => {
    expect(routes.filter(({ route }) => !hasReplySchema(route)).map(({ key }) => key)).toEqual([]);
  });

  it('issue 37: every statistic is a query declared in contracts (a flow route with its declared access), none a hand-written special route', () => {
    const queries = [dashboardQueries, poolQueries, agencyQueries, batchStatsQueries, visitQueries];
    const declared = queries.flatMap((flow) => Object.values(flow.actions).map((action) => ({ flow, action })));
    expect(declared.length).toBe(14);
    for (const { flow, action } of declared) {
      const key = `${actionMethod(action)} ${actionUrl(flow, action)}`;
      const config = routes.find((r) => r.key === key)?.route.config as (Config & { permission?: unknown; signedIn?: unknown }) | undefined;
      expect({ key, kind: config?.kind, permission: config?.permission, signedIn: config?.signedIn }).toEqual({
        key,
        kind: 'flow',
        permission: action.permission,
        signedIn: action.signedIn,
      });
    }
    expect(Object.keys(SPECIAL_ROUTES)).not.toContain('statistics');
  });

  it('the special routes are the documented ones: login, sockets, files, docs and the web config', () => {
    const special = (key: string) => ((routes.find((r) => r.key === key)?.route.config ?? {}) as Config).special;
    expect(special('POST /sys/login')).toBe('auth');
    expect(special('GET /websocket/:userId')).toBe('sockets');
    expect(special('POST /sys/common/upload')).toBe('files');
    expect(special('GET /app-config.js')).toBe('web');
  });
});
