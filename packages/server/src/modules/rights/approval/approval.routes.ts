import type { FastifyInstance } from 'fastify';
import { approvalFlow, approvalResource, Msg, RightsMsg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { approvalWhitelist, listApprovals, todoCount, todoList, todoResource } from '../../core/approval/approval.service.ts';

const tags = ['审批'];

export async function approvalRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, approvalFlow, {
    tags,
    handlers: {
      todo: (c, query) => todoList(c.db, c.deps.dicts, c.user, query),
      todoCount: (c) => todoCount(c.db, c.user),
    },
    queries: { todo: listQuerySchema(todoResource) },
    docs: {
      todo: {
        description:
          '按调用者的审批权限列出待审批事项（入驻、认证、权利备案、银行账户、线索批次初审/复审、结案），不含本人提交的；默认最新提交的在前。筛选：bizType，orgName 与 bizTitle（事项，*模糊*），submitTime_begin/_end；排序 column：submitTime、bizType、bizTitle、orgName、node；分页 pageNo/pageSize。',
      },
      todoCount: { description: 'result 为等待调用者审批的事项数（与待我审批列表的总数相同），页头的待审批入口显示它。' },
    },
  });

  registerResource(app, deps, approvalResource, {
    tags,
    listResource: approvalWhitelist,
    service: { list: (c, query) => listApprovals(c.db, c.deps.dicts, c.user, query) },
    messages: { added: RightsMsg.added, edited: RightsMsg.edited, deleted: RightsMsg.deleted, queried: Msg.ok },
  });
}
