import { DownloadOutlined, PayCircleOutlined } from '@ant-design/icons';
import {
  CLAIM_PAYABLE_STATUSES,
  CLAIM_STATUS_TEXT,
  claimFlow,
  ClaimStatus,
  MAX_PAY_BATCH,
  offeredInState,
  PaymentPerm,
  type ClaimRecord,
} from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListContext, ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { downloadFile } from '../../../platform/download.ts';
import { showFailure } from '../../../platform/result.ts';
import { CLAIM_LIST_KEY, claimApi, PAYMENT_LIST_KEY } from './claim.api.ts';
import { ClaimDetail } from './ClaimDetail.tsx';
import { ClaimStatusTag } from './ClaimStatusTag.tsx';
import { useClaimDialogs } from './useClaimDialogs.tsx';

const PAYMENT_ACTIONS = ['pay', 'payFailed'] as const;
/** 付款管理 edits no claim */
const noEdit = () => undefined;
const PAYMENT_STATUSES = [ClaimStatus.toPay, ClaimStatus.payFailed, ClaimStatus.paid] as const;

/** Only claims waiting for payment go into a payment run or the bank file. */
export const payableOf = (rows: readonly ClaimRecord[]) => rows.filter((c) => offeredInState(claimFlow, claimFlow.actions.pay, c));

/**
 * 付款管理 (finance/PaymentList; DOMAIN.md expense claim: 付款日期/流水号/凭证): finance's queue of the
 * claims 待付款 and 付款失败, and those 已付款. 付款 one claim or the selected ones, 付款失败 with a reason,
 * and the bank file (.xlsx) of the selected claims for the transfer.
 */
export function PaymentList() {
  const { can } = useAccess();
  const client = useQueryClient();
  const reloadPayments = useReloadList(PAYMENT_LIST_KEY);
  const reloadClaims = useReloadList(CLAIM_LIST_KEY);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const changed = useCallback(() => {
    reloadPayments();
    reloadClaims();
    void client.invalidateQueries({ queryKey: ['finance', 'claim'] });
  }, [client, reloadClaims, reloadPayments]);
  const { forms, dialogs, payMany } = useClaimDialogs({ onEdit: noEdit, onChanged: changed });
  const { rowActions } = useFlowActions(claimFlow, { forms, onChanged: changed, only: PAYMENT_ACTIONS });

  const exportRun = useCallback(async (rows: ClaimRecord[]) => {
    setExporting(true);
    try {
      await downloadFile(
        claimApi.payRunExport,
        {
          ids: payableOf(rows)
            .map((c) => c.id)
            .join(','),
        },
        '付款文件.xlsx',
      );
    } catch (error) {
      showFailure(error);
    } finally {
      setExporting(false);
    }
  }, []);

  const definition = useMemo<ListDefinition<ClaimRecord>>(
    () => ({
      key: PAYMENT_LIST_KEY,
      entity: '付款',
      permission: PaymentPerm,
      api: { list: claimApi.paymentList },
      detail: false,
      selectable: true,
      // none sent: the server orders finance's queue first (待付款 and 付款失败, the longest waiting on top), then 已付款
      defaultSort: null,
      search: [
        { name: 'claimNo', label: '报销单号' },
        { name: 'orgName', label: '机构' },
        {
          name: 'status',
          label: '状态',
          type: 'select',
          // the queue as one choice (a comma list): what the dashboard's 待付款 figure counts and opens
          options: [
            { value: CLAIM_PAYABLE_STATUSES.join(','), label: '待付款（含付款失败）' },
            ...PAYMENT_STATUSES.map((value) => ({ value, label: CLAIM_STATUS_TEXT[value] })),
          ],
        },
        { name: 'payDate', label: '付款日期', type: 'dateRange', hidden: true },
      ],
      columns: [
        {
          title: '报销单号',
          dataIndex: 'claimNo',
          width: 150,
          render: (value: string, c) => <Typography.Link onClick={() => setDetailId(c.id)}>{value}</Typography.Link>,
        },
        { title: '状态', dataIndex: 'status', width: 100, align: 'center', render: (_: unknown, c: ClaimRecord) => <ClaimStatusTag claim={c} /> },
        { title: '机构', dataIndex: 'orgName', ellipsis: true },
        { title: '关联批次', dataIndex: 'batchNo', width: 150, defaultHidden: true },
        { title: '核定金额', dataIndex: 'approvedAmount', kind: 'money' },
        // the account number is what finance transfers to: it shows whole, the name and bank under it (issue 36)
        {
          title: '收款账户',
          dataIndex: 'accountNo',
          width: 240,
          render: (_: unknown, c: ClaimRecord) => (
            <div className="payment-account">
              <div style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{c.accountNo}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[c.accountName, c.bankName].filter(Boolean).join(' ')}
              </Typography.Text>
            </div>
          ),
        },
        { title: '付款日期', dataIndex: 'payDate', kind: 'date' },
        { title: '付款流水号', dataIndex: 'serialNo', width: 150, defaultHidden: true },
        { title: '失败原因', dataIndex: 'payFailReason', ellipsis: true },
      ],
      rowActions: [{ key: 'view', label: '详情', inline: true, onClick: (c) => setDetailId(c.id) }, ...rowActions],
      toolbar: ({ selectedRows }: ListContext<ClaimRecord>) => {
        const payable = payableOf(selectedRows);
        return (
          <>
            {can(PaymentPerm.pay) && (
              <Tooltip title={payable.length > MAX_PAY_BATCH ? `一次最多付款 ${MAX_PAY_BATCH} 张报销单` : '选中待付款或付款失败的报销单'}>
                <Button
                  type="primary"
                  icon={<PayCircleOutlined />}
                  disabled={payable.length === 0 || payable.length > MAX_PAY_BATCH}
                  onClick={() => payMany(payable)}
                >
                  批量付款{payable.length ? `（${payable.length}）` : ''}
                </Button>
              </Tooltip>
            )}
            {can(PaymentPerm.export) && (
              <Button icon={<DownloadOutlined />} loading={exporting} disabled={payable.length === 0} onClick={() => void exportRun(selectedRows)}>
                导出付款文件
              </Button>
            )}
          </>
        );
      },
    }),
    [can, exportRun, exporting, payMany, rowActions],
  );

  return (
    <>
      <ListPage definition={definition} />
      <ClaimDetail claimId={detailId} onClose={() => setDetailId(null)} forms={forms} onChanged={changed} only={PAYMENT_ACTIONS} />
      {dialogs}
    </>
  );
}
