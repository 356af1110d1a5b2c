import type { FastifyInstance } from 'fastify';
import { DictMsg, tableDictFlow, tableDictResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as tables from './table-dict.service.ts';
import { tableDictSources } from './table-dict.registry.ts';

const tags = ['表字典登记'];

/** 表字典登记: the registry of the table dictionaries the dictionary calls may read (registered by dictRoutes). */
export async function tableDictRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, tableDictResource, {
    tags,
    listResource: tables.tableDictWhitelist,
    service: tables.resource,
    messages: systemDataMessages(DictMsg),
    echoMessage: true,
  });

  registerFlow(app, deps, tableDictFlow, {
    tags,
    docs: { sources: { description: '服务端白名单：只有这些表的这些字段可以登记为表字典，凭据类字段永不可选。' } },
    handlers: { sources: async () => tableDictSources() },
  });
}
