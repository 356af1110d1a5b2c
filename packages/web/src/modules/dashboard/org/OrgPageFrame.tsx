import type { OrgRecord, OrgStatusInfo } from '@sbwq/contracts';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useMyOrg, useOrgStatus, useRefreshOrg } from '../../core/org/useOrgStatus.ts';

type OrgPageFrameProps = {
  /** 入驻 or 认证: the load-failure title names it */
  subject: string;
  skeletonRows: number;
  /** what association staff (who have no organisation) read instead */
  staffNotice: { title: string; subTitle: string };
  children: (page: { org: OrgRecord | null; status: OrgStatusInfo; refresh: () => Promise<void> }) => ReactNode;
};

/**
 * What 机构入驻 and 认证 share: the status and the caller's own application are loaded first (with a
 * retry on failure), and staff, who have neither to fill in, are told where their work is instead.
 */
export function OrgPageFrame({ subject, skeletonRows, staffNotice, children }: OrgPageFrameProps) {
  const status = useOrgStatus();
  const staff = status.data?.staff ?? false;
  const mine = useMyOrg(status.isSuccess && !staff);
  const refresh = useRefreshOrg();

  if (status.isError || mine.isError) {
    return (
      <Card>
        <Result status="error" title={`${subject}信息加载失败`} extra={<Button onClick={() => void refresh()}>重试</Button>} />
      </Card>
    );
  }
  if (status.isPending || (!staff && mine.isPending)) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: skeletonRows }} />
      </Card>
    );
  }
  if (staff) {
    return (
      <Card>
        <Result status="info" title={staffNotice.title} subTitle={staffNotice.subTitle} />
      </Card>
    );
  }
  return <>{children({ org: mine.data ?? null, status: status.data, refresh })}</>;
}
