import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DictMsg, fillRuleResource, FillRuleMsg, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import * as service from './fill-rule.service.ts';

const tags = ['填值规则'];

export async function fillRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.route({
    method: ['GET', 'PUT'],
    url: '/sys/fillRule/executeRuleByCode/:ruleCode',
    config: { signedIn: true },
    schema: {
      tags,
      summary: '按规则编码生成下一个编号',
      description: 'answer result 为新编号，如 `XS20261122001`；多进程并发下也不重复。PUT 时请求体（表单数据）被忽略：规则不执行任何类或脚本。',
      params: z.object({ ruleCode: z.string().min(1).max(64) }),
      response: { 200: envelopeSchema(z.string()) },
    },
    handler: async (request) => ok(await service.nextCode(db, request.params.ruleCode), Msg.ok, 200),
  });

  registerResource(app, deps, fillRuleResource, {
    tags,
    listResource: service.fillRuleWhitelist,
    docs: {
      add: { description: '编号 = 前缀 + 日期（yyyyMMdd/yyyyMM/yyyy/none）+ 流水号（1–10 位，按日/月/年重置或不重置）；规则编码唯一。' },
      edit: { description: '规则编码不可修改。' },
    },
    service: {
      list: (c, query) => service.listFillRules(c.db, query),
      byId: (c, id) => service.fillRuleById(c.db, id),
      add: (c, body) => service.addFillRule(c.db, c.user, body),
      edit: (c, body) => service.editFillRule(c.db, c.user, body),
      remove: (c, ids) => service.deleteFillRules(c.db, ids),
    },
    messages: { added: FillRuleMsg.added, edited: FillRuleMsg.edited, deleted: FillRuleMsg.deleted, idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
    echoMessage: true,
  });
}
