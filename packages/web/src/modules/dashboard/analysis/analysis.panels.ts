import { ApprovalPerm, BankPerm, BatchPerm, ClaimPerm, PaymentPerm, PoolPerm, RightPerm } from '@sbwq/contracts';
import type { ComponentType } from 'react';
import {
  AgencyRankingChart,
  BatchMonthsChart,
  ExpiryMonthsChart,
  PoolLinesChart,
  PoolStatisticsChart,
  ResultsByMethodChart,
  ResultsByPlatformChart,
} from '../panels/ChartPanels.tsx';
import {
  BatchApplyCard,
  DraftRightsCard,
  OrgPaidCard,
  PendingPaymentCard,
  ExpiringCard,
  PendingRightsCard,
  PoolBalanceCard,
  RejectedBankCard,
  RejectedRightsCard,
  TodoCard,
} from '../panels/StatCards.tsx';

/** Who a panel is for: association staff, or an organisation user whose organisation is enrolled and certified. */
export type Audience = 'staff' | 'org';

export type DashboardPanel = {
  key: string;
  /** the permission of the call the panel reads: without it the panel is not shown */
  code: string;
  audience: Audience[];
  /** a figure in the top row, or a chart below (half width, or the full row) */
  kind: 'stat' | 'chart' | 'wideChart';
  Panel: ComponentType;
};

/**
 * 分析页 (spec §2 view group dashboard: analysis). A panel is one entry: the clue-batch and claim
 * figures join here as their calls arrive, each an entry with its component and its call's code.
 * The analysis page shows, in this order, each panel whose audience and code fit the user.
 */
export const ANALYSIS_PANELS: DashboardPanel[] = [
  { key: 'batchApply', code: BatchPerm.list, audience: ['staff', 'org'], kind: 'stat', Panel: BatchApplyCard },
  { key: 'todo', code: ApprovalPerm.todo, audience: ['staff'], kind: 'stat', Panel: TodoCard },
  { key: 'pendingPayment', code: PaymentPerm.list, audience: ['staff'], kind: 'stat', Panel: PendingPaymentCard },
  { key: 'poolBalance', code: PoolPerm.list, audience: ['staff'], kind: 'stat', Panel: PoolBalanceCard },
  { key: 'orgPaid', code: ClaimPerm.list, audience: ['org'], kind: 'stat', Panel: OrgPaidCard },
  { key: 'expiring', code: RightPerm.list, audience: ['staff', 'org'], kind: 'stat', Panel: ExpiringCard },
  { key: 'rightsRejected', code: RightPerm.list, audience: ['org'], kind: 'stat', Panel: RejectedRightsCard },
  { key: 'rightsDraft', code: RightPerm.list, audience: ['org'], kind: 'stat', Panel: DraftRightsCard },
  { key: 'rightsPending', code: RightPerm.list, audience: ['org'], kind: 'stat', Panel: PendingRightsCard },
  { key: 'bankRejected', code: BankPerm.list, audience: ['org'], kind: 'stat', Panel: RejectedBankCard },
  { key: 'batchMonths', code: BatchPerm.list, audience: ['staff', 'org'], kind: 'chart', Panel: BatchMonthsChart },
  { key: 'agencyRanking', code: BatchPerm.list, audience: ['staff'], kind: 'chart', Panel: AgencyRankingChart },
  { key: 'resultsByMethod', code: BatchPerm.list, audience: ['staff', 'org'], kind: 'chart', Panel: ResultsByMethodChart },
  { key: 'resultsByPlatform', code: BatchPerm.list, audience: ['staff', 'org'], kind: 'chart', Panel: ResultsByPlatformChart },
  { key: 'poolLines', code: PoolPerm.list, audience: ['staff'], kind: 'wideChart', Panel: PoolLinesChart },
  { key: 'poolStatistics', code: PoolPerm.list, audience: ['staff'], kind: 'chart', Panel: PoolStatisticsChart },
  { key: 'expiryMonths', code: RightPerm.list, audience: ['staff', 'org'], kind: 'chart', Panel: ExpiryMonthsChart },
];

/** The panels one user sees. */
export function panelsFor(panels: DashboardPanel[], audience: Audience | null, can: (code: string) => boolean): DashboardPanel[] {
  if (!audience) return [];
  return panels.filter((panel) => panel.audience.includes(audience) && can(panel.code));
}
