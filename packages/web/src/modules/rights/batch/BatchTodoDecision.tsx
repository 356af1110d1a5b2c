import { ApprovalBizType, type ApprovalTodo } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { batchApi, batchKey } from './batch.api.ts';
import { BatchReviewModal } from './BatchReviewModal.tsx';

/** 线索批次 (4) and 结案 (5) rows of 待我审批. */
export const isBatchTodo = (todo: ApprovalTodo | null) =>
  todo !== null && (todo.bizType === ApprovalBizType.threaded || todo.bizType === ApprovalBizType.closure);

/** A batch waiting in 待我审批 is decided in the batch's own review dialog (核定金额, 退回补正, 结案审核). */
export function BatchTodoDecision({ todo, onClose, onDone }: { todo: ApprovalTodo | null; onClose: () => void; onDone: () => void }) {
  const id = isBatchTodo(todo) ? todo!.bizId : '';
  const batch = useQuery({ queryKey: batchKey(id), queryFn: () => batchApi.byId(id), enabled: Boolean(id), staleTime: 0 });
  // the read's refusal has been told (§8 notification): the row is no longer being decided
  const failed = Boolean(id) && batch.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  return (
    <BatchReviewModal
      kind={todo?.bizType === ApprovalBizType.closure ? 'closure' : 'review'}
      batch={id ? (batch.data ?? null) : null}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
