import type { FastifyInstance } from 'fastify';
import { DictMsg, fillRuleFlow, fillRuleResource, FillRuleMsg, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as service from './fill-rule.service.ts';

const tags = ['填值规则'];

export async function fillRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, fillRuleFlow, {
    tags,
    docs: {
      executeRuleByCode: {
        description: 'answer result 为新编号，如 `XS20261122001`；多进程并发下也不重复。PUT 时请求体（表单数据）被忽略：规则不执行任何类或脚本。',
      },
      testFillRule: {
        description:
          '原版列表的「功能测试」：按已存的规则参数给出下一个编号；流水号只读不占用。规则实现类只认登记表里的三个原版类名（OrderNumberRule、CategoryCodeRule、OrgCodeRule），其余拒绝。',
      },
    },
    handlers: {
      executeRuleByCode: (c, input) => service.nextCode(c.db, input.ruleCode),
      testFillRule: (c, input) => service.testFillRule(c.db, input.ruleCode),
    },
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
