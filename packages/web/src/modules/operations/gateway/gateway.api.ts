import { gatewayRouteFlow, gatewayRouteResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 路由网关 (sys_gateway_route): the routes served under /gateway/ and the upstreams they may name. */
export const gatewayRouteApi = resourceApi(gatewayRouteResource);
export type GatewayRouteBody = ResourceBody<typeof gatewayRouteResource>;

export const gatewayRouteCalls = flowApi(gatewayRouteFlow);
