import { ApprovalBizType, ClaimRoute } from '@sbwq/contracts';

/**
 * Where a decision's record is shown: a batch's own detail, a claim in 报销管理, else the list of its
 * kind (the record is in it; those lists have no address of a single record).
 */
export function recordPage(bizType: string, bizId: string): string {
  switch (bizType) {
    case ApprovalBizType.threaded:
    case ApprovalBizType.closure:
      return `/rights/batch/detail/${encodeURIComponent(bizId)}`;
    case ApprovalBizType.claim:
      return `${ClaimRoute.claimList}?id=${encodeURIComponent(bizId)}`;
    case ApprovalBizType.enrol:
    case ApprovalBizType.certify:
      return '/rights/org/list';
    case ApprovalBizType.right:
      return '/rights/right/list';
    case ApprovalBizType.bank:
      return '/rights/org/bank';
    default:
      return '/rights/approval/list';
  }
}
