import { z } from 'zod';
import { defineFlow, FILE_REPLY, pageSchema } from '../flow.ts';
import { MONEY_PATTERN, toCents } from '../finance/money.ts';
import { ApprovalBizType, ApprovalNode, idBody } from './common.ts';
import {
  BATCH_BASE,
  batchClosureBody,
  batchClosureReviewBody,
  batchEditBody,
  batchIdQuery,
  batchItemsSaveBody,
  BatchMsg,
  BatchPerm,
  batchProgressBody,
  batchReviewBody,
  batchWithdrawBody,
  DEFAULT_SECOND_REVIEW_THRESHOLD,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  WITHDRAWABLE_STATUSES,
} from './batch.ts';
import { BatchStatus, type BatchStatusValue } from './batch-vocab.ts';
import {
  batchImportResultSchema,
  batchItemRecordSchema,
  batchLogRecordSchema,
  batchPoolOptionSchema,
  batchRecordSchema,
  batchRightOptionSchema,
  progressRecordSchema,
  type BatchRecord,
} from './batch-records.ts';

/** The item list's paging and filters beside `batchId` (the server checks them against its whitelist). */
const itemListQuery = batchIdQuery.extend({
  pageNo: z.coerce.number().optional(),
  pageSize: z.coerce.number().optional(),
  status: z.string().optional(),
  linkUrl: z.string().optional(),
});

const EDITABLE = EDITABLE_STATUSES as readonly BatchStatusValue[];

/**
 * DOMAIN.md clue batch flow, once for both sides. The organisation edits and submits its 草稿 / 退回补正,
 * deletes a 草稿 and withdraws a submitted batch before 维权中 (the record's `editable` / `withdrawable`
 * also say it is the caller's own); reviewers decide 待审核 / 待复审 and 待结案审核; the organisation
 * starts enforcement at 待维权, logs progress and applies for closure while 维权中. The order is the
 * order of the buttons.
 */
