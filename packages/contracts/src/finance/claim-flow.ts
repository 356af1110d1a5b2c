import { z } from 'zod';
import { defineFlow, FILE_REPLY, pageSchema } from '../flow.ts';
import { ApprovalBizType, ApprovalNode, idBody } from '../rights/common.ts';
import { moneyText } from './money.ts';
import { CLAIM_BASE, claimEditBody, ClaimMsg, claimPayBody, claimPayFailedBody, ClaimPerm, claimReviewBody, PaymentPerm } from './claim.ts';
import {
  batchMoneySummarySchema,
  CLAIM_EDITABLE_STATUSES,
  CLAIM_PAYABLE_STATUSES,
  claimBankOptionSchema,
  claimBatchOptionSchema,
  claimProgressEntrySchema,
  claimRecordSchema,
  ClaimStatus,
  paymentRecordSchema,
  type ClaimRecord,
  type ClaimStatusValue,
} from './claim-records.ts';

const EDITABLE = CLAIM_EDITABLE_STATUSES as readonly ClaimStatusValue[];
const PAYABLE = CLAIM_PAYABLE_STATUSES as readonly ClaimStatusValue[];

/** 付款管理's paging and filters (the server checks them against the claims' whitelist). */
const paymentListQuery = z
  .object({ pageNo: z.coerce.number().optional(), pageSize: z.coerce.number().optional(), status: z.string().optional() })
  .catchall(z.unknown());

/**
 * DOMAIN.md expense claim flow, once for both sides: the organisation edits and submits its 待提交 /
 * 退回补充发票 claim and deletes a 待提交 one (the record's `editable` also says it is the caller's own);
 * the reviewer decides 待业务审核, finance 待财务审核, and finance pays or marks failed what waits for
 * payment (待付款, 付款失败). The writes answer the claim as it now stands (pay: every claim paid).
 */
