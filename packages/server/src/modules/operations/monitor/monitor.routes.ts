import type { FastifyInstance } from 'fastify';
import { monitorFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { databaseMonitor, onlineUsers, redisMonitor, serverMonitor } from './monitor.service.ts';

/** 系统监控 (spec §1 system administration: monitoring): administrators only. */
export async function monitorRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  registerFlow(app, deps, monitorFlow, {
    tags: ['系统监控'],
    handlers: {
      server: (c) => serverMonitor(c.db, c.request.server.monitoring, config.dataDir),
      database: (c) => databaseMonitor(c.db),
      redis: () => redisMonitor(config.redisUrl, config.redisPrefix),
      traces: async (c) => {
        const { me, traces } = c.request.server.monitoring;
        return { process: me.id, records: traces.list() };
      },
      online: (c) => onlineUsers(c.db, deps.sockets.count('notice') + deps.sockets.count('vxe')),
    },
  });
}
