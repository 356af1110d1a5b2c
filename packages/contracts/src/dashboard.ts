/**
 * 分析页 statistics answered by the dashboard's own routes (spec §7 Statistics lists the JeecgBoot ones;
 * these add what the rights records already hold).
 */

/** Marks whose 专用权期限 ends within the next 12 months, by month, and the records under each derived flag. */
export type RightExpiryStatistics = {
  /** China date the flags were computed on */
  today: string;
  expiringSoon: number;
  inGracePeriod: number;
  expired: number;
  authExpired: number;
  /** this calendar month to the one 12 months on (13 entries), every month present (count 0 when none) */
  months: { month: string; count: number }[];
};

export const RIGHT_EXPIRY_STATISTICS_PATH = '/sys/api/rightExpiryStatistics';

/** 维权结果 of closed batches grouped by one of their fields (DOMAIN dashboard: results by 维权方式 and 侵权平台). */
export const BATCH_RESULT_GROUPS = ['rightsMethod', 'platform'] as const;
export type BatchResultGroup = (typeof BATCH_RESULT_GROUPS)[number];
export type BatchResultRow = {
  /** the dictionary value of 维权方式 / 侵权平台, and its text */
  value: string;
  text: string;
  /** closed batches, and their items judged 成功 / 失败 / 不构成侵权 */
  batches: number;
  success: number;
  failed: number;
  notInfringing: number;
};
export const BATCH_RESULT_STATISTICS_PATH = '/sys/api/batchResultStatistics';
