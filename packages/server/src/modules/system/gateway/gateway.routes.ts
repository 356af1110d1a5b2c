import type { FastifyInstance } from 'fastify';
import { DictMsg, gatewayRouteFlow, GatewayRoutePerm, gatewayRouteResource, GatewayMsg, Msg } from '@sbwq/contracts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as service from './gateway.service.ts';
import { gatewayTableOf } from './gateway.proxy.ts';

const tags = ['路由网关'];

export async function gatewayRoutes(app: FastifyInstance, deps: AppDeps) {
  const upstreams = deps.config.gateway.upstreams;
  const table = gatewayTableOf(deps);
  /** Every write applies to the gateway at once: here, and in the other processes over Redis. */
  const thenApply = async (write: Promise<void>) => {
    await write;
    await table.changed();
    return null;
  };

  registerFlow(app, deps, gatewayRouteFlow, {
    tags,
    docs: {
      upstreams: { description: '上游服务只能从这里选：名称与地址来自服务器环境变量 GATEWAY_UPSTREAMS；为空时不能保存任何路由。' },
      updateAll: { description: '规则与 add / edit 相同；不带 id 时还须有新增权限。' },
    },
    handlers: {
      upstreams: async () => upstreams,
      updateAll: async (c, body) => {
        const { id, ...rest } = body;
        if (id) return thenApply(service.editGatewayRoute(c.db, c.user, upstreams, { id, ...rest }));
        // The route declares the edit code; adding a route also needs the add code.
        if (!(await hasPermission(c.db, c.user.id, GatewayRoutePerm.add))) throw new BizError(Msg.noPermission);
        return thenApply(service.addGatewayRoute(c.db, c.user, upstreams, rest));
      },
    },
  });

  registerResource(app, deps, gatewayRouteResource, {
    tags,
    listResource: service.gatewayWhitelist,
    docs: {
      add: { description: '路径前缀须在 /gateway/ 下；upstream 为白名单（GATEWAY_UPSTREAMS）中的名称或其完整地址，其他一律拒绝。保存后所有服务进程立即按新路由转发。' },
      edit: { description: '同新增；保存后所有服务进程立即按新路由转发。' },
    },
    service: {
      list: (c, query) => service.listGatewayRoutes(c.db, upstreams, query),
      byId: (c, id) => service.gatewayRouteById(c.db, upstreams, id),
      add: (c, body) => thenApply(service.addGatewayRoute(c.db, c.user, upstreams, body)),
      edit: (c, body) => thenApply(service.editGatewayRoute(c.db, c.user, upstreams, body)),
      remove: async (c, ids) => {
        await thenApply(service.deleteGatewayRoutes(c.db, c.user, ids));
      },
    },
    messages: { added: GatewayMsg.added, edited: GatewayMsg.edited, deleted: GatewayMsg.deleted, idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
    echoMessage: true,
  });
}
