import { asc, eq, inArray } from 'drizzle-orm';
import type { GatewayRouteAddBody, GatewayRouteEditBody, GatewayRouteRecord, GatewayUpstream, Page } from '@sbwq/contracts';
import { GATEWAY_METHODS, GatewayMsg, GatewayStatus } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { CacheHub } from '../../../platform/cache/cache.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { dataVersion } from '../../../platform/db/versioned-cache.ts';
import { sysGatewayRoute } from './gateway.table.ts';
import { DataTable, readById, withVersions } from '../../core/datalog/datalog.service.ts';

type Row = typeof sysGatewayRoute.$inferSelect;

export const gatewayWhitelist: ListResource = {
  table: sysGatewayRoute,
  fields: fieldsOf(sysGatewayRoute, {
    name: 'string',
    routerId: 'string',
    pathPrefix: 'string',
    upstream: 'string',
    status: 'number',
    sortOrder: 'number',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'sortOrder', order: 'asc' },
};

const methodsOf = (text: string): string[] => text.split(',').filter(Boolean);

export function gatewayRecord(row: Row, upstreams: GatewayUpstream[]): GatewayRouteRecord {
  return {
    ...(withDateTexts(row) as Omit<GatewayRouteRecord, 'methods' | 'upstreamUrl'> & { methods: string }),
    methods: methodsOf(row.methods),
    upstreamUrl: upstreams.find((u) => u.name === row.upstream)?.url ?? null,
  };
}

export async function listGatewayRoutes(db: Db, upstreams: GatewayUpstream[], params: ListParams): Promise<Page<GatewayRouteRecord>> {
  const page = await pageOf<Row>(db, gatewayWhitelist, params, { tieBreak: sysGatewayRoute.id });
  return { ...page, records: page.records.map((row) => gatewayRecord(row, upstreams)) };
}

export async function gatewayRouteById(db: Db, upstreams: GatewayUpstream[], id: string): Promise<GatewayRouteRecord> {
  const [row] = await db.select().from(sysGatewayRoute).where(eq(sysGatewayRoute.id, id));
  if (!row) throw new BizError(GatewayMsg.notFound);
  return gatewayRecord(row, upstreams);
}

/** The allow-list's name for what the body says (its name, or its exact URL); anything else is refused. */
export function allowedUpstream(upstreams: GatewayUpstream[], value: string): string {
  if (upstreams.length === 0) throw new BizError(GatewayMsg.noUpstreams);
  const text = value.trim().replace(/\/+$/, '');
  const found = upstreams.find((u) => u.name === text || u.url === text);
  if (!found) throw new BizError(GatewayMsg.upstreamNotAllowed);
  return found.name;
}

const values = (upstreams: GatewayUpstream[], body: GatewayRouteAddBody) => ({
  name: body.name,
  pathPrefix: body.pathPrefix,
  upstream: allowedUpstream(upstreams, body.upstream),
  methods: GATEWAY_METHODS.filter((m) => body.methods.includes(m)).join(','),
  headerName: body.headerName,
  headerValue: body.headerValue,
  stripPrefix: body.stripPrefix,
  needLogin: body.needLogin,
  permission: body.permission,
  sortOrder: body.sortOrder,
  status: body.status,
  remark: body.remark,
});

export async function addGatewayRoute(db: Db, user: SessionUser, upstreams: GatewayUpstream[], body: GatewayRouteAddBody): Promise<void> {
  const row = values(upstreams, body);
  const [taken] = await db.select({ id: sysGatewayRoute.id }).from(sysGatewayRoute).where(eq(sysGatewayRoute.routerId, body.routerId));
  if (taken) throw new BizError(GatewayMsg.routerIdTaken);
  try {
    const id = newId();
    await withVersions(db, user, DataTable.gatewayRoute, [id], readById(sysGatewayRoute), (t) =>
      t.insert(sysGatewayRoute).values({ id, routerId: body.routerId, ...row, ...created(user) }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(GatewayMsg.routerIdTaken);
    throw error;
  }
}

export async function editGatewayRoute(db: Db, user: SessionUser, upstreams: GatewayUpstream[], body: GatewayRouteEditBody): Promise<void> {
  const row = values(upstreams, body);
  const [current] = await db.select({ id: sysGatewayRoute.id }).from(sysGatewayRoute).where(eq(sysGatewayRoute.id, body.id));
  if (!current) throw new BizError(GatewayMsg.notFound);
  try {
    await withVersions(db, user, DataTable.gatewayRoute, [body.id], readById(sysGatewayRoute), (t) =>
      t
        .update(sysGatewayRoute)
        .set({ routerId: body.routerId, ...row, ...updated(user) })
        .where(eq(sysGatewayRoute.id, body.id)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(GatewayMsg.routerIdTaken);
    throw error;
  }
}

export async function deleteGatewayRoutes(db: Db, user: SessionUser, ids: string[]): Promise<void> {
  await withVersions(db, user, DataTable.gatewayRoute, ids, readById(sysGatewayRoute), async (t) => {
    const done = await t.delete(sysGatewayRoute).where(inArray(sysGatewayRoute.id, ids)).returning({ id: sysGatewayRoute.id });
    if (done.length === 0) throw new BizError(GatewayMsg.notFound);
  });
}

/** One enabled route as the gateway matches it. */
export type LiveRoute = {
  routerId: string;
  prefix: string;
  /** the allow-list's URL (origin and base path, no trailing slash) */
  target: string;
  methods: readonly string[];
  header: { name: string; value: string } | null;
  stripPrefix: boolean;
  needLogin: boolean;
  /** a code the signed-in caller must hold (only with needLogin) */
  permission: string | null;
};

type RouteTable = { version: number; checkedAt: number; routes: LiveRoute[] };

const CACHE_NAME = 'gateway-routes';

/**
 * How often a process asks the database whether the routes changed. A change made in this process applies
 * at once; one made in another process reaches this one at once over Redis (CacheHub's invalidation
 * channel), and this check is the fallback when that message was missed (no Redis, or Redis away).
 */
export const GATEWAY_RECHECK_MS = 1000;

/**
 * The enabled routes in matching order, held per process. Each table is filed under the `gateway` version
 * read before it was loaded, so a write committed during the load is seen at the next check.
 */
export class GatewayTable {
  constructor(
    private readonly db: Db,
    private readonly cache: CacheHub,
    private readonly upstreams: GatewayUpstream[],
  ) {}

  async routes(): Promise<LiveRoute[]> {
    let table = await this.cache.get(CACHE_NAME, () => this.load());
    if (Date.now() - table.checkedAt >= GATEWAY_RECHECK_MS) {
      const version = await dataVersion(this.db, 'gateway');
      table.checkedAt = Date.now();
      if (version !== table.version) {
        this.cache.forget(CACHE_NAME);
        table = await this.cache.get(CACHE_NAME, () => this.load());
      }
    }
    return table.routes;
  }

  /** After a write in this process: here at once, elsewhere over Redis. */
  changed(): Promise<void> {
    return this.cache.invalidate(CACHE_NAME);
  }

  private async load(): Promise<RouteTable> {
    const version = await dataVersion(this.db, 'gateway');
    const rows = await this.db
      .select()
      .from(sysGatewayRoute)
      .where(eq(sysGatewayRoute.status, GatewayStatus.enabled))
      .orderBy(asc(sysGatewayRoute.sortOrder), asc(sysGatewayRoute.routerId));
    const routes: LiveRoute[] = [];
    for (const row of rows) {
      // A route whose upstream left the allow-list (the environment changed) is not served.
      const target = this.upstreams.find((u) => u.name === row.upstream)?.url;
      if (!target) continue;
      routes.push({
        routerId: row.routerId,
        prefix: row.pathPrefix,
        target,
        methods: methodsOf(row.methods),
        header: row.headerName && row.headerValue !== null ? { name: row.headerName.toLowerCase(), value: row.headerValue } : null,
        stripPrefix: row.stripPrefix === 1,
        // The form refuses a code on an open route; should a row say both, the code wins (fail closed).
        needLogin: row.needLogin === 1 || row.permission !== null,
        permission: row.permission,
      });
    }
    return { version, checkedAt: Date.now(), routes };
  }
}

/** The first route (in order) whose prefix, method and header all match the request. */
export function matchRoute(
  routes: readonly LiveRoute[],
  path: string,
  method: string,
  headers: Record<string, string | string[] | undefined>,
): LiveRoute | null {
  for (const route of routes) {
    if (path !== route.prefix && !path.startsWith(`${route.prefix}/`)) continue;
    // A HEAD is the GET without its body: a route open to GET answers it too.
    if (route.methods.length > 0 && !route.methods.includes(method) && !(method === 'HEAD' && route.methods.includes('GET'))) continue;
    if (route.header) {
      const sent = headers[route.header.name];
      if ((Array.isArray(sent) ? sent[0] : sent) !== route.header.value) continue;
    }
    return route;
  }
  return null;
}

/** Where a matched request goes: the upstream's base path, then the path (without the prefix when stripped). */
export function targetUrl(route: LiveRoute, path: string): string {
  const rest = route.stripPrefix ? path.slice(route.prefix.length) : path;
  return `${route.target}${rest.startsWith('/') ? rest : `/${rest}`}`;
}
