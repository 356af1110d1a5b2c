import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApprovalPerm, approvalResource, Msg, RightsMsg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { approvalWhitelist, listApprovals, todoCount, todoList, todoResource } from '../../core/approval/approval.service.ts';

const tags = ['审批'];

export async function approvalRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;

  r.get(
    '/rights/approval/todo',
    {
      config: { permission: ApprovalPerm.todo },
      schema: {
        tags,
        summary: '待我审批',
        description:
          '按调用者的审批权限列出待审批事项（入驻、认证、权利备案、银行账户、线索批次初审/复审、结案），不含本人提交的；默认最新提交的在前。筛选：bizType，orgName 与 bizTitle（事项，*模糊*），submitTime_begin/_end；排序 column：submitTime、bizType、bizTitle、orgName、node；分页 pageNo/pageSize。',
        querystring: listQuerySchema(todoResource),
      },
    },
    async (request) => ok(await todoList(db, dicts, request.user!, request.query), Msg.ok, 200),
  );

  r.get(
    '/rights/approval/todoCount',
    {
      config: { permission: ApprovalPerm.todo },
      schema: { tags, summary: '待我审批的事项数', description: 'result 为等待调用者审批的事项数（与待我审批列表的总数相同），页头的待审批入口显示它。' },
    },
    async (request) => ok(await todoCount(db, request.user!), Msg.ok, 200),
  );

  registerResource(app, deps, approvalResource, {
    tags,
    listResource: approvalWhitelist,
    docs: {
      list: {
        summary: '审批记录',
        description: '默认最新审批的在前。筛选：bizType、bizId、bizTitle（事项，*模糊*）、node、result、approverName、approveTime_begin/_end；协会工作人员可见全部，机构用户只见本机构业务的审批记录。',
      },
    },
    service: { list: (c, query) => listApprovals(c.db, c.deps.dicts, c.user, query) },
    messages: { added: RightsMsg.added, edited: RightsMsg.edited, deleted: RightsMsg.deleted, queried: Msg.ok },
  });
}
