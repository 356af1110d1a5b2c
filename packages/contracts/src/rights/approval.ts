import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';
import { auditFields, dictText, nullableText } from '../record-fields.ts';

/** 审批记录 (DOMAIN.md approval) as the lists answer it. */
export const approvalRecordSchema = z.object({
  id: z.string(),
  bizType: z.string(),
  bizType_dictText: dictText,
  bizId: z.string(),
  bizTitle: nullableText,
  node: z.string(),
  node_dictText: dictText,
  result: z.string(),
  result_dictText: dictText,
  opinion: nullableText,
  approverId: z.string(),
  approverName: z.string(),
  approveTime: nullableText,
  orgId: nullableText,
  sysOrgCode: nullableText,
  ...auditFields,
});
export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

/** One row of 待我审批. */
export const approvalTodoSchema = z.object({
  bizType: z.string(),
  bizType_dictText: dictText,
  bizId: z.string(),
  bizTitle: z.string(),
  node: z.string(),
  node_dictText: dictText,
  orgId: z.string(),
  orgName: z.string(),
  submitBy: nullableText,
  submitByName: nullableText,
  submitTime: nullableText,
});
export type ApprovalTodo = z.infer<typeof approvalTodoSchema>;

/** `list` is everyone's 审批记录, `todo` the staff's 待我审批. */
export const ApprovalPerm = permCodes('rights:approval', ['list', 'todo']);

/** 审批记录 is a read-only list; 待我审批 is approval's own route. */
export const approvalResource = defineResource<ApprovalRecord>()({
  basePath: '/rights/approval',
  entity: '审批记录',
  record: approvalRecordSchema,
  perm: ApprovalPerm,
  routes: ['list'],
  // an organisation awaiting enrolment reads the decisions on its own enrolment (the service scopes them)
  onboarding: ['list'],
  docs: {
    list: {
      summary: '审批记录',
      description:
        '默认最新审批的在前。筛选：bizType、bizId、bizTitle（事项，*模糊*）、node、result、approverName、approveTime_begin/_end；协会工作人员可见全部，机构用户只见本机构业务的审批记录。',
    },
  },
});

/**
 * 待我审批 and its count: what waits for the caller's decision, across the records decided one by one
 * (each record's own flow holds its decision). The list sends its paging, sort and filters as any list
 * does; the server checks them against its whitelist.
 */
export const approvalFlow = defineFlow<ApprovalTodo>()({
  basePath: approvalResource.basePath,
  actions: {
    todo: {
      path: 'todo',
      method: 'GET',
      permission: ApprovalPerm.todo,
      query: z.record(z.string(), z.unknown()),
      reply: pageSchema(approvalTodoSchema),
      summary: '待我审批',
    },
    todoCount: {
      path: 'todoCount',
      method: 'GET',
      permission: ApprovalPerm.todo,
      reply: z.number(),
      summary: '待我审批的事项数',
    },
  },
});
