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