export const batchFlow = defineFlow<BatchRecord, BatchStatusValue>()({
  basePath: BATCH_BASE,
  stateField: 'status',
  initial: BatchStatus.draft,
  actions: {
    edit: {
      standard: 'edit',
      path: 'edit',
      method: 'PUT',
      permission: BatchPerm.edit,
      body: batchEditBody,
      reply: z.null(),
      from: EDITABLE,
      refusal: BatchMsg.notEditable,
      who: 'owner',
      label: '编辑',
      inline: true,
      offered: (b) => b.editable,
    },
    submit: {
      path: 'submit',
      permission: BatchPerm.submit,
      body: idBody,
      reply: z.null(),
      done: BatchMsg.submitted,
      summary: '提交审核（草稿/退回补正 → 待审核）',
      from: EDITABLE,
      to: BatchStatus.pending,
      refusal: BatchMsg.notSubmittable,
      who: 'owner',
      label: '提交',
      tone: 'primary',
      confirm: (b) => `确定提交「${b.batchName}」审核吗？共 ${b.itemCount} 条线索，审核期间不能修改。`,
      offered: (b) => b.editable,
    },
    delete: {
      standard: 'delete',
      path: 'delete',
      method: 'DELETE',
      permission: BatchPerm.delete,
      query: idBody,
      reply: z.null(),
      from: DELETABLE_STATUSES as readonly BatchStatusValue[],
      refusal: BatchMsg.notDeletable,
      who: 'owner',
      label: '删除',
      tone: 'danger',
      confirm: () => '确定删除吗?',
      offered: (b) => b.editable,
    },
    withdraw: {
      path: 'withdraw',
      permission: BatchPerm.withdraw,
      body: batchWithdrawBody,
      reply: z.null(),
      done: BatchMsg.withdrawn,
      summary: '撤销（维权开始前；已冻结金额解冻）',
      from: WITHDRAWABLE_STATUSES as readonly BatchStatusValue[],
      to: BatchStatus.withdrawn,
      refusal: BatchMsg.notWithdrawable,
      who: 'owner',
      label: '撤销',
      tone: 'danger',
      offered: (b) => b.withdrawable,
    },
    review: {
      path: 'review',
      permission: BatchPerm.review,
      body: batchReviewBody,
      reply: z.null(),
      summary: '初审/复审（pass/reject/returned）',
      from: [BatchStatus.pending, BatchStatus.secondReview],
      to: { toSecondReview: BatchStatus.secondReview, pass: BatchStatus.toEnforce, reject: BatchStatus.rejected, returned: BatchStatus.returned },
      refusal: BatchMsg.notPending,
      who: 'notSubmitter',
      decision: { bizType: ApprovalBizType.threaded, node: { [BatchStatus.pending]: ApprovalNode.first, [BatchStatus.secondReview]: ApprovalNode.second } },
      label: '审核',
      tone: 'primary',
      inline: true,
    },
    startEnforce: {
      path: 'startEnforce',
      permission: BatchPerm.enforce,
      body: idBody,
      reply: z.null(),
      done: BatchMsg.started,
      summary: '开始维权（待维权 → 维权中）',
      from: [BatchStatus.toEnforce],
      to: BatchStatus.enforcing,
      refusal: BatchMsg.notStartable,
      who: 'owner',
      label: '开始维权',
      tone: 'primary',
      inline: true,
      confirm: (b) => `确定开始维权「${b.batchName}」吗？开始后不能撤销，线索明细不能再增删。`,
    },
    progressAdd: {
      path: 'progress/add',
      permission: BatchPerm.progress,
      body: batchProgressBody,
      reply: z.string(),
      done: BatchMsg.progressAdded,
      summary: '记录维权进度（维权中）',
      from: [BatchStatus.enforcing],
      refusal: BatchMsg.notEnforcing,
      who: 'owner',
    },
    applyClosure: {
      path: 'applyClosure',
      permission: BatchPerm.closure,
      body: batchClosureBody,
      reply: z.null(),
      done: BatchMsg.closureApplied,
      summary: '申请结案（维权中 → 待结案审核）',
      from: [BatchStatus.enforcing],
      to: BatchStatus.closurePending,
      refusal: BatchMsg.notEnforcing,
      who: 'owner',
      label: '申请结案',
    },
    closureReview: {
      path: 'closureReview',
      permission: BatchPerm.closureReview,
      body: batchClosureReviewBody,
      reply: z.null(),
      summary: '结案审核（pass → 已结案；returned → 维权中）',
      from: [BatchStatus.closurePending],
      to: { pass: BatchStatus.closed, returned: BatchStatus.enforcing },
      refusal: BatchMsg.notClosurePending,
      who: 'notSubmitter',
      decision: { bizType: ApprovalBizType.closure, node: ApprovalNode.first },
      label: '结案审核',
      tone: 'primary',
      inline: true,
    },
    itemList: {
      path: 'item/list',
      method: 'GET',
      permission: BatchPerm.list,
      query: itemListQuery,
      reply: pageSchema(batchItemRecordSchema),
      summary: '线索明细列表',
    },
    itemSave: {
      path: 'item/save',
      permission: BatchPerm.edit,
      body: batchItemsSaveBody,
      reply: batchRecordSchema,
      done: BatchMsg.itemsSaved,
      summary: '保存线索明细（可编辑表格的 values 与 deleteIds）',
    },
    itemImport: {
      path: 'item/importExcel',
      upload: true,
      permission: BatchPerm.import,
      query: batchIdQuery,
      reply: batchImportResultSchema,
      summary: '导入线索明细（.xlsx；有任一行错误则全部不导入）',
    },
    itemTemplate: { path: 'item/importTemplate', method: 'GET', permission: BatchPerm.import, reply: FILE_REPLY, summary: '下载线索明细导入模板' },
    progressList: {
      path: 'progress/list',
      method: 'GET',
      permission: BatchPerm.list,
      query: batchIdQuery,
      reply: z.array(progressRecordSchema),
      summary: '进度记录（时间线，最早的在前）',
    },
    logList: {
      path: 'log/list',
      method: 'GET',
      permission: BatchPerm.list,
      query: batchIdQuery,
      reply: z.array(batchLogRecordSchema),
      summary: '批次操作日志（最新的在前）',
    },
    usableRights: {
      path: 'usableRights',
      method: 'GET',
      permission: BatchPerm.add,
      reply: z.array(batchRightOptionSchema),
      summary: '可用于线索批次的本机构权利（已通过审核、未过期、授权未过期）',
    },
    pools: {
      path: 'pools',
      method: 'GET',
      permission: BatchPerm.add,
      reply: z.array(batchPoolOptionSchema),
      summary: '可申请的资金池（启用且设有单件补贴标准），含本机构尚可申请金额',
    },
  },
});

/**
 * The 复审 threshold (DOMAIN.md clue batch: 待复审 when 申请金额 is above a configured threshold) from the
 * text of the `threaded_setting` dictionary's item: an amount, else (missing, not an amount) the default.
 */
export function secondReviewThreshold(text: string | null | undefined): string {
  const amount = text?.trim() ?? '';
  return MONEY_PATTERN.test(amount) ? amount : DEFAULT_SECOND_REVIEW_THRESHOLD;
}

/** Whether a 初审 pass of a batch asking this 申请金额 goes on to 复审 (the server's outcome, the dialog's note). */
export const needsSecondReview = (applyAmount: string, threshold: string | null | undefined): boolean =>
  toCents(applyAmount) > toCents(secondReviewThreshold(threshold));

/** The review that decides the money (核定金额): 复审 always; 初审 when the batch does not go on to 复审. */
export function isFinalReview(batch: Pick<BatchRecord, 'status' | 'applyAmount'>, threshold: string | null | undefined): boolean {
  if (batch.status === BatchStatus.secondReview) return true;
  return batch.status === BatchStatus.pending && !needsSecondReview(batch.applyAmount, threshold);
}
