import { OrgPerm, orgFlow, type OrgRecord } from '@sbwq/contracts';
import { Button, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { DETAIL_MODAL_WIDTH } from '../../../components/detail/DetailModal.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { CERTIFY_STATUS_COLORS, ENTER_STATUS_COLORS, orgApi } from '../../core/org/org.api.ts';
import { OrgDescriptions } from './OrgDescriptions.tsx';

/**
 * 机构列表 (rights/OrgList): every organisation with its enrolment and certification state, for the
 * association's staff; the administrator disables an enrolled organisation (its users then see only the
 * onboarding pages) and enables it again (DOMAIN.md: 已入驻 ⇄ 已停用).
 */
const ORG_LIST_KEY = 'rights-org';
/** the administrator's 停用 / 启用; 审批 is the approval lists' */
const STATUS_ACTIONS = ['disable', 'enable'] as const;

export function OrgList() {
  const [viewing, setViewing] = useState<OrgRecord | null>(null);
  const { rowActions: statusActions } = useFlowActions(orgFlow, { onChanged: useReloadList(ORG_LIST_KEY), only: STATUS_ACTIONS });
  const definition = useMemo<ListDefinition<OrgRecord>>(
    () => ({
      key: ORG_LIST_KEY,
      entity: '机构',
      permission: OrgPerm,
      api: { list: orgApi.list },
      selectable: false,
      detail: false,
      actionColumnWidth: 130,
      search: [
        { name: 'orgName', label: '机构名称' },
        { name: 'orgType', label: '机构类型', type: 'dict', dictCode: 'rights_org_type' },
        { name: 'enterStatus', label: '入驻状态', type: 'dict', dictCode: 'enter_status' },
        { name: 'certifyStatus', label: '认证状态', type: 'dict', dictCode: 'certify_status', hidden: true },
        { name: 'creditCode', label: '信用代码', hidden: true },
        { name: 'region', label: '所在地区', hidden: true },
      ],
      columns: [
        { title: '机构名称', dataIndex: 'orgName', sorter: true, ellipsis: true },
        {
          title: '机构类型',
          dataIndex: 'orgType',
          width: 130,
          render: (value, org) => <DictTag code="rights_org_type" value={value} text={org.orgType_dictText} />,
        },
        { title: '统一社会信用代码', dataIndex: 'creditCode', width: 180 },
        { title: '所在地区', dataIndex: 'region', width: 110, ellipsis: true },
        { title: '联系人', dataIndex: 'contactName', width: 80, ellipsis: true },
        {
          title: '入驻状态',
          dataIndex: 'enterStatus',
          width: 90,
          align: 'center',
          render: (value, org) => <DictTag code="enter_status" value={value} text={org.enterStatus_dictText} colors={ENTER_STATUS_COLORS} />,
        },
        {
          title: '认证状态',
          dataIndex: 'certifyStatus',
          width: 90,
          align: 'center',
          render: (value, org) => <DictTag code="certify_status" value={value} text={org.certifyStatus_dictText} colors={CERTIFY_STATUS_COLORS} />,
        },
        { title: '申请时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
      ],
      rowActions: [{ key: 'view', label: '详情', inline: true, onClick: (org: OrgRecord) => setViewing(org) }, ...statusActions],
    }),
    [statusActions],
  );
  return (
    <>
      <ListPage definition={definition} />
      <Modal
        open={viewing !== null}
        title={`机构详情：${viewing?.orgName ?? ''}`}
        width={DETAIL_MODAL_WIDTH}
        onCancel={() => setViewing(null)}
        destroyOnHidden
        footer={<Button onClick={() => setViewing(null)}>关闭</Button>}
      >
        {viewing && <OrgDescriptions org={viewing} />}
      </Modal>
    </>
  );
}
