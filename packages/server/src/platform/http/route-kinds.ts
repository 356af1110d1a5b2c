import { z } from 'zod';

/**
 * The routes that are neither a standard resource route (`registerResource`, `config.kind = 'resource'`)
 * nor a flow action (`registerFlow`, `config.kind = 'flow'`), each with the reason it is written by
 * hand. The README's architecture section lists them; a test fails on a route that is none of these.
 */
export const SPECIAL_ROUTES = {
  auth: '登录、验证码与退出：会话在这里产生和结束',
  sockets: 'WebSocket：升级为长连接后收发消息',
  files: '文件上传、下载与静态文件：请求或回复是文件本身',
  docs: '接口文档页与 OpenAPI 文档',
  web: '前端页面的运行配置脚本',
  health: '存活与就绪检查（GET /health、GET /ready）：给负载均衡探测，在根路径，不在 API_BASE 下',
  metrics: 'Prometheus 指标：回复是 Prometheus 文本格式，不是 JSON 信封',
  gateway: '路由网关（/gateway/…，在根路径，不在 API_BASE 下）：请求按已启用的网关路由原样转发到白名单中的上游服务，回复是上游的回复',
} as const;

export type SpecialRoute = keyof typeof SPECIAL_ROUTES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** why this route is written by hand (one of SPECIAL_ROUTES); a resource or flow route says `kind` instead */
    special?: SpecialRoute;
  }
}

/** The bytes of a file (a download, a template, a stored upload), not a JSON envelope. */
export const fileReply = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
});

/** A WebSocket route answers the upgrade (101); the messages that follow are described on the route. */
export const socketReply = (description: string) => ({ 101: z.null().describe(description) });

/** Whatever the upstream answered, as it answered it (status, headers less Set-Cookie, body). */
export const proxiedReply = (description: string) => ({
  description,
  content: { '*/*': { schema: z.string().meta({ format: 'binary' }) } },
});
