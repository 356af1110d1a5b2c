import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DictMsg, fillRuleAddBody, fillRuleEditBody, FillRuleMsg, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../app.ts';
import { splitIds } from '../dict/crud.ts';
import * as service from './fill-rule.service.ts';

const tags = ['填值规则'];

export const FillRulePerm = {
  list: 'system:fillRule:list',
  add: 'system:fillRule:add',
  edit: 'system:fillRule:edit',
  delete: 'system:fillRule:delete',
} as const;

const idQuery = z.object({ id: z.string().min(1).max(36) });

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
    },
    handler: async (request) => ok(await service.nextCode(db, request.params.ruleCode), Msg.ok, 200),
  });

  r.get(
    '/sys/fillRule/list',
    {
      config: { permission: FillRulePerm.list },
      schema: {
        tags,
        summary: '填值规则分页列表',
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
    async (request) => ok(await service.listFillRules(db, request.query), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/fillRule/queryById',
    { config: { permission: FillRulePerm.list }, schema: { tags, summary: '按 id 取填值规则', querystring: idQuery } },
    async (request) => ok(await service.fillRuleById(db, request.query.id), Msg.ok, 200),
  );

  r.post(
    '/sys/fillRule/add',
    {
      config: { permission: FillRulePerm.add },
      schema: {
        tags,
        summary: '添加填值规则',
        description: '编号 = 前缀 + 日期（yyyyMMdd/yyyyMM/yyyy/none）+ 流水号（1–10 位，按日/月/年重置或不重置）；规则编码唯一。',
        body: fillRuleAddBody,
      },
    },
    async (request) => {
      await service.addFillRule(db, request.user, request.body);
      return ok(FillRuleMsg.added, FillRuleMsg.added, 200);
    },
  );

  r.put(
    '/sys/fillRule/edit',
    { config: { permission: FillRulePerm.edit }, schema: { tags, summary: '编辑填值规则', description: '规则编码不可修改。', body: fillRuleEditBody } },
    async (request) => {
      await service.editFillRule(db, request.user, request.body);
      return ok(FillRuleMsg.edited, FillRuleMsg.edited, 200);
    },
  );

  r.delete(
    '/sys/fillRule/delete',
    { config: { permission: FillRulePerm.delete }, schema: { tags, summary: '删除填值规则', querystring: idQuery } },
    async (request) => {
      await service.deleteFillRules(db, [request.query.id]);
      return ok(FillRuleMsg.deleted, FillRuleMsg.deleted, 200);
    },
  );

  r.delete(
    '/sys/fillRule/deleteBatch',
    { config: { permission: FillRulePerm.delete }, schema: { tags, summary: '批量删除填值规则', querystring: z.object({ ids: z.string().max(40_000).optional() }) } },
    async (request) => {
      await service.deleteFillRules(db, splitIds(request.query.ids, DictMsg.idsRequired));
      return ok(FillRuleMsg.deleted, FillRuleMsg.deleted, 200);
    },
  );
}
