import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_MS, MONITOR_BASE, TRACE_LIMIT } from '@sbwq/contracts';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { countRequest, countSocketsOf, METRICS_CONTENT_TYPE, metricsText } from './metrics.ts';
import { ProcessSampler } from './process-sample.ts';
import { TraceBuffer, pathOf } from './traces.ts';
import { redactedPath } from '../http/redact.ts';
import { newProcessIdentity, removeHeartbeat, writeHeartbeat, type ProcessIdentity } from './heartbeat.ts';

export type Monitoring = {
  me: ProcessIdentity;
  traces: TraceBuffer;
  /** samples this process and writes its heartbeat row now (the server screen does so before listing) */
  beat: () => Promise<void>;
  /** where the METRICS_PORT server listens (null without one) */
  metricsAddress: AddressInfo | null;
  /** count and trace each answered request; turned off only by the bench, to measure what the hook costs */
  observe: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** this process's monitoring state: its identity, request traces and heartbeat */
    monitoring: Monitoring;
  }
}

/**
 * 系统监控's hooks, installed once by buildApp after the access control: every answered request is
 * counted for Prometheus by its route pattern and kept in the trace ring; `GET /metrics` answers an
 * administrator's token (and, with METRICS_PORT, anyone on 127.0.0.1 of that port); the heartbeat
 * writes this process's facts to the database every HEARTBEAT_MS while the app runs.
 */
export async function installMonitoring(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const me = newProcessIdentity();
  const traces = new TraceBuffer(TRACE_LIMIT);
  const sampler = new ProcessSampler();
  const sockets = () => ({ notice: deps.sockets.count('notice'), vxe: deps.sockets.count('vxe') });
  const stopCounting = countSocketsOf(sockets);
  // Traces are of API calls (not the page's scripts and images), less the monitor screens' own polling
  // every few seconds, which would push every real request out of the ring.
  const api = `${deps.config.apiBase}/`;
  const quiet = `${deps.config.apiBase}${MONITOR_BASE}/`;

  let beating: Promise<void> | null = null;
  const beat = () => {
    const s = sockets();
    beating ??= writeHeartbeat(deps.db, me, sampler.sample({ sockets: s.notice + s.vxe, requests: traces.total })).finally(() => {
      beating = null;
    });
    return beating;
  };
  const monitoring: Monitoring = { me, traces, beat, metricsAddress: null, observe: true };
  app.decorate('monitoring', monitoring);

  app.addHook('onResponse', async (request, reply) => {
    if (!monitoring.observe) return;
    const route = request.is404 ? '' : (request.routeOptions.url ?? '');
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    countRequest(request.method, route || 'unmatched', status, ms / 1000);
    const path = pathOf(request.url);
    if (!path.startsWith(api) || path.startsWith(quiet)) return;
    traces.record({
      time: new Date().toISOString(),
      method: request.method,
      path: redactedPath(path, route).slice(0, 300),
      route,
      status,
      durationMs: Math.round(ms * 10) / 10,
      username: request.user?.username ?? '',
    });
  });

  app.get(
    '/metrics',
    {
      config: { adminOnly: true, special: 'metrics' },
      schema: {
        tags: ['系统监控'],
        summary: 'Prometheus 指标（本进程）',
        description:
          '请求数与耗时（按路由模式）、资金池记账次数、定时任务运行次数、WebSocket 连接数、进程指标。需管理员令牌（X-Access-Token）；或在 METRICS_PORT 上（只监听 127.0.0.1）免令牌读取。',
        response: { 200: { description: 'Prometheus 文本格式', content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).send(await metricsText()),
  );

  const port = deps.config.metricsPort;
  let metricsServer: http.Server | null = null;
  if (port !== null) {
    metricsServer = http.createServer((request, response) => {
      if (request.method !== 'GET' || pathOf(request.url ?? '') !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      metricsText().then(
        (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    const server = metricsServer;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // localhost only: the port has no authentication
      server.listen(port, '127.0.0.1', () => resolve());
    });
    monitoring.metricsAddress = server.address() as AddressInfo;
  }

  let timer: NodeJS.Timeout | null = null;
  const beatQuietly = () =>
    void beat().catch((error: unknown) => {
      app.log.warn({ err: error }, '系统监控心跳写入失败');
    });
  app.addHook('onReady', async () => {
    beatQuietly();
    timer = setInterval(beatQuietly, HEARTBEAT_MS);
    timer.unref();
  });
  // preClose, not onClose: main.ts closes the database in an onClose hook registered after this one,
  // and Fastify runs onClose hooks last-registered first.
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await beating?.catch(() => undefined);
    // a process that stops in order leaves no 离线 row behind (a crashed one does, for a day)
    await removeHeartbeat(deps.db, me).catch(() => undefined);
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    stopCounting();
    sampler.stop();
    if (metricsServer) await new Promise((resolve) => metricsServer.close(resolve));
  });
}
