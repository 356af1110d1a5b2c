import { ApprovalBizType, type ApprovalTodo, type BankAccountRecord, type Envelope, type OrgRecord, type RightRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { BankDescriptions } from '../rights/bank/BankDescriptions.tsx';
import { bankApi } from '../rights/bank/bank.api.ts';
import { orgApi, type ApproveInput } from '../core/org/org.api.ts';
import { OrgDescriptions } from '../rights/org/OrgDescriptions.tsx';
import { rightApi } from '../rights/right/right.api.ts';
import { RightDescriptions } from '../rights/right/RightDescriptions.tsx';
import { ApproveModal, type ApproveDecision } from './ApproveModal.tsx';

type TodoDecisionProps = { todo: ApprovalTodo | null; onClose: () => void; onDone: () => void };

type Kind = { load: () => Promise<object>; decide: (body: ApproveInput) => Promise<Envelope<unknown>>; rejectText: string };

/** The business types decided in this dialog (a record's details, then 通过 / 驳回). */
export const RECORD_TODO_TYPES: readonly string[] = [ApprovalBizType.enrol, ApprovalBizType.certify, ApprovalBizType.right, ApprovalBizType.bank];

/** What one waiting item is and how it is decided, by its business type; null for a type decided elsewhere. */
function kindOf(todo: ApprovalTodo): Kind | null {
  switch (todo.bizType) {
    case ApprovalBizType.enrol:
      return { load: () => orgApi.byId(todo.bizId), decide: orgApi.approveEnrol, rejectText: '驳回' };
    case ApprovalBizType.certify:
      return { load: () => orgApi.byId(todo.bizId), decide: orgApi.approveCertify, rejectText: '不通过' };
    case ApprovalBizType.right:
      return { load: () => rightApi.byId(todo.bizId), decide: rightApi.approve, rejectText: '驳回' };
    case ApprovalBizType.bank:
      return { load: () => bankApi.byId(todo.bizId), decide: bankApi.approve, rejectText: '驳回' };
    default:
      return null;
  }
}

/** The decision dialog of a 待我审批 item: the record's details and files, then 通过 / 驳回. */
export function TodoDecision({ todo: asked, onClose, onDone }: TodoDecisionProps) {
  // a claim or a batch is decided in its own review dialog, never in another type's
  const kind = asked ? kindOf(asked) : null;
  const todo = kind ? asked : null;
  const detail = useQuery({
    queryKey: ['rights', 'approval', 'detail', todo?.bizType, todo?.bizId],
    queryFn: () => kind!.load(),
    enabled: todo !== null,
    staleTime: 0,
  });
  const data = detail.data;
  let body = null;
  if (todo && data) {
    if (todo.bizType === ApprovalBizType.enrol || todo.bizType === ApprovalBizType.certify) body = <OrgDescriptions org={data as OrgRecord} />;
    else if (todo.bizType === ApprovalBizType.right) body = <RightDescriptions record={data as RightRecord} />;
    else if (todo.bizType === ApprovalBizType.bank) body = <BankDescriptions account={data as BankAccountRecord} />;
  }
  return (
    <ApproveModal
      open={todo !== null}
      title={todo ? `${todo.bizType_dictText ?? '审批'}：${todo.bizTitle}` : ''}
      loading={detail.isPending}
      rejectText={kind?.rejectText}
      decide={(result: ApproveDecision, opinion) => kind!.decide({ id: todo!.bizId, result, opinion })}
      onClose={onClose}
      onDone={onDone}
    >
      {body}
    </ApproveModal>
  );
}
