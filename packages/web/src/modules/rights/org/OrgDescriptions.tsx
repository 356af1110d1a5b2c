import type { OrgRecord } from '@sbwq/contracts';
import { Tag, type DescriptionsProps } from 'antd';
import { FieldTable } from '../../../components/detail/FieldTable.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { CERTIFY_STATUS_COLORS, ENTER_STATUS_COLORS } from '../../core/org/org.api.ts';
import { DataLogHistoryButton } from '../../../components/datalog/DataLogHistory.tsx';

const or = (value: string | null | undefined) => value || '-';

/** An organisation's enrolment and certification data with its files, as reviewers and admins read it. */
export function OrgDescriptions({ org, column = 2 }: { org: OrgRecord; column?: number }) {
  const items: DescriptionsProps['items'] = [
    { key: 'orgName', label: '机构名称', children: org.orgName },
    { key: 'orgType', label: '机构类型', children: or(org.orgType_dictText ?? org.orgType) },
    { key: 'creditCode', label: '统一社会信用代码', children: or(org.creditCode) },
    { key: 'legalPerson', label: '法定代表人', children: or(org.legalPerson) },
    { key: 'foundDate', label: '成立日期', children: or(org.foundDate) },
    { key: 'region', label: '所在地区', children: or(org.region) },
    { key: 'regAddress', label: '注册地址', children: or(org.regAddress) },
    { key: 'officeAddress', label: '办公地址', children: or(org.officeAddress) },
    { key: 'contactName', label: '联系人', children: or(org.contactName) },
    { key: 'contactPhone', label: '联系电话', children: or(org.contactPhone) },
    { key: 'contactEmail', label: '联系邮箱', children: or(org.contactEmail) },
    { key: 'agentFilingNo', label: '商标代理备案号', children: or(org.agentFilingNo) },
    {
      key: 'enterStatus',
      label: '入驻状态',
      children: <Tag color={ENTER_STATUS_COLORS[org.enterStatus]}>{org.enterStatus_dictText ?? org.enterStatus}</Tag>,
    },
    {
      key: 'certifyStatus',
      label: '认证状态',
      children: <Tag color={CERTIFY_STATUS_COLORS[org.certifyStatus]}>{org.certifyStatus_dictText ?? org.certifyStatus}</Tag>,
    },
    { key: 'licenseFile', label: '营业执照', children: <FileLinks value={org.licenseFile} label="营业执照" />, span: column },
    { key: 'practiceFile', label: '执业许可证', children: <FileLinks value={org.practiceFile} label="执业许可证" />, span: column },
    { key: 'filingFile', label: '备案证明文件', children: <FileLinks value={org.filingFile} label="备案证明" />, span: column },
    { key: 'submitTime', label: '入驻提交时间', children: or(org.submitTime) },
    { key: 'auditTime', label: '入驻审核', children: org.auditTime ? `${org.auditBy ?? ''} ${org.auditTime}` : '-' },
    { key: 'auditOpinion', label: '入驻审核意见', children: or(org.auditOpinion), span: column },
    { key: 'certifySubmitTime', label: '认证提交时间', children: or(org.certifySubmitTime) },
    { key: 'history', label: '修改历史', children: <DataLogHistoryButton dataTable="rights_org" dataId={org.id} title={org.orgName} /> },
    { key: 'certifyTime', label: '认证审核', children: org.certifyTime ? `${org.certifyBy ?? ''} ${org.certifyTime}` : '-' },
    { key: 'certifyOpinion', label: '认证审核意见', children: or(org.certifyOpinion), span: column },
  ];
  return <FieldTable items={items} columns={column} />;
}
