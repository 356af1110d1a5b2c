import { PlusOutlined } from '@ant-design/icons';
import { BatchDict, batchFlow, BatchPerm, batchResource, type BatchRecord } from '@sbwq/contracts';
import { Button, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { orgSearchField } from '../../core/org/orgSearchField.tsx';
import { useOrgStatus } from '../../core/org/useOrgStatus.ts';
import { BATCH_LIST_KEY, batchApi, batchDetailPath } from './batch.api.ts';
import { useBatchDialogs } from './useBatchDialogs.tsx';
import { BatchModal } from './BatchModal.tsx';
import { BatchStatusTag } from './BatchStatusTag.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

/**
 * 线索批次 (rights/BatchList, the spec's "threaded" list; DOMAIN.md clue batch): an organisation drafts
 * batches of infringement clues against the subsidy of a pool, submits them, starts enforcement and
 * applies for closure; reviewers decide them. Search by number, name, organisation, right, type,
 * platform, method, status and submission time; Excel export; 详情 opens the batch's page.
 */
export function BatchList() {
  const { can } = useAccess();
  const navigate = useNavigate();
  const staff = useOrgStatus().data?.staff ?? false;
  const reload = useReloadList(BATCH_LIST_KEY);
  const [editing, setEditing] = useState<{ record: BatchRecord | null } | null>(null);
  const edit = useCallback((record: BatchRecord) => setEditing({ record }), []);
  // stable callbacks keep the row actions, and so the list's definition, the same between renders
  const { forms, dialogs } = useBatchDialogs({ onEdit: edit, onChanged: reload });
  const { rowActions } = useFlowActions(batchFlow, { forms, onChanged: reload });

  const definition = useMemo<ListDefinition<BatchRecord>>(
    () => ({
      key: BATCH_LIST_KEY,
      ...resourceList(batchResource, { list: batchApi.list, exportUrl: batchApi.exportUrl, exportSelections: batchApi.exportSelections }),
      detail: false,
      selectable: true,
      search: [
        { name: 'batchNo', label: '批次编号' },
        { name: 'batchName', label: '批次名称' },
        { name: 'status', label: '状态', type: 'dict', dictCode: BatchDict.status },
        orgSearchField(staff, '申请机构'),
        { name: 'rightNames', label: '涉及权利', hidden: true },
        { name: 'infringeType', label: '侵权类型', type: 'dict', dictCode: BatchDict.infringeType, hidden: true },
        { name: 'platform', label: '侵权平台', type: 'dict', dictCode: BatchDict.platform, hidden: true },
        { name: 'rightsMethod', label: '维权方式', type: 'dict', dictCode: BatchDict.rightsMethod, hidden: true },
        { name: 'submitTime', label: '提交时间', type: 'dateRange', hidden: true },
        { name: 'approveTime', label: '审核时间', type: 'dateRange', hidden: true },
      ],
      columns: [
        {
          title: '批次编号',
          dataIndex: 'batchNo',
          width: 140,
          sorter: true,
          render: (value: string, b) => <Typography.Link onClick={() => navigate(batchDetailPath(b.id))}>{value}</Typography.Link>,
        },
        { title: '批次名称', dataIndex: 'batchName', ellipsis: true, sorter: true },
        // the state decides what can be done: next to the name, not past the fold of a wide table
        { title: '状态', dataIndex: 'status', width: 100, align: 'center', render: (_: unknown, b: BatchRecord) => <BatchStatusTag batch={b} /> },
        ...(staff ? [{ title: '申请机构', dataIndex: 'orgName', ellipsis: true, sorter: true }] : []),
        // what a batch is about and how it is pursued: in 列设置, so that the money and the dates fit a 1440 px screen
        { title: '涉及权利', dataIndex: 'rightNames', ellipsis: true, defaultHidden: true },
        { title: '侵权类型', dataIndex: 'infringeType', width: 110, defaultHidden: true, render: (_: unknown, b: BatchRecord) => b.infringeType_dictText },
        { title: '侵权平台', dataIndex: 'platform', width: 90, defaultHidden: true, render: (_: unknown, b: BatchRecord) => b.platform_dictText },
        { title: '维权方式', dataIndex: 'rightsMethod', width: 90, defaultHidden: true, render: (_: unknown, b: BatchRecord) => b.rightsMethod_dictText },
        { title: '线索数量', dataIndex: 'itemCount', width: 100, align: 'right', sorter: true },
        { title: '申请金额', dataIndex: 'applyAmount', kind: 'money', sorter: true },
        { title: '核定金额', dataIndex: 'approvedAmount', kind: 'money', sorter: true },
        { title: '提交时间', dataIndex: 'submitTime', kind: 'datetime', sorter: true },
        {
          title: '创建人',
          dataIndex: 'createBy',
          width: 110,
          ellipsis: true,
          defaultHidden: true,
          render: (value: string | null, b: BatchRecord) => b.createByName ?? value,
        },
      ],
      rowActions: [{ key: 'view', label: '详情', inline: true, onClick: (b) => navigate(batchDetailPath(b.id)) }, ...rowActions],
      toolbar: () =>
        can(BatchPerm.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
            新增
          </Button>
        ),
    }),
    [can, navigate, rowActions, staff],
  );

  return (
    <>
      <ListPage definition={definition} />
      <BatchModal
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={(id) => {
          reload();
          // a new batch has no items yet: they are added on its page
          if (!editing?.record && id) navigate(`${batchDetailPath(id)}?tab=items`);
        }}
      />
      {dialogs}
    </>
  );
}
