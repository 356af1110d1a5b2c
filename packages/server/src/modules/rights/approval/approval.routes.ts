import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../app.ts';
import { RightsPerm } from '../shared/perms.ts';
import { listQuerySchema, pageQuerySchema } from '../../../platform/list/list-schema.ts';
import { approvalResource, listApprovals, todoList } from './approval.service.ts';

const tags = ['审批'];
const todoQuery = pageQuerySchema({ bizType: z.string().max(10).optional().describe('业务类型（字典 approval_biz_type）') });

export async function approvalRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;

  r.get(
    '/rights/approval/todo',
    {
      config: { permission: RightsPerm.approvalTodo },
      schema: {
        tags,
        summary: '待我审批',
        description: '按调用者的审批权限列出待审批事项（入驻、认证、权利备案、银行账户），最早提交的在前，不含本人提交的。可按 bizType 筛选；分页 pageNo/pageSize。',
        querystring: todoQuery,
      },
    },
    async (request) => ok(await todoList(db, dicts, request.user!, request.query), Msg.ok, 200),
  );

  r.get(
    '/rights/approval/list',
    {
      config: { permission: RightsPerm.approvalList },
      schema: {
        tags,
        summary: '审批记录',
        description: '筛选：bizType、bizId、node、result、approverName、approveTime_begin/_end；协会工作人员可见全部，机构用户只见本机构业务的审批记录。',
        querystring: listQuerySchema(approvalResource),
      },
    },
    async (request) => ok(await listApprovals(db, dicts, request.user!, request.query), Msg.ok, 200),
  );
}