export const claimFlow = defineFlow<ClaimRecord, ClaimStatusValue>()({
  basePath: CLAIM_BASE,
  stateField: 'status',
  initial: ClaimStatus.draft,
  actions: {
    edit: {
      standard: 'edit',
      path: 'edit',
      method: 'PUT',
      permission: ClaimPerm.edit,
      body: claimEditBody,
      reply: claimRecordSchema,
      from: EDITABLE,
      refusal: ClaimMsg.notEditable,
      who: 'owner',
      label: '编辑',
      inline: true,
      offered: (c) => c.editable,
    },
    submit: {
      path: 'submit',
      permission: ClaimPerm.submit,
      body: idBody,
      reply: claimRecordSchema,
      done: ClaimMsg.submitted,
      summary: '提交报销单（待提交/退回补充发票 → 待业务审核）',
      from: EDITABLE,
      to: ClaimStatus.bizReview,
      refusal: ClaimMsg.notSubmittable,
      who: 'owner',
      label: '提交',
      tone: 'primary',
      inline: true,
      confirm: (c) => `确定提交报销单「${c.claimNo}」吗？申请金额 ${moneyText(c.applyAmount)} 元，审核期间不能修改。`,
      offered: (c) => c.editable,
    },
    delete: {
      standard: 'delete',
      path: 'delete',
      method: 'DELETE',
      permission: ClaimPerm.delete,
      query: idBody,
      reply: z.null(),
      from: [ClaimStatus.draft],
      refusal: ClaimMsg.notDeletable,
      who: 'owner',
      label: '删除',
      tone: 'danger',
      confirm: (c) => `确定删除报销单「${c.claimNo}」吗？`,
      offered: (c) => c.editable,
    },
    bizReview: {
      path: 'bizReview',
      permission: ClaimPerm.bizReview,
      body: claimReviewBody,
      reply: claimRecordSchema,
      summary: '业务审核（待业务审核 → 待财务审核/已驳回/退回补充发票）',
      from: [ClaimStatus.bizReview],
      to: { pass: ClaimStatus.financeReview, reject: ClaimStatus.rejected, returned: ClaimStatus.returned },
      refusal: ClaimMsg.notBizReview,
      who: 'notSubmitter',
      decision: { bizType: ApprovalBizType.claim, node: ApprovalNode.first },
      label: '业务审核',
      tone: 'primary',
      inline: true,
    },
    financeReview: {
      path: 'financeReview',
      permission: ClaimPerm.financeReview,
      body: claimReviewBody,
      reply: claimRecordSchema,
      summary: '财务审核（待财务审核 → 待付款/已驳回/退回补充发票）',
      from: [ClaimStatus.financeReview],
      to: { pass: ClaimStatus.toPay, reject: ClaimStatus.rejected, returned: ClaimStatus.returned },
      refusal: ClaimMsg.notFinanceReview,
      who: 'notSubmitter',
      decision: { bizType: ApprovalBizType.claim, node: ApprovalNode.finance },
      label: '财务审核',
      tone: 'primary',
      inline: true,
    },
    pay: {
      path: 'payment/pay',
      permission: PaymentPerm.pay,
      body: claimPayBody,
      reply: z.array(claimRecordSchema),
      summary: '付款（一张或多张；多张在一个事务中全部成功或全部不付）',
      from: PAYABLE,
      to: ClaimStatus.paid,
      refusal: ClaimMsg.notPayable,
      who: 'staff',
      label: '付款',
      tone: 'primary',
      inline: true,
    },
    payFailed: {
      path: 'payment/fail',
      permission: PaymentPerm.fail,
      body: claimPayFailedBody,
      reply: claimRecordSchema,
      done: ClaimMsg.payFailed,
      summary: '登记付款失败（不变动资金）',
      from: PAYABLE,
      to: ClaimStatus.payFailed,
      refusal: ClaimMsg.notPayable,
      who: 'staff',
      label: '付款失败',
      tone: 'danger',
    },
    progress: {
      path: 'progress',
      method: 'GET',
      permission: ClaimPerm.list,
      query: idBody,
      reply: z.array(claimProgressEntrySchema),
      summary: '报销单财务进度（时间线，最早的在前）',
    },
    batchSummary: {
      path: 'batchSummary',
      method: 'GET',
      permission: ClaimPerm.list,
      query: z.object({ batchId: idBody.shape.id }),
      reply: batchMoneySummarySchema,
      summary: '批次资金进度：核定、冻结、申请、已核定、已付、已解冻、尚可报销',
    },
    batchOptions: {
      path: 'batchOptions',
      method: 'GET',
      permission: ClaimPerm.add,
      reply: z.array(claimBatchOptionSchema),
      summary: '可报销的本机构批次（维权中或已结案且有冻结金额）',
    },
    bankOptions: {
      path: 'bankOptions',
      method: 'GET',
      permission: ClaimPerm.add,
      reply: z.array(claimBankOptionSchema),
      summary: '本机构已审核通过的收款账户',
    },
    paymentList: {
      path: 'payment/list',
      method: 'GET',
      permission: PaymentPerm.list,
      query: paymentListQuery,
      reply: pageSchema(claimRecordSchema),
      summary: '付款管理列表（默认待付款、付款失败、已付款）',
    },
    paymentRecords: {
      path: 'payment/records',
      method: 'GET',
      permission: ClaimPerm.list,
      query: z.object({ claimId: idBody.shape.id }),
      reply: z.array(paymentRecordSchema),
      summary: '报销单的付款记录（最新的在前）',
    },
    payRunExport: {
      path: 'payment/exportPayRun',
      method: 'GET',
      permission: PaymentPerm.export,
      query: z.object({ ids: z.string({ error: '请选择报销单' }).min(1, '请选择报销单').max(4000) }),
      reply: FILE_REPLY,
      summary: '导出付款清单（收款户名、开户行、账号、金额、用途）',
    },
  },
});
