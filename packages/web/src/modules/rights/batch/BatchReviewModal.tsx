import { BATCH_SETTING_DICT, BatchMsg, isFinalReview, SECOND_REVIEW_THRESHOLD_KEY, BatchStatus, type BatchRecord } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form } from 'antd';
import { useDictItems } from '../../../components/dict/useDictItems.ts';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { formatMoney } from '../../../platform/format.ts';
import { APPROVAL_TODO_COUNT_KEY } from '../../approval/approval.api.ts';
import { batchApi } from './batch.api.ts';
import { ApprovedAmountField, ReviewFacts, ReviewModal, ReviewOpinionField, ReviewResultField } from '../../../components/form/ReviewFields.tsx';

export type ReviewKind = 'review' | 'closure';
type Result = 'pass' | 'reject' | 'returned';
type Values = { result: Result; opinion?: string; approvedAmount?: string };

const RESULTS: Record<ReviewKind, { value: Result; label: string }[]> = {
  review: [
    { value: 'pass', label: '通过' },
    { value: 'reject', label: '驳回' },
    { value: 'returned', label: '退回补正' },
  ],
  closure: [
    { value: 'pass', label: '通过（结案）' },
    { value: 'returned', label: '退回（继续维权）' },
  ],
};

/** The threshold text of the `threaded_setting` dictionary, as the server reads it. */
function useSecondReviewThreshold(): string | undefined {
  const { items } = useDictItems(BATCH_SETTING_DICT);
  return items.find((item) => item.value === SECOND_REVIEW_THRESHOLD_KEY)?.text;
}

type BatchReviewModalProps = {
  kind: ReviewKind;
  batch: BatchRecord | null;
  onClose: () => void;
  onDone: () => void;
};

/**
 * 审核 (初审 / 复审) and 结案审核 of a batch (DOMAIN.md clue batch flow). 驳回 and 退回 need an opinion;
 * the pass that decides the money asks 核定金额 (≤ 申请金额, default 申请金额), which the server then
 * freezes in the pool. 复审 decides with 初审's decision in view: who passed it, at what amount, and why.
 * A refusal (not enough balance, 单机构上限, decided by someone else) is told by the spec §8 notification
 * in the server's words, and the dialog stays open with what was entered, so the reviewer can change the amount.
 */
export function BatchReviewModal({ kind, batch, onClose, onDone }: BatchReviewModalProps) {
  const queryClient = useQueryClient();
  const threshold = useSecondReviewThreshold();
  const finalReview = kind === 'review' && batch !== null && isFinalReview(batch, threshold);
  const dialog = useModalForm<BatchRecord, Values>({
    open: batch !== null,
    record: batch,
    initial: () => ({}),
    load: (b) => ({ result: 'pass', approvedAmount: b.approvedAmount ?? b.applyAmount }),
    save: (values) => {
      const opinion = values.opinion?.trim() || null;
      if (kind === 'closure') return batchApi.closureReview({ id: batch!.id, result: values.result === 'pass' ? 'pass' : 'returned', opinion });
      return batchApi.review({
        id: batch!.id,
        result: values.result,
        opinion,
        approvedAmount: finalReview && values.result === 'pass' ? values.approvedAmount!.trim() : null,
      });
    },
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVAL_TODO_COUNT_KEY });
      onDone();
    },
    onClose,
  });
  const result = Form.useWatch('result', dialog.form);
  const asksAmount = finalReview && result === 'pass';

  const node = kind === 'closure' ? '结案审核' : batch?.status === BatchStatus.secondReview ? '复审' : '初审';
  return (
    <ReviewModal dialog={dialog} onClose={onClose} open={batch !== null} title={`${node}：${batch?.batchNo ?? ''} ${batch?.batchName ?? ''}`}>
      {batch && (
        <ReviewFacts>
          <Descriptions.Item label="申请机构">{batch.orgName}</Descriptions.Item>
          <Descriptions.Item label="资金池">{batch.poolName}</Descriptions.Item>
          <Descriptions.Item label="线索数量">{batch.itemCount}</Descriptions.Item>
          <Descriptions.Item label="申请金额（元）">{formatMoney(batch.applyAmount)}</Descriptions.Item>
          {kind === 'review' && batch.status === BatchStatus.secondReview && (
            <>
              <Descriptions.Item label="初审人">{batch.firstReviewerName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="初审通过金额（元）">{formatMoney(batch.approvedAmount ?? batch.applyAmount)}</Descriptions.Item>
              <Descriptions.Item label="初审意见" span={2}>
                {batch.auditOpinion?.trim() || '无'}
              </Descriptions.Item>
            </>
          )}
          {kind === 'closure' && (
            <>
              <Descriptions.Item label="核定金额（元）">{formatMoney(batch.approvedAmount)}</Descriptions.Item>
              <Descriptions.Item label="成功率">{batch.successRate ? `${batch.successRate}%` : '-'}</Descriptions.Item>
              <Descriptions.Item label="结案说明" span={2}>
                {batch.closureSummary}
              </Descriptions.Item>
            </>
          )}
        </ReviewFacts>
      )}
      <Form form={dialog.form} layout="vertical" name="batch-review-form">
        <ReviewResultField options={RESULTS[kind]} />
        {kind === 'review' && !finalReview && result === 'pass' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="申请金额超过复审金额标准，初审通过后转复审，由另一位审核人核定金额。" />
        )}
        {asksAmount && batch && (
          <ApprovedAmountField
            limit={batch.applyAmount}
            tooMuch="核定金额不能大于申请金额"
            extra={`不超过申请金额 ${formatMoney(batch.applyAmount)} 元；通过后从资金池冻结`}
          />
        )}
        <ReviewOpinionField passing={result === 'pass'} requiredMessage={BatchMsg.opinionRequired} />
      </Form>
    </ReviewModal>
  );
}
