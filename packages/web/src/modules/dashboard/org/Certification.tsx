import { CertifyStatus } from '@sbwq/contracts';
import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { CertifyDetails } from './CertifyDetails.tsx';
import { CertifyForm } from './CertifyForm.tsx';
import { OrgProgress } from './OrgProgress.tsx';
import { useMyOrg, useOrgStatus, useRefreshOrg } from '../../rights/org/useOrgStatus.ts';

/**
 * 认证 (dashboard/Certification): after enrolment, the organisation hands in its licence and filing
 * documents; until they are approved it sees only this page and 机构入驻. A failed certification shows
 * the reviewer's reasons and opens the form again.
 */
export function Certification() {
  const status = useOrgStatus();
  const staff = status.data?.staff ?? false;
  const mine = useMyOrg(status.isSuccess && !staff);
  const refresh = useRefreshOrg();

  if (status.isError || mine.isError) {
    return (
      <Card>
        <Result status="error" title="认证信息加载失败" extra={<Button onClick={() => void refresh()}>重试</Button>} />
      </Card>
    );
  }
  if (status.isPending || (!staff && mine.isPending)) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (staff) {
    return (
      <Card>
        <Result status="info" title="协会工作人员无需认证" subTitle="认证材料由已入驻的机构提交；审核请在「认证审批」中进行。" />
      </Card>
    );
  }
  const org = mine.data ?? null;
  const started = org !== null && org.certifyStatus !== CertifyStatus.none;
  return (
    <Flex vertical gap={16}>
      <OrgProgress status={status.data} page="certify" />
      {org?.certifyEditable ? (
        <CertifyForm org={org} onSaved={refresh} />
      ) : (
        started && (
          <Card title="认证信息">
            <CertifyDetails org={org} />
          </Card>
        )
      )}
    </Flex>
  );
}
