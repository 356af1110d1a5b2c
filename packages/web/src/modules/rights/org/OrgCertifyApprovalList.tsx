import { OrgApprovalList } from './OrgApprovalList.tsx';

/** 认证审批 (rights/OrgCertifyApprovalList): certifications waiting for the reviewer. */
export function OrgCertifyApprovalList() {
  return <OrgApprovalList kind="certify" />;
}
