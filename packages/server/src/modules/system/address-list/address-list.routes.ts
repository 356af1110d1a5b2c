import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressEntrySchema, AddressPerm, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { envelopeSchema, pageSchema } from '../../../platform/http/reply-schema.ts';
import { addressPage } from './address-list.service.ts';

/** 通讯录: a read-only directory of active users by department (JeecgBoot queryByOrgCodeForAddressList). */
export async function addressListRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sys/user/queryByOrgCodeForAddressList',
    {
      config: { permission: AddressPerm.list },
      schema: {
        tags: ['通讯录'],
        summary: '按部门查询通讯录',
        description: 'orgCode 为空时查询全部部门；包含下级部门的成员。',
        querystring: z.object({
          orgCode: z.string().max(64).optional(),
          realname: z.string().max(50).optional(),
          workNo: z.string().max(50).optional(),
          pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(10),
          _t: z.string().optional(),
        }),
        response: { 200: envelopeSchema(pageSchema(addressEntrySchema)) },
      },
    },
    async (request) => ok(await addressPage(deps.db, request.query), Msg.ok, 200),
  );
}
