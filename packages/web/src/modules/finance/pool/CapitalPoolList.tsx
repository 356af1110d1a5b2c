import { AuditOutlined, PlusOutlined } from '@ant-design/icons';
import { capitalPoolResource, poolFlow, PoolLedgerMsg, PoolPerm, type PoolRecord, type PoolReconcileReport } from '@sbwq/contracts';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { RecordModal } from '../../../components/list/RecordModal.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { feedback } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { CapitalPoolDetail } from './CapitalPoolDetail.tsx';
import { newRequestKey, POOL_LIST_KEY, POOL_LOG_LIST_KEY, POOL_STATUS_COLORS, poolApi, type PoolBody } from './pool.api.ts';
import { poolForm } from './pool.form.tsx';
import { PoolMoneyModal, type MoneyKind } from './PoolMoneyModal.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

function showReport(report: PoolReconcileReport) {
  const message = report.differences.length ? PoolLedgerMsg.reconcileDiff(report.differences.length) : PoolLedgerMsg.reconciled;
  const show = report.differences.length ? feedback().modal.warning : feedback().modal.success;
  show({
    title: '对账结果',
    width: 640,
    content: (
      <>
        <p>{message}</p>
        <p>
          共核对 {report.checkedPools} 个资金池、{report.checkedLogs} 条日志。
        </p>
        {report.differences.map((d) => (
          <div key={d.poolId}>
            <b>
              {d.poolCode} {d.poolName}
            </b>
            <ul>
              {d.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ))}
      </>
    ),
  });
}

/**
 * 资金池管理 (finance/CapitalPoolList): 协会财务 adds pools, edits them while 筹备, enables, pauses,
 * resumes and settles them, books 入账 and 调整 and runs 对账; reviewers read.
 */
export function CapitalPoolList() {
  const { can } = useAccess();
  const reloadPools = useReloadList(POOL_LIST_KEY);
  const reloadLogs = useReloadList(POOL_LOG_LIST_KEY);
  const reload = () => {
    reloadPools();
    reloadLogs();
  };
  const [editing, setEditing] = useState<{ mode: 'add' | 'edit'; record: PoolRecord | null } | null>(null);
  const [money, setMoney] = useState<{ kind: MoneyKind; pool: PoolRecord; requestKey: string } | null>(null);
  const [viewing, setViewing] = useState<PoolRecord | null>(null);
  const reconcile = useApiMutation(() => poolApi.reconcile({}), { successMessage: false, onSuccess: showReport });
  const forms = useMemo(
    () => ({
      edit: (p: PoolRecord) => setEditing({ mode: 'edit', record: p }),
      deposit: (p: PoolRecord) => setMoney({ kind: 'deposit', pool: p, requestKey: newRequestKey() }),
      adjust: (p: PoolRecord) => setMoney({ kind: 'adjust', pool: p, requestKey: newRequestKey() }),
    }),
    [],
  );
  const flowActions = useFlowActions(poolFlow, { forms, onChanged: reload }).rowActions;
  // 详情 sits among the inline links, after 入账
  const rowActions = useMemo(
    () => flowActions.toSpliced(2, 0, { key: 'view', label: '详情', inline: true, onClick: (p: PoolRecord) => setViewing(p) }),
    [flowActions],
  );
  const runReconcile = reconcile.run;

  const definition = useMemo<ListDefinition<PoolRecord, PoolBody>>(
    () => ({
      key: POOL_LIST_KEY,
      ...resourceList(capitalPoolResource, { list: poolApi.list, exportUrl: poolApi.exportUrl, exportSelections: true }),
      detail: false,
      search: [
        { name: 'poolCode', label: '编号' },
        { name: 'poolName', label: '名称' },
        { name: 'fundSource', label: '资金来源', type: 'dict', dictCode: 'fund_source' },
        { name: 'poolYear', label: '年度', exact: true, hidden: true },
        { name: 'status', label: '状态', type: 'dict', dictCode: 'pool_status', hidden: true },
        { name: 'validTo', label: '有效期至', type: 'dateRange', hidden: true },
      ],
      columns: [
        { title: '编号', dataIndex: 'poolCode', width: 120, sorter: true },
        { title: '名称', dataIndex: 'poolName', ellipsis: true, sorter: true },
        { title: '资金来源', dataIndex: 'fundSource', width: 100, defaultHidden: true, render: (_, p) => p.fundSource_dictText },
        { title: '年度', dataIndex: 'poolYear', width: 80, align: 'center', sorter: true, defaultHidden: true },
        { title: '总额', dataIndex: 'totalAmount', kind: 'money', sorter: true },
        { title: '冻结', dataIndex: 'frozenAmount', kind: 'money' },
        { title: '已使用', dataIndex: 'usedAmount', kind: 'money' },
        { title: '余额', dataIndex: 'balanceAmount', kind: 'money', sorter: true },
        {
          title: '有效期',
          dataIndex: 'validTo',
          width: 210,
          defaultHidden: true,
          render: (_, p) => (p.validFrom || p.validTo ? `${p.validFrom ?? ''} 至 ${p.validTo ?? ''}` : ''),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 80,
          align: 'center',
          render: (value: string, p) => <Tag color={POOL_STATUS_COLORS[value]}>{p.status_dictText ?? value}</Tag>,
        },
      ],
      rowActions,
      toolbar: () => (
        <Space>
          {can(PoolPerm.add) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', record: null })}>
              新增
            </Button>
          )}
          {can(PoolPerm.reconcile) && (
            <Button icon={<AuditOutlined />} loading={reconcile.isPending} onClick={() => void runReconcile(undefined)}>
              对账
            </Button>
          )}
        </Space>
      ),
    }),
    [can, rowActions, runReconcile, reconcile.isPending],
  );

  return (
    <>
      <ListPage definition={definition} />
      <RecordModal<PoolRecord, PoolBody>
        name="finance-pool-form"
        open={editing !== null}
        mode={editing?.mode ?? 'add'}
        record={editing?.record ?? null}
        title={editing?.mode === 'edit' ? '编辑资金池' : '新增资金池'}
        definition={poolForm}
        save={editing?.mode === 'edit' ? poolApi.edit : poolApi.add}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <PoolMoneyModal
        kind={money?.kind ?? 'deposit'}
        pool={money?.pool ?? null}
        requestKey={money?.requestKey ?? ''}
        onClose={() => setMoney(null)}
        onDone={reload}
      />
      <CapitalPoolDetail pool={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
