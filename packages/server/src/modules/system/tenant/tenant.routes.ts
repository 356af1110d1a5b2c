import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg, tenantId, TenantMsg, tenantRecordSchema, tenantResource } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import * as service from './tenant.service.ts';

const tags = ['租户管理'];

/** 租户管理 (JEECG-API §4.5 sys_tenant: integer ids). Tenant 0 is the default and is not a row. */
export async function tenantRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sys/tenant/queryList',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '可选的租户（登录后选择租户用）',
        description: '只返回本人所属（rel_tenant_ids）且启用的租户；管理员返回全部启用租户。',
        querystring: z.object({ ids: z.string().max(2000).optional() }),
        response: { 200: envelopeSchema(z.array(tenantRecordSchema)) },
      },
    },
    async (request) =>
      ok(await service.selectableTenants({ db: deps.db, deps, user: request.user!, tenantId: request.tenantId }, request.query.ids), Msg.ok, 200),
  );

  registerResource(app, deps, tenantResource, {
    tags,
    listResource: service.tenantWhitelist,
    idQuery: z.object({ id: tenantId }),
    service: {
      list: service.listTenants,
      byId: service.tenantById,
      add: service.addTenant,
      edit: service.editTenant,
      remove: service.deleteTenants,
    },
    messages: { added: TenantMsg.added, edited: TenantMsg.edited, deleted: TenantMsg.deleted, batchDeleted: TenantMsg.batchDeleted, queried: Msg.ok },
  });
}
