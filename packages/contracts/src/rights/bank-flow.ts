import { z } from 'zod';
import { Msg } from '../messages.ts';
import { defineFlow } from '../flow.ts';
import { ApprovalBizType, ApprovalNode, approveAction, AuditStatus, idBody, RightsMsg } from './common.ts';
import { bankAccountBody, BankPerm, bankResource, bankStatusBody, type BankAccountRecord } from './bank.ts';

type AuditStatusValue = (typeof AuditStatus)[keyof typeof AuditStatus];

/**
 * DOMAIN.md bank account: the organisation edits an account while it waits for finance or was rejected
 * (an edit sends it back to 待审核); finance decides 待审核 → 已通过 | 已驳回. Its default and its
 * 有效/无效 are the organisation's at any audit state. The order is the order of the buttons.
 */
export const bankFlow = defineFlow<BankAccountRecord, AuditStatusValue>()({
  basePath: bankResource.basePath,
  stateField: 'auditStatus',
  initial: AuditStatus.pending,
  actions: {
    edit: {
      standard: 'edit',
      path: 'edit',
      method: 'PUT',
      permission: BankPerm.edit,
      body: bankAccountBody,
      reply: z.null(),
      from: [AuditStatus.pending, AuditStatus.rejected],
      to: AuditStatus.pending,
      refusal: RightsMsg.bankNotEditable,
      who: 'owner',
      label: '编辑',
      inline: true,
    },
    approve: approveAction({
      path: 'approve',
      permission: BankPerm.approve,
      summary: '财务审核银行账户（待审核 → 已通过 | 已驳回）',
      from: [AuditStatus.pending],
      to: { pass: AuditStatus.approved, reject: AuditStatus.rejected },
      refusal: RightsMsg.bankNotPending,
      label: '审核',
      decision: { bizType: ApprovalBizType.bank, node: ApprovalNode.finance },
    }),
    setDefault: {
      path: 'setDefault',
      permission: BankPerm.edit,
      body: idBody,
      reply: z.null(),
      done: Msg.ok,
      summary: '设为默认账户',
      who: 'owner',
      label: '设为默认',
      confirm: (a) => `确定将尾号 ${a.accountNo.slice(-4)} 的账户设为默认账户吗？`,
      offered: (a) => a.isDefault !== '1' && a.status === '1',
    },
    changeStatus: {
      path: 'changeStatus',
      permission: BankPerm.edit,
      body: bankStatusBody,
      reply: z.null(),
      done: Msg.ok,
      summary: '启用/停用银行账户（status 1 有效，0 无效）',
      who: 'owner',
    },
    delete: {
      standard: 'delete',
      path: 'delete',
      method: 'DELETE',
      permission: BankPerm.delete,
      query: idBody,
      reply: z.null(),
      who: 'owner',
      label: '删除',
      tone: 'danger',
      confirm: () => '确定删除吗?',
    },
  },
});
