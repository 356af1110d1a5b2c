import { ArrowLeftOutlined } from '@ant-design/icons';
import { batchFlow, BatchPerm, offeredInState, type BatchRecord } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAccess } from '../../../components/access/useAccess.ts';
import { FlowButtons } from '../../../components/flow/useFlowActions.tsx';
import { useReloadList } from '../../../components/list/useListData.ts';
import { usePageTitle } from '../../../platform/pageTitle.ts';
import { BATCH_LIST_KEY, batchApi, batchKey } from './batch.api.ts';
import { BatchApprovalTab } from './BatchApprovalTab.tsx';
import { BatchInfoTab } from './BatchInfoTab.tsx';
import { BatchItemsTab } from './BatchItemsTab.tsx';
import { BatchLogTab } from './BatchLogTab.tsx';
import { BatchModal } from './BatchModal.tsx';
import { BatchProgressTab } from './BatchProgressTab.tsx';
import { BatchReturnedAlert } from './BatchReturnedAlert.tsx';
import { BatchStatusTag } from './BatchStatusTag.tsx';
import { useBatchDialogs } from './useBatchDialogs.tsx';
import { DataLogHistoryButton } from '../../../components/datalog/DataLogHistory.tsx';

const TABS = ['info', 'items', 'progress', 'approvals', 'logs'] as const;
type TabKey = (typeof TABS)[number];

/**
 * 线索批次详情 (rights/BatchDetail at `/rights/batch/detail/:id`): the batch with its flow buttons, and
 * tabs 基本信息, 线索明细, 维权进度, 审批记录, 操作日志. A decision's notice links here.
 */
export function BatchDetail() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { can } = useAccess();
  const client = useQueryClient();
  const reloadList = useReloadList(BATCH_LIST_KEY);
  const [editing, setEditing] = useState<BatchRecord | null>(null);
  // `?tab=` opens a tab (a new batch at its items); switching stays off the address, which names the page's tab in the shell
  const [tab, setTab] = useState<TabKey>(() => ((TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as TabKey) : 'info'));
  // Opened from a decision notice, the page must show the status the decision set, though another page
  // (the list, this batch at another tab) read the batch moments ago: read on every opening.
  const batch = useQuery({ queryKey: batchKey(id), queryFn: () => batchApi.byId(id), enabled: Boolean(id), refetchOnMount: 'always' });
  const b = batch.data;
  usePageTitle(b ? `线索批次：${b.batchNo}` : null);

  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: batchKey(id) });
    reloadList();
  }, [client, id, reloadList]);
  // and on a visit to the page already open (去处理 to the address it is at)
  const { key: visit } = useLocation();
  const firstVisit = useRef(visit);
  useEffect(() => {
    if (visit !== firstVisit.current) void client.invalidateQueries({ queryKey: batchKey(id) });
  }, [visit, client, id]);
  const { forms, dialogs } = useBatchDialogs({ onEdit: setEditing, onChanged: changed });
  const deleted = useCallback(() => {
    reloadList();
    navigate('/rights/batch/list');
  }, [reloadList, navigate]);

  if (batch.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!b) return <Result status="404" title="批次不存在或无权查看" extra={<Button onClick={() => navigate('/rights/batch/list')}>返回列表</Button>} />;

  return (
    <Card className="batch-detail">
      <div className="batch-detail-head" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <Space wrap size={8} style={{ minWidth: 0 }}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回列表" onClick={() => navigate('/rights/batch/list')} />
          <Typography.Text strong className="batch-no">
            {b.batchNo}
          </Typography.Text>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{b.batchName}</Typography.Text>
          <BatchStatusTag batch={b} />
        </Space>
        <Space wrap size={8}>
          <FlowButtons flow={batchFlow} record={b} can={can} forms={forms} onChanged={changed} after={{ delete: deleted }} />
          <DataLogHistoryButton dataTable="rights_batch" dataId={b.id} title={b.batchNo} />
        </Space>
      </div>
      <BatchReturnedAlert batch={b} forOrganisation={can(BatchPerm.submit)} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden
        items={[
          { key: 'info', label: '基本信息', children: <BatchInfoTab batch={b} /> },
          { key: 'items', label: `线索明细（${b.itemCount}）`, children: <BatchItemsTab batch={b} can={can} onChanged={changed} /> },
          {
            key: 'progress',
            label: '维权进度',
            children: (
              <BatchProgressTab batch={b} canAdd={can(BatchPerm.progress) && offeredInState(batchFlow, batchFlow.actions.progressAdd, b)} onChanged={changed} />
            ),
          },
          { key: 'approvals', label: '审批记录', children: <BatchApprovalTab batchId={b.id} /> },
          { key: 'logs', label: '操作日志', children: <BatchLogTab batchId={b.id} /> },
        ]}
      />
      <BatchModal open={editing !== null} record={editing} onClose={() => setEditing(null)} onSaved={changed} />
      {dialogs}
    </Card>
  );
}
