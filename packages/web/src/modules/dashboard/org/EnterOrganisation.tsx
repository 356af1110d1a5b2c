import { Card, Flex } from 'antd';
import { OrgDescriptions } from '../../rights/org/OrgDescriptions.tsx';
import { EnrolForm } from './EnrolForm.tsx';
import { OrgPageFrame } from './OrgPageFrame.tsx';
import { OrgProgress } from './OrgProgress.tsx';

/**
 * 机构入驻 (dashboard/EnterOrganisation): the organisation's own enrolment page. It shows where the
 * application stands and what to do next; the form is open while 未提交 or 已驳回 (the reviewer's
 * reasons above it), read-only once submitted.
 */
export function EnterOrganisation() {
  return (
    <OrgPageFrame
      subject="入驻"
      skeletonRows={8}
      staffNotice={{ title: '协会工作人员无需入驻', subTitle: '机构入驻由服务机构和权利人企业的用户填写并提交；审核请在「入驻审批」中进行。' }}
    >
      {({ org, status, refresh }) => (
        <Flex vertical gap={16}>
          <OrgProgress status={status} page="enter" />
          {!org || org.enrolEditable ? (
            <EnrolForm org={org} onSaved={refresh} />
          ) : (
            <Card title="入驻信息">
              <OrgDescriptions org={org} />
            </Card>
          )}
        </Flex>
      )}
    </OrgPageFrame>
  );
}
