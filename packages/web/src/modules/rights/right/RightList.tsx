import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { RightPerm, rightFlow, rightResource, splitFilePaths, type RightRecord } from '@sbwq/contracts';
import { Button, Image, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListContext, ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { resourceList } from '../../../components/list/resourceList.ts';
import { staticUrl } from '../../../platform/config.ts';
import { confirm } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { ApproveModal } from '../../approval/ApproveModal.tsx';
import { AUDIT_STATUS_COLORS } from '../../core/org/org.api.ts';
import { useOrgStatus } from '../../core/org/useOrgStatus.ts';
import { ExpiryTags } from './ExpiryTags.tsx';
import { EXPIRY_FLAG_OPTIONS, RIGHT_LIST_KEY, rightApi } from './right.api.ts';
import { rightDetailItems } from './right.detail.tsx';
import { RightDescriptions } from './RightDescriptions.tsx';
import { RightModal } from './RightModal.tsx';

/** The first image of a record, small, with its preview. */
function markThumb(record: RightRecord) {
  const [path] = splitFilePaths(record.markImage);
  return path ? <Image src={staticUrl(path)} width={40} height={40} style={{ objectFit: 'contain' }} alt={record.trademarkName} /> : null;
}

/**
 * 受保护权利 (rights/RightList, DOMAIN.md protected-rights record): an organisation files its marks
 * (草稿 → 提交审核 → 已通过 | 已驳回, editable again after a rejection); the reviewer approves them.
 * Search by name, number, class, owner, legal status and expiry; Excel export and import; 详情.
 */
export function RightList() {
  const { can } = useAccess();
  const staff = useOrgStatus().data?.staff ?? false;
  const reload = useReloadList(RIGHT_LIST_KEY);
  const [editing, setEditing] = useState<{ record: RightRecord | null } | null>(null);
  const [deciding, setDeciding] = useState<RightRecord | null>(null);
  const forms = useMemo(() => ({ edit: (r: RightRecord) => setEditing({ record: r }), approve: setDeciding }), []);
  const { rowActions } = useFlowActions(rightFlow, { forms, onChanged: reload });
  const { run: submit } = useApiMutation((context: ListContext<RightRecord>) => rightApi.submit({ ids: context.selectedKeys.join(',') }), {
    onSuccess: (_, context) => {
      context.clearSelection();
      context.reload();
    },
  });

  const definition = useMemo<ListDefinition<RightRecord>>(() => {
    const submitSelected = (context: ListContext<RightRecord>) =>
      confirm({
        title: '提交审核',
        content: `确定将选中的 ${context.selectedKeys.length} 条记录提交审核吗？提交后审核期间不能修改。`,
        onOk: () => submit(context),
      });
    return {
      key: RIGHT_LIST_KEY,
      // no remove: 删除 is a row action of its own, shown only on the records that may still be deleted
      ...resourceList(rightResource, {
        list: rightApi.list,
        removeBatch: rightApi.removeBatch,
        exportUrl: rightApi.exportUrl,
        exportSelections: rightApi.exportSelections,
        importUrl: rightApi.importUrl,
        importTemplateUrl: rightApi.importTemplateUrl,
      }),
      actionColumnWidth: 170,
      search: [
        { name: 'trademarkName', label: '商标名称' },
        { name: 'regNo', label: '注册号' },
        { name: 'niceClass', label: '国际分类', type: 'dict', dictCode: 'nice_class' },
        { name: 'registrant', label: '注册人', hidden: true },
        { name: 'legalStatus', label: '法律状态', type: 'dict', dictCode: 'legal_status', hidden: true },
        { name: 'expiryFlag', label: '到期提醒', type: 'select', options: EXPIRY_FLAG_OPTIONS, hidden: true },
        { name: 'expireDate', label: '有效期至', type: 'dateRange', hidden: true },
        { name: 'auditStatus', label: '审核状态', type: 'dict', dictCode: 'audit_status', hidden: true },
      ],
      columns: [
        { title: '商标图样', dataIndex: 'markImage', width: 72, align: 'center', render: (_, record) => markThumb(record) },
        { title: '商标名称', dataIndex: 'trademarkName', sorter: true, ellipsis: true },
        { title: '注册号', dataIndex: 'regNo', sorter: true, width: 110 },
        { title: '国际分类', dataIndex: 'niceClass', width: 72, align: 'center', render: (value) => (value ? `第${value}类` : '') },
        { title: '注册人', dataIndex: 'registrant', ellipsis: true },
        { title: '有效期至', dataIndex: 'expireDate', kind: 'date', sorter: true },
        {
          title: '法律状态',
          dataIndex: 'legalStatus',
          width: 90,
          align: 'center',
          render: (value, record) => <DictTag code="legal_status" value={value} text={record.legalStatus_dictText} />,
        },
        { title: '到期提醒', dataIndex: 'flagTexts', width: 110, render: (flags: string[]) => <ExpiryTags flags={flags} /> },
        {
          title: '审核状态',
          dataIndex: 'auditStatus',
          width: 90,
          align: 'center',
          render: (value: string, record) => <Tag color={AUDIT_STATUS_COLORS[value]}>{record.auditStatus_dictText ?? value}</Tag>,
        },
        // an organisation user sees only its own records: the column is for the association's staff
        ...(staff ? [{ title: '申请机构', dataIndex: 'orgName', ellipsis: true }] : []),
      ],
      detail: rightDetailItems,
      detailColumns: 3,
      rowActions,
      toolbar: (context) => {
        const submittable = can(RightPerm.edit) && context.selectedKeys.length > 0;
        return (
          <Space wrap>
            {can(RightPerm.add) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
                新增
              </Button>
            )}
            {submittable && (
              <Button icon={<SendOutlined />} onClick={() => submitSelected(context)}>
                提交审核
              </Button>
            )}
          </Space>
        );
      },
    };
  }, [can, rowActions, staff, submit]);

  return (
    <>
      <ListPage definition={definition} />
      <RightModal open={editing !== null} record={editing?.record ?? null} onClose={() => setEditing(null)} onSaved={reload} />
      <ApproveModal
        open={deciding !== null}
        title={`审核受保护权利：${deciding?.trademarkName ?? ''}`}
        decide={(result, opinion) => rightApi.approve({ id: deciding!.id, result, opinion })}
        onClose={() => setDeciding(null)}
        onDone={reload}
      >
        {deciding && <RightDescriptions record={deciding} />}
      </ApproveModal>
    </>
  );
}
