import type { OrgRecord } from '@sbwq/contracts';
import { Tag } from 'antd';
import { FieldTable } from '../../../components/detail/FieldTable.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { CERTIFY_STATUS_COLORS } from '../../core/org/org.api.ts';

/** What was handed in for certification and how it was decided. */
export function CertifyDetails({ org }: { org: OrgRecord }) {
  return (
    <FieldTable
      items={[
        {
          key: 'status',
          label: '认证状态',
          children: <Tag color={CERTIFY_STATUS_COLORS[org.certifyStatus]}>{org.certifyStatus_dictText ?? org.certifyStatus}</Tag>,
        },
        { key: 'submit', label: '提交时间', children: org.certifySubmitTime },
        { key: 'practice', label: '执业许可证', children: <FileLinks value={org.practiceFile} label="执业许可证" /> },
        { key: 'filing', label: '备案证明文件', children: <FileLinks value={org.filingFile} label="备案证明" /> },
        { key: 'no', label: '商标代理备案号', children: org.agentFilingNo },
        { key: 'time', label: '审核时间', children: org.certifyTime },
        { key: 'opinion', label: '审核意见', children: org.certifyOpinion, span: 2 },
      ]}
    />
  );
}
