import { moneyText, toCents } from '@sbwq/contracts';
import type { NoticeWords } from '../approval/decide.ts';
import type { BatchRow } from './batch.table.ts';

/**
 * What the organisation is told at each decision on its batch: what happened at this step, the amount
 * decided (and the amount asked, when they differ) and what comes next — never a bare "审核已通过" for a
 * step that only moves the batch on to 复审.
 */

type Step = '初审' | '复审';

/** `核定金额 11,000.00 元，申请金额 12,000.00 元`, or the one amount when nothing was cut. */
export function amountFact(approved: string, asked: string, label = '核定金额'): string {
  return toCents(approved) === toCents(asked) ? `${label} ${moneyText(approved)} 元` : `${label} ${moneyText(approved)} 元，申请金额 ${moneyText(asked)} 元`;
}

/** 初审 pass above the threshold: the batch waits for 复审, nothing is frozen yet. */
export function toSecondReviewWords(row: BatchRow, threshold: bigint): NoticeWords {
  return {
    title: '线索批次初审已通过，待复审',
    outcome: '初审通过，已转复审',
    facts: [
      `申请金额 ${moneyText(row.applyAmount)} 元，超过复审阈值 ${moneyText(threshold)} 元，须经复审`,
      ...(row.approvedAmount !== null && toCents(row.approvedAmount) !== toCents(row.applyAmount) ? [amountFact(row.approvedAmount, row.applyAmount, '初审核定金额')] : []),
    ],
    next: '等待协会另一位审核人复审；复审通过后核定金额在资金池冻结，即可开始维权',
  };
}

/** The final pass (初审 at or below the threshold, or 复审): 核定金额 frozen, enforcement may start. */
export function approvedWords(row: BatchRow, step: Step): NoticeWords {
  return {
    outcome: `${step}通过，核定金额已在资金池冻结`,
    facts: [amountFact(row.approvedAmount!, row.applyAmount)],
    next: '请在「线索批次」中开始维权，更新线索明细的处理结果并记录进度，全部处理完毕后申请结案',
  };
}

export function returnedWords(step: Step): NoticeWords {
  return { outcome: `${step}退回补正`, next: '请按审核意见修改批次信息或线索明细，然后重新提交审核' };
}

export function rejectedWords(step: Step): NoticeWords {
  return { outcome: `${step}驳回，批次已结束`, next: '该批次不能再提交；如需继续维权，请新建线索批次' };
}

const outcomeFact = (row: BatchRow) =>
  `成功 ${row.successCount} 条，失败 ${row.failedCount} 条，不构成侵权 ${row.notInfringingCount} 条，成功率 ${row.successRate === null ? '—' : `${row.successRate}%`}`;

/**
 * 结案审核 pass. `released`: what went back to the pool (no item succeeded); `reserved`: what stays for
 * claims approved but not yet paid; `claimable`: what further claims may still be approved for.
 */
export function closedWords(row: BatchRow, money: { released: bigint; reserved: bigint; claimable: bigint }): NoticeWords {
  const facts = [outcomeFact(row)];
  if (money.released > 0n) facts.push(`无成功线索，冻结的 ${moneyText(money.released)} 元已解冻退回资金池`);
  if (money.reserved > 0n) facts.push(`已核定待付款的报销单保留 ${moneyText(money.reserved)} 元，照常付款`);
  if (money.claimable > 0n) facts.push(`尚可报销 ${moneyText(money.claimable)} 元（核定金额 ${moneyText(row.approvedAmount ?? '0')} 元）`);
  return {
    outcome: '结案审核通过，批次已结案',
    facts,
    next: money.claimable > 0n ? '请在「报销管理」中提交报销单，上传发票及付款凭证' : '批次已结束，无需其他操作',
  };
}

export function closureReturnedWords(): NoticeWords {
  return { outcome: '结案申请退回，批次回到维权中', next: '请按审核意见补充处理结果或结案材料，然后重新申请结案' };
}
