import type { FastifyInstance } from 'fastify';
import { fillRuleFlow, fillRuleResource, FillRuleMsg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
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
      executeRuleByCode: service.executeRuleByCode,
      testFillRule: service.testRuleByCode,
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
      list: service.listFillRules,
      byId: service.fillRuleById,
      add: service.addFillRule,
      edit: service.editFillRule,
      remove: service.deleteFillRules,
    },
    messages: systemDataMessages(FillRuleMsg),
    echoMessage: true,
  });
}
