import type { FastifyInstance } from 'fastify';
import { CheckMsg, checkRuleFlow, checkRuleResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as service from './check-rule.service.ts';

const tags = ['校验规则'];

export async function checkRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, checkRuleFlow, {
    tags,
    docs: {
      checkByCode: {
        description:
          '规则依次执行：digits 为 "*" 时校验整个值，为 N 时校验接下来的 N 个字符。全部通过answer成功；第一条未通过的规则answer失败，message 为其提示，result 为 {digits, pattern, message, beginIndex, endIndex, checkValue, passed:false}。未知编码：该编码不存在。',
      },
    },
    handlers: {
      checkByCode: service.checkByCode,
    },
  });

  registerResource(app, deps, checkRuleResource, {
    tags,
    listResource: service.checkRuleWhitelist,
    service: service.resource,
    messages: systemDataMessages(CheckMsg),
    echoMessage: true,
  });
}
