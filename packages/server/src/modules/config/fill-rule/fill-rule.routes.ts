import type { FastifyInstance } from 'fastify';
import { fillRuleAddBody, fillRuleFlow, fillRuleResource, FillRuleMsg, type FillRuleRecord } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { resourceExcel } from '../../../platform/resource/resource-excel.ts';
import { columnsOf, importColumnsOf } from '../../../platform/excel/excel.ts';
import * as service from './fill-rule.service.ts';

const tags = ['填值规则'];

/** The stock SysFillRule's Excel columns; 规则参数 carries the sequence's prefix, date pattern, width and reset. */
const excel = resourceExcel({
  title: '填值规则',
  asciiName: 'fill-rules.xlsx',
  columns: columnsOf<FillRuleRecord>({
    ruleName: '规则名称',
    ruleCode: '规则Code',
    ruleClass: ['规则实现类', 50],
    ruleParams: ['规则参数', 50],
    updateBy: '修改人',
    updateTime: ['修改时间', 20],
    createBy: '创建人',
    createTime: ['创建时间', 20],
  }),
  list: service.listFillRules,
  importColumns: importColumnsOf({ ruleName: '*规则名称', ruleCode: '*规则Code', ruleClass: '规则实现类', ruleParams: '规则参数' }),
  body: fillRuleAddBody,
  add: service.addFillRule,
});

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
    service: { ...service.resource, ...excel },
    messages: systemDataMessages(FillRuleMsg),
    echoMessage: true,
  });
}
