import type { batchFlow, BatchRecord } from '@sbwq/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import type { FlowActionOptions } from '../../../components/flow/useFlowActions.tsx';
import { ClosureApplyModal, WithdrawModal } from './BatchFlowModals.tsx';
import { BatchReviewModal, type ReviewKind } from './BatchReviewModal.tsx';

type Options = {
  onEdit: (batch: BatchRecord) => void;
  /** after any change the server accepted */
  onChanged: () => void;
};

/**
 * The dialogs of the batch actions that take a form (DOMAIN.md clue batch flow), for `useFlowActions`
 * and `FlowButtons`: which action a batch offers, its label and its confirm text come from `batchFlow`;
 * an action whose body is the id alone needs nothing here.
 */
export function useBatchDialogs({ onEdit, onChanged }: Options) {
  const [review, setReview] = useState<{ kind: ReviewKind; batch: BatchRecord } | null>(null);
  const [withdrawing, setWithdrawing] = useState<BatchRecord | null>(null);
  const [closing, setClosing] = useState<BatchRecord | null>(null);

  const forms = useMemo<NonNullable<FlowActionOptions<BatchRecord, (typeof batchFlow)['actions']>['forms']>>(
    () => ({
      edit: onEdit,
      review: (b) => setReview({ kind: 'review', batch: b }),
      closureReview: (b) => setReview({ kind: 'closure', batch: b }),
      withdraw: setWithdrawing,
      applyClosure: setClosing,
    }),
    [onEdit],
  );

  const dialogs: ReactNode = (
    <>
      <BatchReviewModal kind={review?.kind ?? 'review'} batch={review?.batch ?? null} onClose={() => setReview(null)} onDone={onChanged} />
      <WithdrawModal batch={withdrawing} onClose={() => setWithdrawing(null)} onDone={onChanged} />
      <ClosureApplyModal batch={closing} onClose={() => setClosing(null)} onDone={onChanged} />
    </>
  );

  return { forms, dialogs };
}
