import { BatchStatus } from '../rights/batch-vocab.ts';
import { addDays, chinaToday } from '../rights/common.ts';
import { moneyText } from './money.ts';

/**
 * 报销申请期限 (DOMAIN.md claim flow): claims against a closed batch may be filed within this many days
 * of its closure (the China calendar day of 结案审核 plus these days, that last day included). After it the
 * batch takes no new claim, and the 结案报销期满解冻 job gives back to the pool what it still holds frozen
 * beyond the approved-but-unpaid claims — money no claim will ever use, which would otherwise stay
 * frozen and keep the pool from being settled.
 */
export const BATCH_CLAIM_WINDOW_DAYS = 90;

/** The closing day and the last day of the claim window of a batch closed at `closedTime` (an instant, or its GMT+8 text). */
export function claimWindow(closedTime: Date | string): { closedDate: string; deadline: string } {
  const closedDate = typeof closedTime === 'string' ? closedTime.slice(0, 10) : chinaToday(closedTime);
  return { closedDate, deadline: addDays(closedDate, BATCH_CLAIM_WINDOW_DAYS) };
}

/** The last day claims may be filed against a batch (its 报销申请期限), or null while it is not closed. */
export const claimDeadline = (batch: { status: string; closedTime: Date | string | null }): string | null =>
  batch.status === BatchStatus.closed && batch.closedTime ? claimWindow(batch.closedTime).deadline : null;

/** True while claims against a batch closed at `closedTime` may still be filed on `today` (China date). */
export const claimWindowOpen = (closedTime: Date | string, today: string = chinaToday()): boolean => today <= claimWindow(closedTime).deadline;

/** The batches closed before this instant are past their claim window on `today`: the start (GMT+8) of the day `today − window`. */
export const claimWindowCutoff = (today: string = chinaToday()): Date => new Date(`${addDays(today, -BATCH_CLAIM_WINDOW_DAYS)}T00:00:00+08:00`);

export const ClaimWindowMsg = {
  /** a claim created, edited or submitted against a batch past its window */
  expired: (batchNo: string, closedDate: string, deadline: string) =>
    `线索批次 ${batchNo} 已于 ${closedDate} 结案，报销申请期限（结案后 ${BATCH_CLAIM_WINDOW_DAYS} 天，至 ${deadline}）已过`,
  /** the label of the last day, on the batch's page and the claim form */
  deadlineLabel: '报销申请截止',
  /** the window as the closure notice and the claim reminder state it */
  deadlineFact: (deadline: string) => `报销申请截止：${deadline}（结案后 ${BATCH_CLAIM_WINDOW_DAYS} 天），逾期不能再申请，未申请的冻结金额将解冻退回资金池`,
  /** the pool log's 备注 of the release */
  ledgerRemark: '线索批次报销期满解冻',
  /** the batch's 操作日志 line of the release */
  logText: (released: bigint, reserved: bigint) =>
    `报销申请期满，解冻 ${moneyText(released)} 元${reserved > 0n ? `，待付款报销单保留 ${moneyText(reserved)} 元` : ''}`,
  noticeTitle: (batchNo: string, released: bigint) => `批次 ${batchNo} 报销申请期满，${moneyText(released)} 元已退回资金池`,
  noticeAbstract: (deadline: string) => `报销申请期限已于 ${deadline} 届满，该批次不能再申请报销`,
  /** what a run of the job did: batches released and their total, batches waiting for a claim in review, refusals (`批次号：原因`) */
  runAnswer: (batches: number, total: bigint, waiting: number, refused: string[]) =>
    [
      `解冻批次 ${batches} 个，共 ${moneyText(total)} 元`,
      waiting ? `${waiting} 个批次有报销单在审核中，审核完成后再解冻` : '',
      refused.length ? `未能解冻 ${refused.length} 个：${refused.join('；')}` : '',
    ]
      .filter(Boolean)
      .join('；'),
} as const;
