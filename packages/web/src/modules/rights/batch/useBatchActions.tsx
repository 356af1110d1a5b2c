import type { BatchRecord, Envelope } from '@sbwq/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import type { RowAction } from '../../../components/list/types.ts';
import { allowedInState, batchActionCode, type BatchActionKey } from './batch.actions.ts';
import { batchApi } from './batch.api.ts';
import { ClosureApplyModal, WithdrawModal } from './BatchFlowModals.tsx';
import { BatchReviewModal, type ReviewKind } from './BatchReviewModal.tsx';

type Options = {
  onEdit: (batch: BatchRecord) => void;
  /** after any change the server accepted */
  onChanged: () => void;
};

/** What an action does: a call after a confirmation, or a dialog. */
type Handler = { label: string; inline?: boolean; danger?: boolean; confirm?: (b: BatchRecord) => string; call?: (b: BatchRecord) => Promise<Envelope<unknown>>; open?: (b: BatchRecord) => void };

/**
 * The flow actions of a batch (DOMAIN.md clue batch flow), shared by the list's rows and the detail
 * page's buttons: which one shows follows `batch.actions.ts`; the dialogs they open are in `dialogs`.
 */
export function useBatchActions({ onEdit, onChanged }: Options) {
  const [review, setReview] = useState<{ kind: ReviewKind; batch: BatchRecord } | null>(null);
  const [withdrawing, setWithdrawing] = useState<BatchRecord | null>(null);
  const [closing, setClosing] = useState<BatchRecord | null>(null);

  const handlers = useMemo<Record<Exclude<BatchActionKey, 'progress'>, Handler>>(
    () => ({
      edit: { label: '编辑', inline: true, open: onEdit },
      submit: {
        label: '提交',
        confirm: (b) => `确定提交「${b.batchName}」审核吗？共 ${b.itemCount} 条线索，审核期间不能修改。`,
        call: (b) => batchApi.submit(b.id),
      },
      review: { label: '审核', inline: true, open: (b) => setReview({ kind: 'review', batch: b }) },
      startEnforce: { label: '开始维权', inline: true, confirm: (b) => `确定开始维权「${b.batchName}」吗？开始后不能撤销，线索明细不能再增删。`, call: (b) => batchApi.startEnforce(b.id) },
      applyClosure: { label: '申请结案', open: setClosing },
      closureReview: { label: '结案审核', inline: true, open: (b) => setReview({ kind: 'closure', batch: b }) },
      withdraw: { label: '撤销', danger: true, open: setWithdrawing },
      delete: { label: '删除', danger: true, confirm: () => '确定删除吗?', call: (b) => batchApi.remove!(b) },
    }),
    [onEdit],
  );

  const rowActions = useMemo<RowAction<BatchRecord>[]>(
    () =>
      (Object.keys(handlers) as (keyof typeof handlers)[]).map((key) => {
        const h = handlers[key];
        return {
          key,
          label: h.label,
          code: batchActionCode(key),
          inline: h.inline,
          danger: h.danger,
          confirm: h.confirm,
          visible: (b: BatchRecord) => allowedInState(key, b),
          onClick: (b: BatchRecord) => (h.call ? h.call(b) : h.open?.(b)),
        };
      }),
    [handlers],
  );

  const dialogs: ReactNode = (
    <>
      <BatchReviewModal kind={review?.kind ?? 'review'} batch={review?.batch ?? null} onClose={() => setReview(null)} onDone={onChanged} />
      <WithdrawModal batch={withdrawing} onClose={() => setWithdrawing(null)} onDone={onChanged} />
      <ClosureApplyModal batch={closing} onClose={() => setClosing(null)} onDone={onChanged} />
    </>
  );

  return { handlers, rowActions, dialogs };
}
