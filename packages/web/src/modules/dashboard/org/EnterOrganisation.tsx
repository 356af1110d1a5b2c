import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { OrgDescriptions } from '../../rights/org/OrgDescriptions.tsx';
import { EnrolForm } from './EnrolForm.tsx';
import { OrgProgress } from './OrgProgress.tsx';
import { useMyOrg, useOrgStatus, useRefreshOrg } from '../../rights/org/useOrgStatus.ts';

/**
 * 机构入驻 (dashboard/EnterOrganisation): the organisation's own enrolment page. It shows where the
 * application stands and what to do next; the form is open while 未提交 or 已驳回 (the reviewer's
 * reasons above it), read-only once submitted.
 */
export function EnterOrganisation() {
  const status = useOrgStatus();
  const staff = status.data?.staff ?? false;
  const mine = useMyOrg(status.isSuccess && !staff);
  const refresh = useRefreshOrg();

  if (status.isError || mine.isError) {
    return (
      <Card>
        <Result status="error" title="入驻信息加载失败" extra={<Button onClick={() => void refresh()}>重试</Button>} />
      </Card>
    );
  }
  if (status.isPending || (!staff && mine.isPending)) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (staff) {
    return (
      <Card>
        <Result status="info" title="协会工作人员无需入驻" subTitle="机构入驻由服务机构和权利人企业的用户填写并提交；审核请在「入驻审批」中进行。" />
      </Card>
    );
  }
  const org = mine.data ?? null;
  const editable = !org || org.enrolEditable;
  return (
    <Flex vertical gap={16}>
      <OrgProgress status={status.data} page="enter" />
      {editable ? (
        <EnrolForm org={org} onSaved={refresh} />
      ) : (
        <Card title="入驻信息">
          <OrgDescriptions org={org} />
        </Card>
      )}
    </Flex>
  );
}
