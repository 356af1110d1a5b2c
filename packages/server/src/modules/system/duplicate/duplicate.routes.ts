import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { duplicateCheckQuery } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { checkDuplicate } from './duplicate.service.ts';

export async function duplicateRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sys/duplicate/check',
    {
      config: { signedIn: true },
      schema: {
        tags: ['重复校验'],
        summary: '校验某字段的值是否已被占用',
        description:
          '只接受服务端登记的 (表, 字段)，如 sys_user 的 username/phone/email/work_no、sys_role.role_code、sys_dict.dict_code、sys_depart.org_code、sys_category.code、sys_fill_rule.rule_code、sys_check_rule.rule_code；已逻辑删除的行也算存在。编辑时传 dataId 排除自身。可用：该值可用！；已存在：该值不可用，系统中已存在！',
        querystring: duplicateCheckQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ok(null, await checkDuplicate(deps.db, request.query), 200),
  );
}
