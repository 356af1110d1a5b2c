import { OrgPerm, CertifyStatus, EnterStatus, orgCertifyFlow, orgFlow, type OrgRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { ApproveModal } from '../../approval/ApproveModal.tsx';
import { CERTIFY_STATUS_COLORS, ENTER_STATUS_COLORS, orgApi } from '../../core/org/org.api.ts';
import { OrgDescriptions } from './OrgDescriptions.tsx';

export type OrgApprovalKind = 'enrol' | 'certify';

/** each list offers its own decision; 停用 / 启用 are 机构列表's */
const ENROL_DECISION = ['approveEnrol'] as const;
const CERTIFY_DECISION = ['approveCertify'] as const;

const KIND = {
  enrol: {
    key: 'rights-org-enrol-approval',
    title: '入驻审批',
    params: { enterStatus: EnterStatus.pending },
    submitField: 'submitTime',
    sort: { column: 'submitTime', order: 'asc' as const },
    submitLabel: '提交时间',
    passText: '通过',
    rejectText: '驳回',
  },
  certify: {
    key: 'rights-org-certify-approval',
    title: '认证审批',
    params: { certifyStatus: CertifyStatus.pending },
    submitField: 'certifySubmitTime',
    // the list sorts by its own fields only; a certification submission updates the row
    sort: { column: 'updateTime', order: 'asc' as const },
    submitLabel: '认证提交时间',
    passText: '通过',
    rejectText: '不通过',
  },
};

/**
 * The reviewer's list of enrolments (待审核) or certifications (认证中) waiting for a decision: each opens
 * the organisation's data and files with 通过 / 驳回 and 审核意见 (DOMAIN.md enrolment and certification flows).
 */
export function OrgApprovalList({ kind }: { kind: OrgApprovalKind }) {
  const config = KIND[kind];
  const [deciding, setDeciding] = useState<OrgRecord | null>(null);
  const reload = useReloadList(config.key);
  const enrolForms = useMemo(() => ({ approveEnrol: setDeciding }), []);
  const certifyForms = useMemo(() => ({ approveCertify: setDeciding }), []);
  const enrolActions = useFlowActions(orgFlow, { forms: enrolForms, onChanged: reload, only: ENROL_DECISION }).rowActions;
  const certifyActions = useFlowActions(orgCertifyFlow, { forms: certifyForms, onChanged: reload, only: CERTIFY_DECISION }).rowActions;
  const approve = kind === 'enrol' ? enrolActions : certifyActions;
  // the freshest data of the organisation being decided on (the row may be minutes old)
  const detail = useQuery({
    queryKey: ['rights', 'org', 'byId', deciding?.id],
    queryFn: () => orgApi.byId(deciding!.id),
    enabled: deciding !== null,
    staleTime: 0,
  });

  const definition = useMemo<ListDefinition<OrgRecord>>(
    () => ({
      key: config.key,
      entity: '机构',
      permission: OrgPerm,
      api: { list: orgApi.list },
      selectable: false,
      detail: false,
      defaultSort: config.sort,
      search: [
        { name: 'orgName', label: '机构名称' },
        { name: 'orgType', label: '机构类型', type: 'dict', dictCode: 'rights_org_type' },
        { name: 'creditCode', label: '信用代码', hidden: true },
      ],
      columns: [
        { title: '机构名称', dataIndex: 'orgName', ellipsis: true },
        {
          title: '机构类型',
          dataIndex: 'orgType',
          width: 140,
          render: (value, org) => <DictTag code="rights_org_type" value={value} text={org.orgType_dictText} />,
        },
        { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
        { title: '联系人', dataIndex: 'contactName', width: 100 },
        { title: '联系电话', dataIndex: 'contactPhone', width: 130 },
        {
          title: kind === 'enrol' ? '入驻状态' : '认证状态',
          dataIndex: kind === 'enrol' ? 'enterStatus' : 'certifyStatus',
          width: 100,
          align: 'center',
          render: (value, org) =>
            kind === 'enrol' ? (
              <DictTag code="enter_status" value={value} text={org.enterStatus_dictText} colors={ENTER_STATUS_COLORS} />
            ) : (
              <DictTag code="certify_status" value={value} text={org.certifyStatus_dictText} colors={CERTIFY_STATUS_COLORS} />
            ),
        },
        { title: config.submitLabel, dataIndex: config.submitField, width: 170, align: 'center', sorter: kind === 'enrol' },
      ],
      rowActions: approve,
    }),
    [approve, config, kind],
  );

  return (
    <>
      <ListPage definition={definition} params={config.params} />
      <ApproveModal
        open={deciding !== null}
        title={`${config.title}：${deciding?.orgName ?? ''}`}
        loading={detail.isPending}
        passText={config.passText}
        rejectText={config.rejectText}
        decide={(result, opinion) => (kind === 'enrol' ? orgApi.approveEnrol : orgApi.approveCertify)({ id: deciding!.id, result, opinion })}
        onClose={() => setDeciding(null)}
        onDone={reload}
      >
        {detail.data && <OrgDescriptions org={detail.data} />}
      </ApproveModal>
    </>
  );
}
