import { ClaimMsg, ClaimStatus, type ClaimRecord, type InvoiceRecord } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Form, Typography } from 'antd';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { APPROVAL_TODO_COUNT_KEY } from '../../approval/approval.api.ts';
import { formatMoney } from '../../../platform/format.ts';
import { claimApi, claimKey } from './claim.api.ts';
import { approvedLimit, netAmount } from './claim.money.ts';
import { ApprovedAmountField, ReviewFacts, ReviewModal, ReviewOpinionField, ReviewResultField } from '../../../components/form/ReviewFields.tsx';
import { claimNoteItems } from './ClaimDetail.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';

type Result = 'pass' | 'reject' | 'returned';
type Values = { result: Result; opinion?: string; approvedAmount?: string };

const RESULTS: { value: Result; label: string }[] = [
  { value: 'pass', label: '通过' },
  { value: 'reject', label: '驳回' },
  { value: 'returned', label: '退回补充发票' },
];

type ClaimReviewModalProps = {
  claim: ClaimRecord | null;
  onClose: () => void;
  onDone: () => void;
};

/**
 * 业务审核 (待业务审核) and 财务审核 (待财务审核) of a claim (DOMAIN.md expense claim flow). 驳回 and
 * 退回补充发票 need an opinion; 通过 sets 核定金额, at most 申请金额 − 扣减项 and what the batch still
 * holds frozen for claims. The reviewer decides with the evidence in view: the invoices with their files
 * under their uploaded names, the claim's notes, and at 财务审核 what 业务审核 decided. A refusal of the server (单机构上限, decided by someone else) is told by the
 * spec §8 notification, and the dialog stays open with what was entered.
 */
export function ClaimReviewModal({ claim, onClose, onDone }: ClaimReviewModalProps) {
  const queryClient = useQueryClient();
  const finance = claim?.status === ClaimStatus.financeReview;
  const money = useQuery({
    queryKey: claimKey(claim?.id ?? '', `batch-${claim?.batchId ?? ''}`),
    queryFn: ({ signal }) => claimApi.batchMoney(claim!.batchId, signal),
    enabled: claim !== null,
  });
  // `available` counts only claims finance approved (待付款 on), so this claim is not in it yet
  const available = money.data?.available;
  const limit = claim ? approvedLimit(claim, available) : '0.00';

  const dialog = useModalForm<ClaimRecord, Values>({
    open: claim !== null,
    record: claim,
    initial: () => ({}),
    load: (c) => ({ result: 'pass', approvedAmount: c.approvedAmount ?? netAmount(c) }),
    save: (values) => {
      const body = {
        id: claim!.id,
        result: values.result,
        opinion: values.opinion?.trim() || null,
        approvedAmount: values.result === 'pass' ? values.approvedAmount!.trim() : null,
      };
      return finance ? claimApi.financeReview(body) : claimApi.bizReview(body);
    },
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVAL_TODO_COUNT_KEY });
      onDone();
    },
    onClose,
  });
  const result = Form.useWatch('result', dialog.form);

  return (
    <ReviewModal dialog={dialog} onClose={onClose} open={claim !== null} title={`${finance ? '财务审核' : '业务审核'}：${claim?.claimNo ?? ''}`}>
      {claim && (
        <ReviewFacts>
          <Descriptions.Item label="申请机构">{claim.orgName}</Descriptions.Item>
          <Descriptions.Item label="关联批次">{`${claim.batchNo} ${claim.batchName}`}</Descriptions.Item>
          <Descriptions.Item label="费用类型">{claim.expenseType_dictText ?? claim.expenseType}</Descriptions.Item>
          <Descriptions.Item label="发票金额合计（元）">{formatMoney(claim.invoiceTotal)}</Descriptions.Item>
          <Descriptions.Item label="申请金额（元）">{formatMoney(claim.applyAmount)}</Descriptions.Item>
          <Descriptions.Item label="扣减项（元）">{formatMoney(claim.deductions)}</Descriptions.Item>
          <Descriptions.Item label="批次可报销（元）">{available === undefined ? '-' : formatMoney(available)}</Descriptions.Item>
          <Descriptions.Item label="收款账户">{[claim.accountName, claim.bankName, claim.accountNo].filter(Boolean).join(' ')}</Descriptions.Item>
          {claimNoteItems(claim)}
        </ReviewFacts>
      )}
      {claim && finance && (
        <ReviewFacts title="业务审核" className="claim-review-first">
          <Descriptions.Item label="审核人">{claim.bizReviewBy ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="核定金额（元）">{claim.approvedAmount ? formatMoney(claim.approvedAmount) : '-'}</Descriptions.Item>
          <Descriptions.Item label="审核意见" span={2}>
            {claim.auditOpinion || '无'}
          </Descriptions.Item>
        </ReviewFacts>
      )}
      {claim && <ReviewInvoices invoices={claim.invoices ?? []} />}
      <Form form={dialog.form} layout="vertical" name="claim-review-form">
        <ReviewResultField options={RESULTS} />
        {result === 'pass' && claim && (
          <ApprovedAmountField
            limit={limit}
            tooMuch={`核定金额不能超过 ${formatMoney(limit)} 元`}
            extra={`不超过 ${formatMoney(limit)} 元（申请金额减扣减项，且不超过批次尚可报销的冻结金额）`}
          />
        )}
        <ReviewOpinionField passing={result === 'pass'} requiredMessage={ClaimMsg.opinionRequired} />
      </Form>
    </ReviewModal>
  );
}

/** The claim's invoices as the reviewer checks them: numbers, date, amount and each file under its uploaded name. */
function ReviewInvoices({ invoices }: { invoices: InvoiceRecord[] }) {
  return (
    <div className="claim-review-invoices" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>{`发票及凭证（${invoices.length} 张）`}</Typography.Title>
      <InvoiceTable invoices={invoices} />
    </div>
  );
}
