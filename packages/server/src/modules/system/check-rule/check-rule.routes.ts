import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkByCodeQuery, CheckMsg, checkRuleAddBody, checkRuleEditBody, Msg } from '@sbwq/contracts';
import { fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerCrudRoutes } from '../../../platform/http/crud-routes.ts';
import * as service from './check-rule.service.ts';

const tags = ['校验规则'];

export const CheckRulePerm = {
  list: 'system:checkRule:list',
  add: 'system:checkRule:add',
  edit: 'system:checkRule:edit',
  delete: 'system:checkRule:delete',
} as const;

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
      },
    },
    async (request) => {
      const failure = await service.checkByCode(db, request.query.ruleCode, request.query.value);
      return failure ? fail(failure.message, 500, failure) : ok(null, Msg.ok, 200);
    },
  );

  registerCrudRoutes(app, db, {
    basePath: '/sys/checkRule',
    tags,
    entity: '校验规则',
    perm: CheckRulePerm,
    listResource: service.checkRuleResource,
    addBody: checkRuleAddBody,
    editBody: checkRuleEditBody,
    addDescription: 'ruleJson 为 [{digits, pattern, message}]（JSON 字符串或数组）；保存前检查正则是否有效、是否有灾难性回溯（在工作线程中限时试算）。',
    service: {
      list: service.listCheckRules,
      byId: service.checkRuleById,
      add: service.addCheckRule,
      edit: service.editCheckRule,
      remove: service.deleteCheckRules,
    },
    messages: { added: CheckMsg.added, edited: CheckMsg.edited, deleted: CheckMsg.deleted },
  });
}
