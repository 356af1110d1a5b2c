import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkByCodeQuery, CheckMsg, checkRuleResource, DictMsg, Msg } from '@sbwq/contracts';
import { fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import * as service from './check-rule.service.ts';

const tags = ['校验规则'];

export async function checkRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/sys/checkRule/checkByCode',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '按校验规则编码校验一个值',
        description:
          '规则依次执行：digits 为 "*" 时校验整个值，为 N 时校验接下来的 N 个字符。全部通过answer成功；第一条未通过的规则answer失败，message 为其提示，result 为 {digits, pattern, message, beginIndex, endIndex, checkValue, passed:false}。未知编码：该编码不存在。',
        querystring: checkByCodeQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const failure = await service.checkByCode(db, request.query.ruleCode, request.query.value);
      return failure ? fail(failure.message, 500, failure) : ok(null, Msg.ok, 200);
    },
  );

  registerResource(app, deps, checkRuleResource, {
    tags,
    listResource: service.checkRuleWhitelist,
    docs: {
      add: { description: 'ruleJson 为 [{digits, pattern, message}]（JSON 字符串或数组）；保存前检查正则是否有效、是否有灾难性回溯（在工作线程中限时试算）。' },
    },
    service: {
      list: (c, query) => service.listCheckRules(c.db, query),
      byId: (c, id) => service.checkRuleById(c.db, id),
      add: (c, body) => service.addCheckRule(c.db, c.user, body),
      edit: (c, body) => service.editCheckRule(c.db, c.user, body),
      remove: (c, ids) => service.deleteCheckRules(c.db, ids),
    },
    messages: { added: CheckMsg.added, edited: CheckMsg.edited, deleted: CheckMsg.deleted, idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
    echoMessage: true,
  });
}
