import { OrgApprovalList } from './OrgApprovalList.tsx';

/** 入驻审批 (rights/OrgEnrolApprovalList): enrolments waiting for the reviewer. */
export function OrgEnrolApprovalList() {
  return <OrgApprovalList kind="enrol" />;
}
