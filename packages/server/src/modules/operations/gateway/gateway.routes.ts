import type { FastifyInstance } from 'fastify';
import { gatewayRouteFlow, gatewayRouteResource, GatewayMsg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { gatewayWhitelist } from './gateway.service.ts';
import * as admin from './gateway.admin.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';

const tags = ['路由网关'];

export async function gatewayRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, gatewayRouteFlow, {
    tags,
    docs: {
      upstreams: { description: '上游服务只能从这里选：名称与地址来自服务器环境变量 GATEWAY_UPSTREAMS；为空时不能保存任何路由。' },
      list: {
        description:
          '带任一分页、排序或筛选参数时为分页列表（支持 JeecgBoot 查询约定）。除 _t 外不带参数（原版路由网关页的 JSON 编辑器）时为全部启用路由的数组：本系统的字段，另加原版的 uri（白名单地址）、predicates（Path、Method、Header）与 filters。',
      },
      updateAll: {
        description:
          '原版 {routes: "<JSON 数组>"}：启用的路由替换为数组中的路由——id 为已有路由的编辑该路由，没有的新增，数组中没有的启用路由删除（停用的保留）；每项按本系统的字段校验（缺省时读 predicates 的 Path/Method/Header 与 uri），上游须在白名单中；一项被拒则全部不保存，消息写明第几个。或一个路由对象：规则与 add / edit 相同。新增还须有新增权限，删除还须有删除权限。',
      },
      clearRedis: { description: '原版的“清除缓存”：所有服务进程立即重新读取启用的路由。' },
    },
    queries: { list: listQuerySchema(gatewayWhitelist) },
    handlers: {
      upstreams: admin.upstreams,
      list: admin.listOrStock,
      clearRedis: admin.clearRedis,
      updateAll: admin.updateAll,
    },
  });

  registerResource(app, deps, gatewayRouteResource, {
    tags,
    listResource: gatewayWhitelist,
    service: admin.resource,
    messages: systemDataMessages(GatewayMsg),
    echoMessage: true,
  });
}
