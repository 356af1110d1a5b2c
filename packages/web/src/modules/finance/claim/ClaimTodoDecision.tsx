import { ApprovalBizType, type ApprovalTodo } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { claimApi, claimKey } from './claim.api.ts';
import { ClaimReviewModal } from './ClaimReviewModal.tsx';

/** 报销 (6) rows of 待我审批. */
export const isClaimTodo = (todo: ApprovalTodo | null) => todo !== null && todo.bizType === ApprovalBizType.claim;

/**
 * A claim waiting in 待我审批 is decided in the claim's own review dialog, as from 报销管理: 业务审核 or
 * 财务审核 by the claim's state, with its invoices and 核定金额. The claim is read afresh, since the row
 * may be older than a decision someone else took.
 */
export function ClaimTodoDecision({ todo, onClose, onDone }: { todo: ApprovalTodo | null; onClose: () => void; onDone: () => void }) {
  const id = isClaimTodo(todo) ? todo!.bizId : '';
  const claim = useQuery({ queryKey: claimKey(id), queryFn: () => claimApi.byId(id), enabled: Boolean(id), staleTime: 0 });
  // the read's refusal has been told (§8 notification): the row is no longer being decided
  const failed = Boolean(id) && claim.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  return <ClaimReviewModal claim={id ? (claim.data ?? null) : null} onClose={onClose} onDone={onDone} />;
}
