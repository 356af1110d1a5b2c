import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Msg, tenantFlow, tenantId, TenantMsg, tenantResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './tenant.service.ts';

const tags = ['租户管理'];

/** 租户管理 (JEECG-API §4.5 sys_tenant: integer ids). Tenant 0 is the default and is not a row. */
export async function tenantRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, tenantFlow, {
    tags,
    docs: { queryList: { description: '只返回本人所属（rel_tenant_ids）且启用的租户；管理员返回全部启用租户。' } },
    handlers: { queryList: (c, query) => service.selectableTenants(c, query.ids) },
  });

  registerResource(app, deps, tenantResource, {
    tags,
    replies: { add: z.number() },
    listResource: service.tenantWhitelist,
    idQuery: z.object({ id: tenantId }),
    service: service.resource,
    messages: { added: TenantMsg.added, edited: TenantMsg.edited, deleted: TenantMsg.deleted, batchDeleted: TenantMsg.batchDeleted, queried: Msg.ok },
  });
}
