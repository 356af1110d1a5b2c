import { ArrowLeftOutlined } from '@ant-design/icons';
import type { BatchRecord, Envelope } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { usePageTitle } from '../../../platform/pageTitle.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { batchActions, canDo } from './batch.actions.ts';
import { BATCH_LIST_KEY, batchApi, batchKey } from './batch.api.ts';
import { BatchApprovalTab } from './BatchApprovalTab.tsx';
import { BatchInfoTab } from './BatchInfoTab.tsx';
import { BatchItemsTab } from './BatchItemsTab.tsx';
import { BatchLogTab } from './BatchLogTab.tsx';
import { BatchModal } from './BatchModal.tsx';
import { BatchProgressTab } from './BatchProgressTab.tsx';
import { BatchReturnedAlert } from './BatchReturnedAlert.tsx';
import { BatchStatusTag } from './BatchStatusTag.tsx';
import { useBatchActions } from './useBatchActions.tsx';

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
  const { handlers, dialogs } = useBatchActions({ onEdit: setEditing, onChanged: changed });
  const calling = useApiMutation((run: () => Promise<Envelope<unknown>>) => run(), { onSuccess: changed });
  const removing = useApiMutation((record: BatchRecord) => batchApi.remove!(record), {
    onSuccess: () => {
      reloadList();
      navigate('/rights/batch/list');
    },
  });


  if (batch.isLoading) return <Card><Skeleton active /></Card>;
  if (!b) return <Result status="404" title="批次不存在或无权查看" extra={<Button onClick={() => navigate('/rights/batch/list')}>返回列表</Button>} />;

  const buttons = batchActions(b, can)
    .filter((key) => key !== 'progress')
    .map((key) => {
      const h = handlers[key as keyof typeof handlers];
      const primary = key === 'review' || key === 'closureReview' || key === 'startEnforce' || key === 'submit';
      if (key === 'delete') {
        return (
          <Popconfirm key={key} title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => removing.run(b)}>
            <Button danger loading={removing.isPending}>
              删除
            </Button>
          </Popconfirm>
        );
      }
      if (h.confirm && h.call) {
        const call = h.call;
        return (
          <Popconfirm key={key} title={h.confirm(b)} okText="确定" cancelText="取消" onConfirm={() => calling.run(() => call(b))}>
            <Button type={primary ? 'primary' : 'default'} loading={calling.isPending}>
              {h.label}
            </Button>
          </Popconfirm>
        );
      }
      return (
        <Button key={key} type={primary ? 'primary' : 'default'} danger={h.danger} onClick={() => h.open?.(b)}>
          {h.label}
        </Button>
      );
    });

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
        {buttons.length > 0 && <Space wrap>{buttons}</Space>}
      </div>
      <BatchReturnedAlert batch={b} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden
        items={[
          { key: 'info', label: '基本信息', children: <BatchInfoTab batch={b} /> },
          { key: 'items', label: `线索明细（${b.itemCount}）`, children: <BatchItemsTab batch={b} can={can} onChanged={changed} /> },
          { key: 'progress', label: '维权进度', children: <BatchProgressTab batch={b} canAdd={canDo('progress', b, can)} onChanged={changed} /> },
          { key: 'approvals', label: '审批记录', children: <BatchApprovalTab batchId={b.id} /> },
          { key: 'logs', label: '操作日志', children: <BatchLogTab batchId={b.id} /> },
        ]}
      />
      <BatchModal open={editing !== null} record={editing} onClose={() => setEditing(null)} onSaved={changed} />
      {dialogs}
    </Card>
  );
}
