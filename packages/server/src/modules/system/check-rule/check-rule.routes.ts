import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkByCodeQuery, CheckMsg, checkRuleAddBody, checkRuleEditBody, DictMsg, Msg } from '@sbwq/contracts';
import { fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../app.ts';
import { splitIds } from '../dict/crud.ts';
import * as service from './check-rule.service.ts';

const tags = ['校验规则'];

export const CheckRulePerm = {
  list: 'system:checkRule:list',
  add: 'system:checkRule:add',
  edit: 'system:checkRule:edit',
  delete: 'system:checkRule:delete',
} as const;

const idQuery = z.object({ id: z.string().min(1).max(36) });

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

  r.get(
    '/sys/checkRule/list',
    {
      config: { permission: CheckRulePerm.list },
      schema: {
        tags,
        summary: '校验规则分页列表',
        querystring: z.looseObject({
          pageNo: z.string().max(10).optional(),
          pageSize: z.string().max(10).optional(),
          column: z.string().max(100).optional(),
          order: z.string().max(10).optional(),
          ruleName: z.string().max(500).optional(),
          ruleCode: z.string().max(500).optional(),
        }),
      },
    },
    async (request) => ok(await service.listCheckRules(db, request.query), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/checkRule/queryById',
    { config: { permission: CheckRulePerm.list }, schema: { tags, summary: '按 id 取校验规则', querystring: idQuery } },
    async (request) => ok(await service.checkRuleById(db, request.query.id), Msg.ok, 200),
  );

  r.post(
    '/sys/checkRule/add',
    {
      config: { permission: CheckRulePerm.add },
      schema: {
        tags,
        summary: '添加校验规则',
        description: 'ruleJson 为 [{digits, pattern, message}]（JSON 字符串或数组）；保存前检查正则是否有效、是否有灾难性回溯（在工作线程中限时试算）。',
        body: checkRuleAddBody,
      },
    },
    async (request) => {
      await service.addCheckRule(db, request.user, request.body);
      return ok(CheckMsg.added, CheckMsg.added, 200);
    },
  );

  r.put(
    '/sys/checkRule/edit',
    { config: { permission: CheckRulePerm.edit }, schema: { tags, summary: '编辑校验规则', body: checkRuleEditBody } },
    async (request) => {
      await service.editCheckRule(db, request.user, request.body);
      return ok(CheckMsg.edited, CheckMsg.edited, 200);
    },
  );

  r.delete(
    '/sys/checkRule/delete',
    { config: { permission: CheckRulePerm.delete }, schema: { tags, summary: '删除校验规则', querystring: idQuery } },
    async (request) => {
      await service.deleteCheckRules(db, [request.query.id]);
      return ok(CheckMsg.deleted, CheckMsg.deleted, 200);
    },
  );

  r.delete(
    '/sys/checkRule/deleteBatch',
    { config: { permission: CheckRulePerm.delete }, schema: { tags, summary: '批量删除校验规则', querystring: z.object({ ids: z.string().max(40_000).optional() }) } },
    async (request) => {
      await service.deleteCheckRules(db, splitIds(request.query.ids, DictMsg.idsRequired));
      return ok(CheckMsg.deleted, CheckMsg.deleted, 200);
    },
  );
}
