import { PlusOutlined } from '@ant-design/icons';
import { ClaimDict, claimFlow, ClaimPerm, claimResource, type ClaimRecord } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { orgSearchField } from '../../core/org/orgSearchField.tsx';
import { useOrgStatus } from '../../core/org/useOrgStatus.ts';
import { CLAIM_LIST_KEY, claimApi, PAYMENT_LIST_KEY } from './claim.api.ts';
import { ClaimDetail } from './ClaimDetail.tsx';
import { ClaimModal } from './ClaimModal.tsx';
import { ClaimStatusTag } from './ClaimStatusTag.tsx';
import { useClaimDialogs } from './useClaimDialogs.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

/** The list's row actions: the organisation's and the reviews (付款 is 付款管理's row). */
const LIST_ACTIONS = ['edit', 'submit', 'delete', 'bizReview', 'financeReview'] as const;

/**
 * 报销管理 (finance/ClaimList; spec §1 finance records and progress, DOMAIN.md expense claim): the
 * organisation claims costs of its batches against what they froze in the pool and submits them; the
 * reviewer (业务审核) and finance (财务审核) decide. Search, status tags, Excel export; 详情 (also
 * `?id=`, where a claim notice leads) shows invoices and the progress.
 */
export function ClaimList() {
  const { can } = useAccess();
  const staff = useOrgStatus().data?.staff ?? false;
  const client = useQueryClient();
  const [search] = useSearchParams();
  const reloadClaims = useReloadList(CLAIM_LIST_KEY);
  const reloadPayments = useReloadList(PAYMENT_LIST_KEY);
  const [editing, setEditing] = useState<{ record: ClaimRecord | null } | null>(null);
  // `?id=` (a claim notice's link) opens that claim once; opening others stays off the address, which
  // names the page's tab in the shell
  const [detailId, openDetail] = useState<string | null>(() => search.get('id'));

  const changed = useCallback(() => {
    reloadClaims();
    reloadPayments();
    void client.invalidateQueries({ queryKey: ['finance', 'claim'] });
  }, [client, reloadClaims, reloadPayments]);
  const edit = useCallback((record: ClaimRecord) => setEditing({ record }), []);
  const { forms, dialogs } = useClaimDialogs({ onEdit: edit, onChanged: changed });
  // 付款 and 付款失败 are 付款管理's row actions; the detail offers them here too
  const { rowActions } = useFlowActions(claimFlow, { forms, onChanged: changed, only: LIST_ACTIONS });

  const definition = useMemo<ListDefinition<ClaimRecord>>(
    () => ({
      key: CLAIM_LIST_KEY,
      ...resourceList(claimResource, { list: claimApi.list, exportUrl: claimApi.exportUrl, exportSelections: claimApi.exportSelections }),
      detail: false,
      selectable: true,
      search: [
        { name: 'claimNo', label: '报销单号' },
        { name: 'batchNo', label: '批次' },
        { name: 'status', label: '状态', type: 'dict', dictCode: ClaimDict.status },
        orgSearchField(staff, '机构'),
        { name: 'expenseType', label: '费用类型', type: 'dict', dictCode: ClaimDict.expenseType, hidden: true },
        { name: 'submitTime', label: '提交时间', type: 'dateRange', hidden: true },
        { name: 'payDate', label: '付款日期', type: 'dateRange', hidden: true },
      ],
      columns: [
        {
          title: '报销单号',
          dataIndex: 'claimNo',
          width: 140,
          sorter: true,
          render: (value: string, c) => <Typography.Link onClick={() => openDetail(c.id)}>{value}</Typography.Link>,
        },
        { title: '状态', dataIndex: 'status', width: 120, align: 'center', render: (_: unknown, c: ClaimRecord) => <ClaimStatusTag claim={c} /> },
        // the organisation tells its claims by batch, the association by organisation: each starts with its own
        {
          title: '关联批次',
          dataIndex: 'batchNo',
          ellipsis: true,
          defaultHidden: staff,
          render: (_: unknown, c: ClaimRecord) => `${c.batchNo} ${c.batchName}`,
        },
        { title: '机构', dataIndex: 'orgName', ellipsis: true, sorter: true, defaultHidden: !staff },
        {
          title: '费用类型',
          dataIndex: 'expenseType',
          width: 110,
          defaultHidden: true,
          render: (_: unknown, c: ClaimRecord) => c.expenseType_dictText ?? c.expenseType,
        },
        { title: '申请金额', dataIndex: 'applyAmount', kind: 'money', sorter: true },
        { title: '扣减项', dataIndex: 'deductions', kind: 'money' },
        { title: '核定金额', dataIndex: 'approvedAmount', kind: 'money', sorter: true },
        { title: '提交时间', dataIndex: 'submitTime', kind: 'datetime', sorter: true },
        { title: '付款日期', dataIndex: 'payDate', kind: 'date', defaultHidden: true },
      ],
      rowActions: [{ key: 'view', label: '详情', inline: true, onClick: (c) => openDetail(c.id) }, ...rowActions],
      toolbar: () =>
        can(ClaimPerm.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
            新增
          </Button>
        ),
    }),
    [can, openDetail, rowActions, staff],
  );

  return (
    <>
      <ListPage definition={definition} />
      <ClaimModal open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={changed} />
      <ClaimDetail claimId={detailId} onClose={() => openDetail(null)} forms={forms} onChanged={changed} />
      {dialogs}
    </>
  );
}
