import { AuditStatus, ClaimRoute, ClaimStatus } from '@sbwq/contracts';
import { useState } from 'react';
import { presetRange } from '../../../components/chart/DateRangeChoice.tsx';
import { StatCard } from '../../../components/chart/StatCard.tsx';
import { formatMoney, formatNumber } from '../../../platform/format.ts';
import { APPROVAL_TODO_PATH, approvalApi } from '../../approval/approval.api.ts';
import { passRate, sumMoney } from '../charts.ts';
import { bankListLink, dashboardApi, PAYABLE_PAYMENTS_LINK, POOL_LIST_PATH, rightsListLink, submittedBatchesLink } from '../dashboard.api.ts';
import { usePanelQuery } from './usePanelQuery.ts';

/** 待我审批: the count the approvals workbench lists. */
export function TodoCard() {
  const count = usePanelQuery(['todoCount'], (signal) => approvalApi.todoCount(signal));
  return <StatCard title="待我审批" value={formatNumber(count.data ?? 0)} suffix="项" loading={count.isPending} to={APPROVAL_TODO_PATH} />;
}

/** 资金池余额: every pool's available balance added up exactly, with what is frozen. */
export function PoolBalanceCard() {
  const stats = usePanelQuery(['poolStatistics'], (signal) => dashboardApi.poolStatistics(signal));
  const list = stats.data ?? [];
  return (
    <StatCard
      title="资金池余额（元）"
      value={formatMoney(sumMoney(list.map((s) => s.balance)))}
      loading={stats.isPending}
      to={POOL_LIST_PATH}
      footer={`${formatNumber(list.length)} 个资金池，冻结 ${formatMoney(sumMoney(list.map((s) => s.frozen)))} 元`}
    />
  );
}

/**
 * 即将到期: marks whose term ends within 12 months. The footer's figures are no breakdown of it (issue 36):
 * grace-period marks have expired already, so they are others; an expired authorisation is counted by the
 * authorisation's own end date, so such a mark may also be in the 12-month figure (the demo has four) —
 * "不在上数中" said of both was untrue for those.
 */
export function ExpiringCard() {
  const stats = usePanelQuery(['rightExpiry'], (signal) => dashboardApi.rightExpiry(signal));
  return (
    <StatCard
      title="12个月内到期商标"
      value={formatNumber(stats.data?.expiringSoon ?? 0)}
      suffix="件"
      loading={stats.isPending}
      to={rightsListLink({ expiryFlag: 'expiringSoon' })}
      footer={
        stats.data
          ? `另有宽展期 ${formatNumber(stats.data.inGracePeriod)} 件；授权过期 ${formatNumber(stats.data.authExpired)} 件（按授权期限另计）`
          : undefined
      }
    />
  );
}

/** An organisation's rights in one review state: what waits on them next (被驳回 → 修改后重新提交, 草稿 → 提交审核). */
function RightsStateCard({ status, title, footer }: { status: string; title: string; footer: string }) {
  const total = usePanelQuery(['rightsIn', status], (signal) => dashboardApi.rightsIn(status, signal));
  return (
    <StatCard
      title={title}
      value={formatNumber(total.data ?? 0)}
      suffix="件"
      loading={total.isPending}
      to={rightsListLink({ auditStatus: status })}
      footer={footer}
    />
  );
}

export const RejectedRightsCard = () => <RightsStateCard status={AuditStatus.rejected} title="被驳回的权利" footer="下一步：修改后重新提交审核" />;
export const DraftRightsCard = () => <RightsStateCard status={AuditStatus.draft} title="未提交的权利" footer="下一步：提交审核" />;
export const PendingRightsCard = () => <RightsStateCard status={AuditStatus.pending} title="审核中的权利" footer="等待协会审核" />;

/** 被驳回的银行账户: the account to correct before money can be paid to it. */
export function RejectedBankCard() {
  const total = usePanelQuery(['bankAccountsIn', AuditStatus.rejected], (signal) => dashboardApi.bankAccountsIn(AuditStatus.rejected, signal));
  return (
    <StatCard
      title="被驳回的银行账户"
      value={formatNumber(total.data ?? 0)}
      suffix="个"
      loading={total.isPending}
      to={bankListLink({ auditStatus: AuditStatus.rejected })}
      footer="下一步：修改后重新提交审核"
    />
  );
}

/** 线索申请总数 with 通过数 and 通过率 (spec §7 threadedApplyNum / threadedApplyPassNum): submitted batches, drafts not counted, and the list opens on just those. */
export function BatchApplyCard() {
  const apply = usePanelQuery(['batchApplyNum'], (signal) => dashboardApi.batchApplyNum(signal));
  const pass = usePanelQuery(['batchApplyPassNum'], (signal) => dashboardApi.batchApplyPassNum(signal));
  const rate = apply.data !== undefined && pass.data !== undefined ? passRate(apply.data, pass.data) : null;
  return (
    <StatCard
      title="线索申请总数"
      value={formatNumber(apply.data ?? 0)}
      suffix="批"
      loading={apply.isPending || pass.isPending}
      to={submittedBatchesLink()}
      footer={`已提交，不含草稿；通过 ${formatNumber(pass.data ?? 0)} 批${rate ? `，通过率 ${rate}` : ''}`}
    />
  );
}

/** 待付款: the payment queue's claims (待付款 and 付款失败) and what paying them takes; the list opens on the same queue. */
export function PendingPaymentCard() {
  const summary = usePanelQuery(['pendingPayment'], (signal) => dashboardApi.pendingPayment(signal));
  return (
    <StatCard
      title="待付款"
      value={formatNumber(summary.data?.count ?? 0)}
      suffix="笔"
      loading={summary.isPending}
      to={PAYABLE_PAYMENTS_LINK}
      footer={`含付款失败；核定金额合计 ${formatMoney(summary.data?.amount ?? '0')} 元`}
    />
  );
}

/**
 * An organisation's money this year: what it was paid for its claims, and what it claimed (spec §7
 * agencyCApplyStatisticsList, its own row). The server sums payments by 付款日期, so the card opens its
 * paid claims on the same 付款日期 range.
 */
export function OrgPaidCard() {
  const [range] = useState(() => presetRange('year'));
  const ranking = usePanelQuery(['agencyRanking', range], (signal) => dashboardApi.agencyRanking(range, signal));
  const own = ranking.data?.records[0];
  return (
    <StatCard
      title="本年已获报销（元）"
      value={formatMoney(own?.paidAmount ?? '0')}
      loading={ranking.isPending}
      to={`${ClaimRoute.claimList}?${new URLSearchParams({ status: ClaimStatus.paid, payDate_begin: range.start, payDate_end: range.end })}`}
      footer={`本年申请报销 ${formatMoney(own?.amount ?? '0')} 元`}
    />
  );
}
