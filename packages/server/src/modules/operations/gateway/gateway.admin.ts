import type { z } from 'zod';
import {
  GatewayRoutePerm,
  Msg,
  type GatewayRouteAddBody,
  type GatewayRouteEditBody,
  type gatewayRouteSaveBody,
  type gatewayStockRoutesBody,
} from '@sbwq/contracts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { FlowCtx } from '../../../platform/flow/flow-routes.ts';
import { addGatewayRoute, deleteGatewayRoutes, editGatewayRoute, gatewayRouteById, listGatewayRoutes } from './gateway.service.ts';
import { gatewayTableOf } from './gateway.proxy.ts';
import { replaceStockRoutes, stockRoutes } from './gateway.stock.ts';

/**
 * 路由网关 as its screen and the stock editor call it. The upstreams a route may name are the server's
 * configuration; every write applies to the gateway at once — here, and in the other processes over Redis.
 */
const upstreamsOf = (ctx: Pick<ResourceCtx, 'deps'>) => ctx.deps.config.gateway.upstreams;

const reload = (ctx: Pick<ResourceCtx, 'deps'>) => gatewayTableOf(ctx.deps).changed();

const applied = async (ctx: ResourceCtx, write: Promise<void>) => {
  await write;
  await reload(ctx);
  return null;
};

export const upstreams = async (ctx: ResourceCtx) => upstreamsOf(ctx);

export const clearRedis = (ctx: ResourceCtx) => reload(ctx).then(() => null);

export const listRoutes = (ctx: ResourceCtx, params: ListParams) => listGatewayRoutes(ctx.db, upstreamsOf(ctx), params);

export const routeById = (ctx: ResourceCtx, id: string) => gatewayRouteById(ctx.db, upstreamsOf(ctx), id);

export const addRoute = (ctx: ResourceCtx, body: GatewayRouteAddBody) => applied(ctx, addGatewayRoute(ctx.db, ctx.user, upstreamsOf(ctx), body));

export const editRoute = (ctx: ResourceCtx, body: GatewayRouteEditBody) => applied(ctx, editGatewayRoute(ctx.db, ctx.user, upstreamsOf(ctx), body));

export async function deleteRoutes(ctx: ResourceCtx, ids: string[]): Promise<void> {
  await applied(ctx, deleteGatewayRoutes(ctx.db, ctx.user, ids));
}

/** The stock editor asks with nothing but its `_t`; any paging, sorting or filter asks for a page. */
export const listOrStock = (ctx: FlowCtx, query: Record<string, unknown>) =>
  Object.keys(ctx.request.query as object).every((key) => key === '_t') ? stockRoutes(ctx.db, upstreamsOf(ctx)) : listRoutes(ctx, query);

/** updateAll: the stock editor's whole array, or one route (an edit with its id, else an add). */
export async function updateAll(ctx: ResourceCtx, body: z.output<typeof gatewayStockRoutesBody> | z.output<typeof gatewayRouteSaveBody>) {
  if ('routes' in body) return applied(ctx, replaceStockRoutes(ctx.db, ctx.user, upstreamsOf(ctx), body.routes));
  const { id, ...rest } = body;
  if (id) return editRoute(ctx, { id, ...rest });
  // The route declares the edit code; adding a route also needs the add code.
  if (!(await hasPermission(ctx.db, ctx.user.id, GatewayRoutePerm.add))) throw new BizError(Msg.noPermission);
  return addRoute(ctx, rest);
}

export const resource = { list: listRoutes, byId: routeById, add: addRoute, edit: editRoute, remove: deleteRoutes };
