import type { ClaimRecord, Envelope } from '@sbwq/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import type { RowAction } from '../../../components/list/types.ts';
import { formatMoney } from '../pool/pool.api.ts';
import { allowedInState, claimActionCode, type ClaimActionKey } from './claim.actions.ts';
import { claimApi } from './claim.api.ts';
import { ClaimReviewModal } from './ClaimReviewModal.tsx';
import { PayFailedModal, PayModal } from './PayModal.tsx';

type Options = {
  onEdit: (claim: ClaimRecord) => void;
  /** after any change the server accepted */
  onChanged: () => void;
};

/** What an action does: a call after a confirmation, or a dialog. */
export type ClaimHandler = {
  label: string;
  inline?: boolean;
  danger?: boolean;
  confirm?: (c: ClaimRecord) => string;
  call?: (c: ClaimRecord) => Promise<Envelope<unknown>>;
  open?: (c: ClaimRecord) => void;
};

/**
 * The flow actions of a claim (DOMAIN.md expense claim flow), shared by the lists' rows and the
 * detail's buttons; which one shows follows `claim.actions.ts`; the dialogs they open are in `dialogs`.
 */
export function useClaimActions({ onEdit, onChanged }: Options) {
  const [reviewing, setReviewing] = useState<ClaimRecord | null>(null);
  const [paying, setPaying] = useState<ClaimRecord[] | null>(null);
  const [failing, setFailing] = useState<ClaimRecord | null>(null);

  const handlers = useMemo<Record<ClaimActionKey, ClaimHandler>>(
    () => ({
      edit: { label: '编辑', inline: true, open: onEdit },
      submit: {
        label: '提交',
        inline: true,
        confirm: (c) => `确定提交报销单「${c.claimNo}」吗？申请金额 ${formatMoney(c.applyAmount)} 元，审核期间不能修改。`,
        call: (c) => claimApi.submit(c.id),
      },
      delete: { label: '删除', danger: true, confirm: (c) => `确定删除报销单「${c.claimNo}」吗？`, call: (c) => claimApi.remove!(c) },
      bizReview: { label: '业务审核', inline: true, open: setReviewing },
      financeReview: { label: '财务审核', inline: true, open: setReviewing },
      pay: { label: '付款', inline: true, open: (c) => setPaying([c]) },
      payFailed: { label: '付款失败', danger: true, open: setFailing },
    }),
    [onEdit],
  );

  const rowActions = useMemo<RowAction<ClaimRecord>[]>(
    () =>
      (Object.keys(handlers) as ClaimActionKey[]).map((key) => {
        const h = handlers[key];
        return {
          key,
          label: h.label,
          code: claimActionCode(key),
          inline: h.inline,
          danger: h.danger,
          confirm: h.confirm,
          visible: (c: ClaimRecord) => allowedInState(key, c),
          onClick: (c: ClaimRecord) => (h.call ? h.call(c) : h.open?.(c)),
        };
      }),
    [handlers],
  );

  const dialogs: ReactNode = (
    <>
      <ClaimReviewModal claim={reviewing} onClose={() => setReviewing(null)} onDone={onChanged} />
      <PayModal claims={paying} onClose={() => setPaying(null)} onDone={onChanged} />
      <PayFailedModal claim={failing} onClose={() => setFailing(null)} onDone={onChanged} />
    </>
  );

  return { handlers, rowActions, dialogs, payMany: setPaying };
}
