import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  gatewayRouteSaveBody,
  GatewayMsg,
  GatewayRoutePerm,
  GatewayStatus,
  type GatewayRouteRecord,
  type GatewayStockRoute,
  type GatewayUpstream,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { Msg } from '@sbwq/contracts';
import { sysGatewayRoute } from './gateway.table.ts';
import { addGatewayRoute, deleteGatewayRoutes, editGatewayRoute, gatewayRecord } from './gateway.service.ts';

/**
 * The stock 路由网关 screen edits every enabled route at once in a JSON editor (JeecgBoot's `list` answers
 * them as an array, `updateAll` takes `{routes: "<JSON array>"}` and replaces them). Here both go through
 * the same checks as our form: each route is our save body, upstreams only from the allow-list, and the
 * JSON is parsed as data.
 */

/** A route as the stock editor shows it: our fields, and JeecgBoot's uri / predicates / filters beside them. */
export function stockRoute(record: GatewayRouteRecord): GatewayStockRoute {
  const { createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...own } = record;
  const predicates = [{ name: 'Path', args: [`${record.pathPrefix}/**`] }];
  if (record.methods.length) predicates.push({ name: 'Method', args: record.methods });
  if (record.headerName && record.headerValue !== null) predicates.push({ name: 'Header', args: [record.headerName, record.headerValue] });
  return { ...own, uri: record.upstreamUrl ?? record.upstream, predicates, filters: [] };
}

export async function stockRoutes(db: Db, upstreams: GatewayUpstream[]): Promise<GatewayStockRoute[]> {
  const rows = await db.select().from(sysGatewayRoute).where(eq(sysGatewayRoute.status, GatewayStatus.enabled));
  return rows
    .map((row) => gatewayRecord(row, upstreams))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.routerId.localeCompare(b.routerId))
    .map(stockRoute);
}

const predicateList = z.array(z.object({ name: z.string(), args: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional() }).loose());

/** The text arguments of the first predicate named `name` (Spring writes them as a list or as `_genkey_n` keys). */
function argsOf(predicates: unknown, name: string): string[] | undefined {
  const parsed = predicateList.safeParse(predicates);
  if (!parsed.success) return undefined;
  const found = parsed.data.find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!found?.args) return undefined;
  const values = Array.isArray(found.args) ? found.args : Object.values(found.args);
  return values.filter((v): v is string => typeof v === 'string');
}

/** One element of the editor's array as our save body: our fields first, else what the stock keys say. */
function bodyOf(element: Record<string, unknown>, routerIds: Map<string, string>) {
  const path = argsOf(element.predicates, 'Path')?.[0]?.replace(/\/\*\*$/, '');
  const header = argsOf(element.predicates, 'Header');
  const id = typeof element.id === 'string' && routerIds.has(element.id) ? element.id : undefined;
  return {
    ...(id ? { id } : {}),
    routerId: element.routerId ?? (id ? routerIds.get(id) : element.id),
    name: element.name,
    pathPrefix: element.pathPrefix ?? path,
    upstream: element.upstream ?? element.uri,
    methods: element.methods ?? argsOf(element.predicates, 'Method'),
    headerName: element.headerName !== undefined ? element.headerName : (header?.[0] ?? null),
    headerValue: element.headerValue !== undefined ? element.headerValue : (header?.[1] ?? null),
    stripPrefix: element.stripPrefix,
    needLogin: element.needLogin,
    permission: element.permission,
    sortOrder: element.sortOrder,
    status: element.status,
    remark: element.remark,
  };
}

/**
 * updateAll `{routes}`: the enabled routes become the array — an element whose id is a route's edits it,
 * one without adds a route, an enabled route left out is deleted (disabled ones are kept, as JeecgBoot
 * replaced only `status = 1`). One transaction: a refused element changes nothing.
 */
export async function replaceStockRoutes(db: Db, user: SessionUser, upstreams: GatewayUpstream[], text: string): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BizError(GatewayMsg.stockRoutesJson);
  }
  if (!Array.isArray(parsed) || parsed.some((e) => e === null || typeof e !== 'object' || Array.isArray(e))) throw new BizError(GatewayMsg.stockRoutesJson);
  if (parsed.length === 0) throw new BizError(GatewayMsg.stockRoutesEmpty);
  const rows = await db.select({ id: sysGatewayRoute.id, routerId: sysGatewayRoute.routerId, status: sysGatewayRoute.status }).from(sysGatewayRoute);
  const routerIds = new Map(rows.map((r) => [r.id, r.routerId]));
  const bodies = (parsed as Record<string, unknown>[]).map((element, index) => {
    const checked = gatewayRouteSaveBody.safeParse(bodyOf(element, routerIds));
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue.path.join('.');
      throw new BizError(`第${index + 1}个路由：${/[\u4e00-\u9fff]/.test(issue.message) || !field ? issue.message : `${field}：${issue.message}`}`);
    }
    return checked.data;
  });
  const kept = new Set(bodies.flatMap((b) => (b.id ? [b.id] : [])));
  const removed = rows.filter((r) => r.status === GatewayStatus.enabled && !kept.has(r.id)).map((r) => r.id);
  if (bodies.some((b) => !b.id) && !(await hasPermission(db, user.id, GatewayRoutePerm.add))) throw new BizError(Msg.noPermission);
  if (removed.length && !(await hasPermission(db, user.id, GatewayRoutePerm.delete))) throw new BizError(Msg.noPermission);
  await db.transaction(async (t) => {
    if (removed.length) await deleteGatewayRoutes(t, user, removed);
    for (const [index, body] of bodies.entries()) {
      const { id, ...rest } = body;
      try {
        if (id) await editGatewayRoute(t, user, upstreams, { id, ...rest });
        else await addGatewayRoute(t, user, upstreams, rest);
      } catch (error) {
        if (error instanceof BizError) throw new BizError(`第${index + 1}个路由：${error.message}`);
        throw error;
      }
    }
  });
}
