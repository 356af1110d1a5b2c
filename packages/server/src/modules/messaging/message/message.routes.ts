import type { FastifyInstance } from 'fastify';
import { DictMsg, MessageMsg, messageFlow, messageResource, messageTemplateFlow, messageTemplateResource, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as templates from './message-template.service.ts';
import * as messages from './message.service.ts';

/** Both stock controllers answer their writes alike. */
const answers = {
  added: MessageMsg.added,
  edited: MessageMsg.edited,
  deleted: MessageMsg.deleted,
  batchDeleted: MessageMsg.batchDeleted,
  idsRequired: DictMsg.idsRequired,
  queriedById: Msg.ok,
};

/** 消息模板 and 消息中心 (issue 38), the stock client's /message/sysMessageTemplate and /message/sysMessage. */
export async function messageRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, messageTemplateFlow, {
    tags: ['消息模板'],
    docs: {
      sendMsg: { description: 'testData 为模板变量的 JSON；缺少变量时拒绝并列出变量名。消息先写入消息中心，立即投递一次，失败由「消息发送」任务按退避重试。' },
    },
    handlers: {
      sendMsg: messages.sendTest,
      preview: async (_c, body) => templates.previewTemplate(body),
    },
  });
  registerResource(app, deps, messageTemplateResource, {
    tags: ['消息模板'],
    listResource: templates.templateWhitelist,
    service: templates.resource,
    messages: answers,
  });

  registerFlow(app, deps, messageFlow, {
    tags: ['消息中心'],
    handlers: { resend: messages.resend },
  });
  registerResource(app, deps, messageResource, {
    tags: ['消息中心'],
    listResource: messages.messageWhitelist,
    service: messages.resource,
    messages: answers,
  });
}
