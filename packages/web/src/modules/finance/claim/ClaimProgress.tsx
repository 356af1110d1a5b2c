import type { BatchMoneySummary, ClaimProgressEntry } from '@sbwq/contracts';
import { Descriptions, Empty, Spin, Timeline } from 'antd';
import { formatMoney, formatMoneyInText } from '../../../platform/format.ts';

const COLORS: Record<string, string> = { 通过: 'green', 驳回: 'red', 退回补充发票: 'orange', 付款失败: 'red', 付款: 'green' };

/** 审批记录/进度 of a claim (spec §1 finance progress): created, submitted, each review, each payment, oldest first. */
export function ClaimTimeline({ entries, loading }: { entries: ClaimProgressEntry[] | undefined; loading: boolean }) {
  if (loading) return <Spin />;
  if (!entries?.length) return <Empty description="暂无进度" />;
  return (
    <Timeline
      className="claim-timeline"
      items={entries.map((entry, index) => ({
        key: index,
        color: COLORS[entry.result ?? ''] ?? COLORS[entry.action] ?? 'blue',
        content: (
          <div>
            <div>
              <strong>{entry.action}</strong>
              {entry.result ? `：${formatMoneyInText(entry.result)}` : ''}
            </div>
            {entry.remark && <div>{formatMoneyInText(entry.remark)}</div>}
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>{[entry.operatorName, entry.time].filter(Boolean).join(' · ')}</div>
          </div>
        ),
      }))}
    />
  );
}

/** 财务进度 of the claim's batch: what it was approved for, holds frozen, has claimed, paid and released. */
export function BatchMoney({ summary, loading }: { summary: BatchMoneySummary | undefined; loading: boolean }) {
  if (loading) return <Spin />;
  if (!summary) return <Empty description="暂无批次资金信息" />;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      title={`批次资金：${summary.batchNo} ${summary.batchName}`}
      className="claim-batch-money"
    >
      <Descriptions.Item label="核定金额（元）">{formatMoney(summary.approved)}</Descriptions.Item>
      <Descriptions.Item label="冻结金额（元）">{formatMoney(summary.frozen)}</Descriptions.Item>
      <Descriptions.Item label="已申请报销（元）">{formatMoney(summary.claimed)}</Descriptions.Item>
      <Descriptions.Item label="已核定报销（元）">{formatMoney(summary.claimApproved)}</Descriptions.Item>
      <Descriptions.Item label="已付款（元）">{formatMoney(summary.paid)}</Descriptions.Item>
      <Descriptions.Item label="已解冻（元）">{formatMoney(summary.released)}</Descriptions.Item>
      <Descriptions.Item label="尚可报销（元）">{formatMoney(summary.available)}</Descriptions.Item>
    </Descriptions>
  );
}
