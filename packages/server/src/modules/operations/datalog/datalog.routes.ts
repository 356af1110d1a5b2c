import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dataLogFlow, dataLogResource, DATA_TABLES, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { createSealer } from '../../core/datalog/datalog-seal.ts';
import * as service from './datalog.service.ts';

const tags = ['数据日志'];

export async function dataLogRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, dataLogResource, {
    tags,
    listResource: service.dataLogWhitelist,
    listExtra: {
      user: z.string().max(100).optional().describe('操作人：账号或姓名包含它'),
      dataTable: z.enum(DATA_TABLES).optional().describe('表名：rights_batch、fin_claim 等'),
    },
    service: { list: service.listDataLogs },
    messages: { added: Msg.ok, edited: Msg.ok, deleted: Msg.ok, batchDeleted: Msg.ok, idsRequired: Msg.ok },
  });
  registerFlow(app, deps, dataLogFlow, {
    tags,
    handlers: {
      queryDataVerList: service.versionsOf,
      queryCompareList: service.compareVersions,
      verify: service.verify,
    },
  });
  // Entries written by this process's requests are linked into the chain shortly after (datalog-seal.ts).
  const sealer = createSealer(deps.db, app.log);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') sealer.schedule();
  });
  app.addHook('onClose', () => sealer.stop());
}
