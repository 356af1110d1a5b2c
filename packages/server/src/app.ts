import Fastify, { LogController } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './platform/config.ts';
import { installAppSecret } from './platform/secrets/app-secret.ts';
import type { Db } from './platform/db/client.ts';
import type { AppDeps, BuiltApp } from './platform/deps.ts';
import { CacheHub } from './platform/cache/cache.ts';
import { installRequestScopes } from './platform/db/request-scope.ts';
import { SocketHub } from './platform/socket/hub.ts';
import { RedisLink } from './platform/redis/link.ts';
import { fallbackRateLimitStore } from './platform/redis/rate-limit-store.ts';
import { installHealth } from './platform/health/health.ts';
import { socketRoutes } from './platform/socket/socket.routes.ts';
import { installAccessControl } from './platform/access/access.ts';
import { installErrorHandling } from './platform/http/errors.ts';
import { installInputGuard } from './platform/http/input-guard.ts';
import { replySerializerCompiler } from './platform/http/reply-serializer.ts';
import { installWeb } from './platform/web/web.ts';
import { docTokenOf, installDocs } from './platform/docs/docs.ts';
import { DictService } from './modules/config/dict/dict.service.ts';
import { features } from './modules/features.ts';
import { registerFileKinds } from './modules/core/files/file-kinds.ts';
import { installOperationLog } from './modules/operations/log/operation-log.ts';
import { registerJobHandlers } from './modules/operations/job/job.runner.ts';
import { installMonitoring } from './platform/metrics/monitoring.ts';
import { installGateway } from './modules/operations/gateway/gateway.proxy.ts';
import { redactedUrl } from './platform/http/redact.ts';
import { isUnvetted } from './modules/core/org/org-context.ts';

z.config(z.locales.zhCN());

/** Builds the whole server on an open database; main.ts and the tests both start here. */
export async function buildApp(config: Config, db: Db, opts: { logger?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // Tokens may travel in a query (docs page, sockets, static files) or a path (getLoginUser): never write them to the log.
          serializers: {
            req: (req: { method: string; url: string; ip?: string; routeOptions?: { url?: string } }) => ({
              method: req.method,
              url: redactedUrl(req),
              ip: req.ip,
            }),
          },
        }
      : false,
    // One completion line per request (below) instead of Fastify's two: the log's write is a measurable
    // share of a request's CPU under load (issue #24).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  // Before anything hashes a code or links the chain: the server secret, from APP_SECRET or DATA_DIR/app.key.
  installAppSecret(config, (file) =>
    app.log.warn(
      `已生成服务器密钥文件 ${file}（权限 0600），短信验证码、图形验证码的哈希和数据日志哈希链以它为密钥，请妥善备份；生产环境或多台服务器共用数据库时请在每台设置相同的 APP_SECRET`,
    ),
  );
  // first of all hooks: every statement of a request is known as that request's (statement priority under load)
  installRequestScopes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ check: !config.production }));

  // Redis is optional and its outage only degrades (platform/redis/link.ts): the server starts without it.
  const redis = config.redisUrl ? new RedisLink(config.redisUrl, app.log) : null;
  const cache = new CacheHub(redis, config.redisPrefix);
  const sockets = new SocketHub();
  sockets.connect(redis, config.redisPrefix);
  await redis?.start();
  const deps: AppDeps = {
    config,
    db,
    cache,
    dicts: new DictService(db, cache),
    sockets,
    policy: { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays },
  };
  app.addHook('onClose', async () => {
    cache.close();
    await sockets.close();
    await redis?.close();
  });

  if (opts.logger) {
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, not the url: ids and tokens in a query stay out of the log.
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? request.url.replace(/\?.*$/, ''),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    });
  }
  installErrorHandling(app);
  installInputGuard(app);
  const access = installAccessControl(app, { db, policy: deps.policy, tokenFrom: docTokenOf(config), unvetted: (user) => isUnvetted(db, user) });
  installOperationLog(app, deps);
  await installMonitoring(app, deps);

  await app.register(helmet, {
    contentSecurityPolicy: {
      // Menu entries may show another site's page in a frame; only the configured origins are allowed.
      directives: { upgradeInsecureRequests: null, frameSrc: ["'self'", ...config.frameSources] },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, allowedHeaders: ['Content-Type', 'X-Access-Token', 'tenant_id'] });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackRateLimitStore(redis, `${config.redisPrefix}-rl-`) } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, success: false, message: '请求过于频繁，请稍后再试', code: 429, result: null, timestamp: Date.now() }),
  });
  // One file per request, 10 MB at most (spec §9); a bigger body is refused before it is read.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  // WebSocket messages from clients are heartbeats and table-row updates: small.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await installDocs(app, config);
  installHealth(app, { db, redis });

  registerFileKinds(features.flatMap((feature) => feature.fileKinds ?? []));
  registerJobHandlers(features.flatMap((feature) => feature.jobs ?? []));
  await app.register(
    async (api) => {
      for (const feature of features) await feature.routes(api, deps);
      await socketRoutes(api, deps);
    },
    { prefix: config.apiBase },
  );
  // At the root like /health: a gateway path is never the SPA's fallback (issue #25).
  await installGateway(app, deps);
  await installWeb(app, config);
  return { app, deps, routes: access.routes };
}
