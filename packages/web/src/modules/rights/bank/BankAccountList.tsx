import { PlusOutlined } from '@ant-design/icons';
import { bankFlow, BankPerm, bankResource, type BankAccountRecord } from '@sbwq/contracts';
import { Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { RecordModal } from '../../../components/list/RecordModal.tsx';
import type { ListDefinition, RowAction, SearchField } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { ApproveModal } from '../../approval/ApproveModal.tsx';
import { AUDIT_STATUS_COLORS } from '../../core/org/org.api.ts';
import { OrgSelect } from '../org/OrgSelect.tsx';
import { useOrgStatus } from '../../core/org/useOrgStatus.ts';
import { BANK_LIST_KEY, bankApi, type BankBody } from './bank.api.ts';
import { BankAccountNumber } from './BankAccountNumber.tsx';
import { BankDescriptions } from './BankDescriptions.tsx';
import { bankForm } from './bank.form.tsx';
import { DataLogHistoryButton } from '../../../components/datalog/DataLogHistory.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

/**
 * 机构银行账户 (rights/BankAccountList, DOMAIN.md bank account): an organisation keeps its accounts, one
 * of them the default; finance approves each before it may receive payments. The association sees all
 * organisations' accounts and may filter by organisation.
 */
export function BankAccountList() {
  const { can } = useAccess();
  const staff = useOrgStatus().data?.staff ?? false;
  const reload = useReloadList(BANK_LIST_KEY);
  const [editing, setEditing] = useState<{ mode: 'add' | 'edit'; record: BankAccountRecord | null } | null>(null);
  const [deciding, setDeciding] = useState<BankAccountRecord | null>(null);
  const forms = useMemo(() => ({ edit: (a: BankAccountRecord) => setEditing({ mode: 'edit', record: a }), approve: setDeciding }), []);
  const flowActions = useFlowActions(bankFlow, { forms, onChanged: reload }).rowActions;
  const rowActions = useMemo(() => {
    // the organisation's own actions (`who: 'owner'`) are not offered to the association's staff
    const offered = staff ? flowActions.filter((a) => bankFlow.actions[a.key as keyof typeof bankFlow.actions].who !== 'owner') : flowActions;
    // 停用 / 启用 are the two sides of changeStatus, which has no button of its own
    const statusCode = bankFlow.actions.changeStatus.permission;
    const status: RowAction<BankAccountRecord>[] = staff
      ? []
      : [
          {
            key: 'disable',
            label: '停用',
            code: statusCode,
            visible: (a) => a.status === '1',
            confirm: (a) => `确定停用尾号 ${a.accountNo.slice(-4)} 的账户吗？停用后不能用于收款。`,
            onClick: (a) => bankApi.changeStatus({ id: a.id, status: '0' }),
          },
          {
            key: 'enable',
            label: '启用',
            code: statusCode,
            visible: (a) => a.status === '0',
            confirm: '确定启用该账户吗？',
            onClick: (a) => bankApi.changeStatus({ id: a.id, status: '1' }),
          },
        ];
    return offered.toSpliced(
      offered.findIndex((a) => a.key === 'delete'),
      0,
      ...status,
    );
  }, [flowActions, staff]);

  const definition = useMemo<ListDefinition<BankAccountRecord, BankBody>>(() => {
    const search: SearchField[] = [
      ...(staff ? [{ name: 'orgId', label: '机构', type: 'custom' as const, input: <OrgSelect /> }] : []),
      { name: 'accountName', label: '开户名称' },
      { name: 'bankName', label: '开户银行' },
      { name: 'auditStatus', label: '审核状态', type: 'dict', dictCode: 'audit_status', hidden: !staff },
      { name: 'accountNature', label: '账户性质', type: 'dict', dictCode: 'account_nature', hidden: true },
    ];
    return {
      key: BANK_LIST_KEY,
      ...resourceList(bankResource, { list: bankApi.list, removeBatch: bankApi.removeBatch }),
      // staff read and approve; only the organisation selects its own rows to delete them
      selectable: !staff,
      actionColumnWidth: staff ? 120 : 170,
      search,
      columns: [
        ...(staff ? [{ title: '机构', dataIndex: 'orgName', ellipsis: true }] : []),
        { title: '开户名称', dataIndex: 'accountName', sorter: true, ellipsis: true },
        { title: '开户银行', dataIndex: 'bankName', ellipsis: true, render: (value: string, account) => `${value} ${account.branchName}` },
        { title: '银行账号', dataIndex: 'accountNo', width: 200, render: (_, account) => <BankAccountNumber account={account} /> },
        {
          title: '账户性质',
          dataIndex: 'accountNature',
          width: 80,
          align: 'center',
          render: (value, account) => <DictTag code="account_nature" value={value} text={account.accountNature_dictText} />,
        },
        { title: '默认', dataIndex: 'isDefault', width: 64, align: 'center', render: (value: string) => (value === '1' ? <Tag color="blue">默认</Tag> : null) },
        {
          title: '状态',
          dataIndex: 'status',
          width: 70,
          align: 'center',
          render: (value, account) => <DictTag code="valid_status" value={value} text={account.status_dictText} colors={{ '1': 'green', '0': 'default' }} />,
        },
        {
          title: '审核状态',
          dataIndex: 'auditStatus',
          width: 90,
          align: 'center',
          render: (value: string, account) => <Tag color={AUDIT_STATUS_COLORS[value]}>{account.auditStatus_dictText ?? value}</Tag>,
        },
        { title: '审核意见', dataIndex: 'auditOpinion', ellipsis: true },
      ],
      detail: [
        { label: '机构', field: 'orgName' },
        { label: '开户名称', field: 'accountName' },
        { label: '开户银行', field: 'bankName' },
        { label: '开户支行', field: 'branchName' },
        { label: '银行账号', render: (a) => <BankAccountNumber account={a} /> },
        { label: '联行号', field: 'bankCode' },
        { label: '账户性质', render: (a) => a.accountNature_dictText },
        { label: '是否默认', render: (a) => (a.isDefault === '1' ? '是' : '否') },
        { label: '修改历史', render: (a) => <DataLogHistoryButton dataTable="rights_bank_account" dataId={a.id} title={a.bankName} /> },
        { label: '状态', render: (a) => a.status_dictText },
        { label: '审核状态', render: (a) => a.auditStatus_dictText },
        { label: '审核人', field: 'auditBy' },
        { label: '审核时间', field: 'auditTime' },
        { label: '审核意见', field: 'auditOpinion', span: 3 },
        { label: '证明文件', render: (a) => <FileLinks value={a.proofFile} label="证明文件" />, span: 3 },
        { label: '备注', field: 'remark', span: 3 },
      ],
      rowActions,
      toolbar: () =>
        can(BankPerm.add) && !staff ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', record: null })}>
            新增
          </Button>
        ) : null,
    };
  }, [can, rowActions, staff]);

  return (
    <>
      <ListPage definition={definition} />
      <RecordModal<BankAccountRecord, BankBody>
        name="rights-bank-form"
        open={editing !== null}
        mode={editing?.mode ?? 'add'}
        record={editing?.record ?? null}
        title={editing?.mode === 'edit' ? '编辑银行账户' : '新增银行账户'}
        definition={bankForm}
        save={editing?.mode === 'edit' ? bankApi.edit! : bankApi.add!}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <ApproveModal
        open={deciding !== null}
        title={`财务审核银行账户：${deciding?.orgName ?? ''}`}
        decide={(result, opinion) => bankApi.approve({ id: deciding!.id, result, opinion })}
        onClose={() => setDeciding(null)}
        onDone={reload}
      >
        {deciding && <BankDescriptions account={deciding} />}
      </ApproveModal>
    </>
  );
}
