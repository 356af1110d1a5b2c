import {
  agencyQueries,
  AuditStatus,
  batchStatsQueries,
  chinaToday,
  CLAIM_PAYABLE_STATUSES,
  ClaimRoute,
  dashboardQueries,
  poolQueries,
  type BatchResultGroup,
} from '@sbwq/contracts';
import { flowApi } from '../../platform/flowApi.ts';
import { unwrap } from '../../platform/result.ts';
import { bankApi } from '../rights/bank/bank.api.ts';
import { rightApi } from '../rights/right/right.api.ts';

/** The statistics, typed from their declarations in contracts (issue 37: no path or answer type written here). */
const queries = flowApi(dashboardQueries);
const pools = flowApi(poolQueries);
const batches = flowApi(batchStatsQueries);
const agencies = flowApi(agencyQueries);

/** The statistics calls the dashboards read (spec §7 Statistics, plus the rights expiry figures). */
export const dashboardApi = {
  poolStatistics: (signal?: AbortSignal) => pools.statistics(undefined, { signal }).then(unwrap),
  poolLines: (range: { start: string; end: string }, signal?: AbortSignal) =>
    pools.lines({ startDate: range.start, endDate: range.end }, { signal }).then(unwrap),
  rightExpiry: (signal?: AbortSignal) => queries.rightExpiry(undefined, { signal }).then(unwrap),
  /** how many of the caller's rights are in one review state: the list's own total, one row fetched */
  rightsIn: (auditStatus: string, signal?: AbortSignal) =>
    rightApi
      .list({ auditStatus, pageNo: 1, pageSize: 1 }, signal)
      .then(unwrap)
      .then((page) => page.total),
  /** 线索批次: submitted and approved, the caller's organisation's for organisation users */
  batchApplyNum: (signal?: AbortSignal) => batches.applyNum(undefined, { signal }).then(unwrap),
  batchApplyPassNum: (signal?: AbortSignal) => batches.applyPassNum(undefined, { signal }).then(unwrap),
  batchMonths: (signal?: AbortSignal) =>
    Promise.all([batches.monthApplyNum(undefined, { signal }).then(unwrap), batches.monthApplyPassNum(undefined, { signal }).then(unwrap)]).then(
      ([apply, pass]) => ({ apply, pass }),
    ),
  batchResults: (by: BatchResultGroup, signal?: AbortSignal) => queries.batchResults({ by }, { signal }).then(unwrap),
  pendingPayment: (signal?: AbortSignal) => queries.pendingPayment(undefined, { signal }).then(unwrap),
  /** 机构申请排行 (spec §7): the ten organisations with the most batches submitted in the range */
  agencyRanking: (range: { start: string; end: string }, signal?: AbortSignal) =>
    agencies.ranking({ startDate: range.start, endDate: range.end, pageNo: 1, pageSize: 10 }, { signal }).then(unwrap),
  /** 任务统计: decisions per day and per 初审人 durations over a date range */
  taskThroughput: (range: { start: string; end: string }, signal?: AbortSignal) =>
    queries.taskThroughput({ startDate: range.start, endDate: range.end }, { signal }).then(unwrap),
  /** 业务监控: today's activity and users online */
  monitorToday: (signal?: AbortSignal) => queries.monitorToday(undefined, { signal }).then(unwrap),
  /** the same for the organisation's bank accounts */
  bankAccountsIn: (auditStatus: string, signal?: AbortSignal) =>
    bankApi
      .list({ auditStatus, pageNo: 1, pageSize: 1 }, signal)
      .then(unwrap)
      .then((page) => page.total),
};

/** The lists behind the figures (menu urls; ListPage reads its search fields from the query). */
export const RIGHT_LIST_PATH = '/rights/right/list';
export const POOL_LIST_PATH = '/finance/pool';
export const POOL_LOG_PATH = '/finance/poolLog';
export const BANK_LIST_PATH = '/rights/org/bank';
export const BATCH_LIST_PATH = '/rights/batch/list';
export const PAYMENT_LIST_PATH = ClaimRoute.paymentList;
export const batchListLink = (query: Record<string, string>) => `${BATCH_LIST_PATH}?${new URLSearchParams(query)}`;
/**
 * The batches handed to the association (线索申请总数 counts those with a submit time): submitted up to
 * today leaves out exactly the drafts, which have none.
 */
export const submittedBatchesLink = (today = chinaToday()) => batchListLink({ submitTime_end: today });
/** The payment queue the 待付款 figure counts: 待付款 and 付款失败 (PaymentList offers the pair as one 状态). */
export const PAYABLE_PAYMENTS_LINK = `${PAYMENT_LIST_PATH}?${new URLSearchParams({ status: CLAIM_PAYABLE_STATUSES.join(',') })}`;
/** A list filtered to the day `field` fell on (`<field>_begin`/`_end`, the list's date-range search). */
export const onDayLink = (path: string, field: string, day: string) => `${path}?${new URLSearchParams({ [`${field}_begin`]: day, [`${field}_end`]: day })}`;
export const rightsListLink = (query: Record<string, string>) => `${RIGHT_LIST_PATH}?${new URLSearchParams(query)}`;
export const bankListLink = (query: Record<string, string>) => `${BANK_LIST_PATH}?${new URLSearchParams(query)}`;
export const poolLogLink = (query: Record<string, string>) => `${POOL_LOG_PATH}?${new URLSearchParams(query)}`;
export { AuditStatus };
