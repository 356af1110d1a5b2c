import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { ApprovalBizType, ApprovalNode, approveAction, AuditStatus, idBody, RightsMsg } from './common.ts';
import { idsBody, rightBody, RightPerm, rightResource, type RightRecord } from './right.ts';

type AuditStatusValue = (typeof AuditStatus)[keyof typeof AuditStatus];

/** 草稿 and 已驳回: the organisation may still change, submit or delete the record. */
const OPEN = [AuditStatus.draft, AuditStatus.rejected] as const;

/**
 * DOMAIN.md protected-rights record: the organisation files a mark as 草稿, edits, deletes and submits it
 * while 草稿 or 已驳回 (the record's `editable` also says it is the caller's own); the reviewer decides
 * 待审核 → 已通过 | 已驳回. The order is the order of the buttons.
 */
export const rightFlow = defineFlow<RightRecord, AuditStatusValue>()({
  basePath: rightResource.basePath,
  stateField: 'auditStatus',
  initial: AuditStatus.draft,
  actions: {
    edit: {
      standard: 'edit',
      path: 'edit',
      method: 'PUT',
      permission: RightPerm.edit,
      body: rightBody,
      reply: z.null(),
      from: OPEN,
      refusal: RightsMsg.rightNotEditable,
      who: 'owner',
      label: '编辑',
      inline: true,
      offered: (r) => r.editable,
    },
    submit: {
      path: 'submit',
      permission: RightPerm.edit,
      body: idsBody,
      reply: z.null(),
      done: RightsMsg.rightSubmitted,
      summary: '提交审核（草稿/已驳回 → 待审核）',
      from: OPEN,
      to: AuditStatus.pending,
      refusal: RightsMsg.rightNotSubmittable,
      who: 'owner',
      label: '提交审核',
      input: (r) => ({ ids: r.id }),
      confirm: (r) => `确定将「${r.trademarkName}」提交审核吗？`,
      offered: (r) => r.editable,
    },
    withdraw: {
      path: 'withdraw',
      permission: RightPerm.edit,
      body: idBody,
      reply: z.null(),
      done: RightsMsg.rightWithdrawn,
      summary: '撤回审核（待审核 → 草稿，审核人决定之前）',
      from: [AuditStatus.pending],
      to: AuditStatus.draft,
      refusal: RightsMsg.rightNotWithdrawable,
      who: 'owner',
      label: '撤回',
      confirm: (r) => `确定撤回「${r.trademarkName}」的审核申请吗？撤回后可修改再提交。`,
    },
    approve: approveAction({
      path: 'approve',
      permission: RightPerm.approve,
      summary: '审核受保护权利（待审核 → 已通过 | 已驳回）',
      from: [AuditStatus.pending],
      to: { pass: AuditStatus.approved, reject: AuditStatus.rejected },
      refusal: RightsMsg.rightNotPending,
      label: '审核',
      decision: { bizType: ApprovalBizType.right, node: ApprovalNode.first },
    }),
    delete: {
      standard: 'delete',
      path: 'delete',
      method: 'DELETE',
      permission: RightPerm.delete,
      query: idBody,
      reply: z.null(),
      from: OPEN,
      refusal: RightsMsg.rightNotDeletable,
      who: 'owner',
      label: '删除',
      tone: 'danger',
      confirm: () => '确定删除吗?',
      offered: (r) => r.editable,
    },
  },
});
