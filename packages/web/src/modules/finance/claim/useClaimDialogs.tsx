import type { claimFlow, ClaimRecord } from '@sbwq/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import type { FlowActionOptions } from '../../../components/flow/useFlowActions.tsx';
import { ClaimReviewModal } from './ClaimReviewModal.tsx';
import { PayFailedModal, PayModal } from './PayModal.tsx';

type Options = {
  onEdit: (claim: ClaimRecord) => void;
  /** after any change the server accepted */
  onChanged: () => void;
};

export type ClaimForms = NonNullable<FlowActionOptions<ClaimRecord, (typeof claimFlow)['actions']>['forms']>;

/**
 * The dialogs of the claim actions that take a form (DOMAIN.md expense claim flow), for
 * `useFlowActions` and `FlowButtons`: which action a claim offers, its label and its confirm text come
 * from `claimFlow`; 提交 and 删除 (the id alone) need nothing here.
 */
export function useClaimDialogs({ onEdit, onChanged }: Options) {
  const [reviewing, setReviewing] = useState<ClaimRecord | null>(null);
  const [paying, setPaying] = useState<ClaimRecord[] | null>(null);
  const [failing, setFailing] = useState<ClaimRecord | null>(null);

  const forms = useMemo<ClaimForms>(
    () => ({ edit: onEdit, bizReview: setReviewing, financeReview: setReviewing, pay: (c) => setPaying([c]), payFailed: setFailing }),
    [onEdit],
  );

  const dialogs: ReactNode = (
    <>
      <ClaimReviewModal claim={reviewing} onClose={() => setReviewing(null)} onDone={onChanged} />
      <PayModal claims={paying} onClose={() => setPaying(null)} onDone={onChanged} />
      <PayFailedModal claim={failing} onClose={() => setFailing(null)} onDone={onChanged} />
    </>
  );

  return { forms, dialogs, payMany: setPaying };
}
