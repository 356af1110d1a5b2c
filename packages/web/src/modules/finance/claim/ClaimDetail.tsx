import { claimFlow, type ClaimRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Result, Skeleton, Space, Tabs } from 'antd';
import { useAccess } from '../../../components/access/useAccess.ts';
import { FlowButtons } from '../../../components/flow/useFlowActions.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { formatMoney } from '../../../platform/format.ts';
import { claimApi, claimKey } from './claim.api.ts';
import { BatchMoney, ClaimTimeline } from './ClaimProgress.tsx';
import { ClaimStatusTag } from './ClaimStatusTag.tsx';
import { InvoiceTable } from './InvoiceTable.tsx';
import type { ClaimForms } from './useClaimDialogs.tsx';
import { DataLogHistoryButton } from '../../../components/datalog/DataLogHistory.tsx';

type ClaimDetailProps = {
  /** the claim shown; null closes the drawer */
  claimId: string | null;
  onClose: () => void;
  /** the dialogs of the actions with a form (`useClaimDialogs`) */
  forms: ClaimForms;
  onChanged: () => void;
  /** the actions offered here (付款管理: only payment's); default all the claim allows */
  only?: readonly (keyof (typeof claimFlow)['actions'])[];
};

/**
 * 报销单详情 (spec §1 finance records and progress): its flow buttons, and tabs 基本信息, 发票 and
 * 审批进度 (the timeline and the batch's money). A claim notice's 去处理 opens it (`?id=` of the list).
 */
export function ClaimDetail({ claimId, onClose, forms, onChanged, only }: ClaimDetailProps) {
  const { can } = useAccess();
  const id = claimId ?? '';
  const claim = useQuery({ queryKey: claimKey(id), queryFn: () => claimApi.byId(id), enabled: claimId !== null });
  const c = claim.data;
  const progress = useQuery({ queryKey: claimKey(id, 'progress'), queryFn: ({ signal }) => claimApi.progress(id, signal), enabled: claimId !== null });
  const money = useQuery({
    queryKey: claimKey(id, `batch-${c?.batchId ?? ''}`),
    queryFn: ({ signal }) => claimApi.batchMoney(c!.batchId, signal),
    enabled: Boolean(c),
  });
  const deleted = () => {
    onChanged();
    onClose();
  };

  return (
    <Drawer
      open={claimId !== null}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      title={
        c ? (
          <Space wrap>
            {`报销单 ${c.claimNo}`}
            <ClaimStatusTag claim={c} />
          </Space>
        ) : (
          '报销单详情'
        )
      }
      extra={
        c && (
          <Space wrap>
            <FlowButtons flow={claimFlow} record={c} can={can} forms={forms} onChanged={onChanged} after={{ delete: deleted }} only={only} />
            <DataLogHistoryButton dataTable="fin_claim" dataId={c.id} title={c.claimNo} />
          </Space>
        )
      }
      destroyOnHidden
      className="claim-detail"
    >
      {claim.isLoading ? (
        <Skeleton active />
      ) : !c ? (
        <Result status="404" title="报销单不存在或无权查看" />
      ) : (
        <Tabs
          items={[
            { key: 'info', label: '基本信息', children: <ClaimInfo claim={c} /> },
            { key: 'invoices', label: `发票（${c.invoices.length}）`, children: <InvoiceTable invoices={c.invoices} /> },
            {
              key: 'progress',
              label: '审批进度',
              children: (
                <Space orientation="vertical" size={24} style={{ width: '100%' }}>
                  <ClaimTimeline entries={progress.data} loading={progress.isLoading} />
                  <BatchMoney summary={money.data} loading={money.isLoading} />
                </Space>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}

/** The claimant's notes (扣减说明, 费用说明), each a full row when written; Descriptions items, so called, not rendered. */
export function claimNoteItems(c: ClaimRecord) {
  const notes = [
    { key: 'deductionNote', label: '扣减说明', text: c.deductionNote },
    { key: 'description', label: '费用说明', text: c.description },
  ];
  return notes
    .filter((note) => note.text)
    .map((note) => (
      <Descriptions.Item key={note.key} label={note.label} span={2}>
        {note.text}
      </Descriptions.Item>
    ));
}

function ClaimInfo({ claim: c }: { claim: ClaimRecord }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="报销单号">{c.claimNo}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <ClaimStatusTag claim={c} />
      </Descriptions.Item>
      <Descriptions.Item label="关联批次">{`${c.batchNo} ${c.batchName}`}</Descriptions.Item>
      <Descriptions.Item label="资金池">{c.poolName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="申请机构">{c.orgName}</Descriptions.Item>
      <Descriptions.Item label="费用类型">{c.expenseType_dictText ?? c.expenseType}</Descriptions.Item>
      <Descriptions.Item label="申请金额（元）">{formatMoney(c.applyAmount)}</Descriptions.Item>
      <Descriptions.Item label="扣减项（元）">{formatMoney(c.deductions)}</Descriptions.Item>
      <Descriptions.Item label="发票金额合计（元）">{formatMoney(c.invoiceTotal)}</Descriptions.Item>
      <Descriptions.Item label="核定金额（元）">{c.approvedAmount ? formatMoney(c.approvedAmount) : '-'}</Descriptions.Item>
      <Descriptions.Item label="收款账户" span={2}>
        {[c.accountName, c.bankName, c.bankBranch, c.accountNo].filter(Boolean).join(' ')}
      </Descriptions.Item>
      {claimNoteItems(c)}
      {c.auditOpinion && (
        <Descriptions.Item label="审核意见" span={2}>
          {c.auditOpinion}
        </Descriptions.Item>
      )}
      <Descriptions.Item label="提交时间">{c.submitTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="付款日期">{c.payDate ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="付款流水号">{c.serialNo ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="付款凭证">{c.payVoucher ? <FileLinks value={c.payVoucher} size={64} named /> : '-'}</Descriptions.Item>
      {c.payFailReason && (
        <Descriptions.Item label="付款失败原因" span={2}>
          {c.payFailReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
