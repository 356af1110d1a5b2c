import { BATCH_CLAIM_WINDOW_DAYS, claimDeadline, ClaimWindowMsg, type BatchRecord } from '@sbwq/contracts';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { formatMoney } from '../../../platform/format.ts';
import { BatchStatusTag } from './BatchStatusTag.tsx';

const yuan = (value: string | null) => (value === null ? null : `${formatMoney(value)} 元`);

/** 基本信息 of a batch (DOMAIN.md clue batch): what was applied for, what was decided, how it closed. */
export function BatchInfoTab({ batch }: { batch: BatchRecord }) {
  // 报销申请期限 (DOMAIN.md claim flow): the last day claims may be filed against a closed batch
  const deadline = claimDeadline(batch);
  const items: { label: string; value: ReactNode; span?: number }[] = [
    { label: '批次编号', value: batch.batchNo },
    { label: '批次名称', value: batch.batchName },
    { label: '状态', value: <BatchStatusTag batch={batch} /> },
    { label: '申请机构', value: batch.orgName },
    { label: '涉及权利', value: batch.rightNames, span: 2 },
    { label: '侵权类型', value: batch.infringeType_dictText },
    { label: '线索来源', value: batch.clueSource_dictText },
    { label: '侵权平台', value: batch.platform_dictText },
    { label: '维权方式', value: batch.rightsMethod_dictText },
    { label: '资金池', value: batch.poolName },
    { label: '线索数量', value: batch.itemCount },
    { label: '申请金额', value: yuan(batch.applyAmount) },
    { label: '核定金额', value: yuan(batch.approvedAmount) },
    { label: '已退回资金池', value: batch.releasedAmount && batch.releasedAmount !== '0.00' ? yuan(batch.releasedAmount) : null },
    { label: '提交时间', value: batch.submitTime },
    { label: '初审人', value: batch.firstReviewerName },
    { label: '审核时间', value: batch.approveTime },
    { label: '审核意见', value: batch.auditOpinion, span: 3 },
    { label: '开始维权', value: batch.startTime },
    { label: '申请结案', value: batch.closureApplyTime },
    { label: '结案时间', value: batch.closedTime },
    ...(deadline ? [{ label: ClaimWindowMsg.deadlineLabel, value: `${deadline}（结案后 ${BATCH_CLAIM_WINDOW_DAYS} 天）` }] : []),
    { label: '结案结果', value: batch.closureResult_dictText },
    // the deadline takes a cell of the row 成功率 would span
    {
      label: '成功率',
      value:
        batch.successRate === null
          ? null
          : `${batch.successRate}%（成功 ${batch.successCount}，失败 ${batch.failedCount}，不构成侵权 ${batch.notInfringingCount}）`,
      span: deadline ? 1 : 2,
    },
    { label: '结案说明', value: batch.closureSummary, span: 3 },
    { label: '结案材料', value: batch.closureFiles ? <FileLinks value={batch.closureFiles} /> : null, span: 3 },
    { label: '线索说明', value: batch.description, span: 3 },
    { label: '证据附件', value: <FileLinks value={batch.evidenceFiles} />, span: 3 },
    { label: '备注', value: batch.remark, span: 3 },
    { label: '创建人', value: batch.createByName ?? batch.createBy },
    { label: '创建时间', value: batch.createTime },
    { label: '更新时间', value: batch.updateTime },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, lg: 3 }}
      items={items.map((item) => ({
        key: item.label,
        label: item.label,
        children: item.value === null || item.value === undefined || item.value === '' ? '-' : item.value,
        span: item.span,
      }))}
    />
  );
}
