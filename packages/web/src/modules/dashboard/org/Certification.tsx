import { CertifyStatus } from '@sbwq/contracts';
import { Card, Flex } from 'antd';
import { CertifyDetails } from './CertifyDetails.tsx';
import { CertifyForm } from './CertifyForm.tsx';
import { OrgPageFrame } from './OrgPageFrame.tsx';
import { OrgProgress } from './OrgProgress.tsx';

/**
 * 认证 (dashboard/Certification): after enrolment, the organisation hands in its licence and filing
 * documents; until they are approved it sees only this page and 机构入驻. A failed certification shows
 * the reviewer's reasons and opens the form again.
 */
export function Certification() {
  return (
    <OrgPageFrame
      subject="认证"
      skeletonRows={6}
      staffNotice={{ title: '协会工作人员无需认证', subTitle: '认证材料由已入驻的机构提交；审核请在「认证审批」中进行。' }}
    >
      {({ org, status, refresh }) => (
        <Flex vertical gap={16}>
          <OrgProgress status={status} page="certify" />
          {org?.certifyEditable ? (
            <CertifyForm org={org} onSaved={refresh} />
          ) : (
            org !== null &&
            org.certifyStatus !== CertifyStatus.none && (
              <Card title="认证信息">
                <CertifyDetails org={org} />
              </Card>
            )
          )}
        </Flex>
      )}
    </OrgPageFrame>
  );
}
