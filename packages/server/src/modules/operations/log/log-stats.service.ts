import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.ts';
import { LogType } from './log.service.ts';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3600_000;

/** Midnight (China time, as JeecgBoot's server clock) of the day `daysAgo` before `now`. */
function chinaMidnight(now: Date, daysAgo = 0): Date {
  const local = now.getTime() + CHINA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - CHINA_OFFSET_MS - daysAgo * DAY_MS);
}

export type LoginInfo = { todayVisitCount: number; todayIp: number; totalVisitCount: number };

/**
 * GET /sys/loginfo for the stock dashboard: login-log rows (log_type 1, every sign-in, failure and
 * sign-out, as JeecgBoot counts them) today and in all, and today's distinct addresses.
 */
export async function loginInfo(db: Db, now = new Date()): Promise<LoginInfo> {
  const start = chinaMidnight(now);
  const end = new Date(start.getTime() + DAY_MS);
  const [found] = await rows<LoginInfo>(
    db,
    sql`select count(*) filter (where create_time >= ${start} and create_time < ${end})::int as "todayVisitCount",
               count(distinct ip) filter (where create_time >= ${start} and create_time < ${end})::int as "todayIp",
               count(*)::int as "totalVisitCount"
          from sys_log where log_type = ${LogType.login}`,
  );
  return found;
}

/** One day of GET /sys/visitInfo: `tian` is the date, `type` its month-day label on the chart's axis (JeecgBoot's names). */
export type VisitDay = { visit: number; ip: number; tian: string; type: string };

/**
 * GET /sys/visitInfo: login-log rows and distinct addresses per China-time day, the last 7 days up to
 * today, oldest first. JeecgBoot lists only days that have rows; days without any are given as 0 so
 * the chart's axis always shows the whole week.
 */
export async function visitInfo(db: Db, now = new Date()): Promise<VisitDay[]> {
  const end = new Date(chinaMidnight(now).getTime() + DAY_MS);
  const start = chinaMidnight(now, 6);
  const found = await rows<{ tian: string; visit: number; ip: number }>(
    db,
    sql`select to_char((create_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as tian,
               count(*)::int as visit, count(distinct ip)::int as ip
          from sys_log
         where log_type = ${LogType.login} and create_time >= ${start} and create_time < ${end}
         group by 1`,
  );
  const byDay = new Map(found.map((d) => [d.tian, d]));
  return Array.from({ length: 7 }, (_, i) => {
    const tian = new Date(start.getTime() + i * DAY_MS + CHINA_OFFSET_MS).toISOString().slice(0, 10);
    const day = byDay.get(tian);
    return { visit: day?.visit ?? 0, ip: day?.ip ?? 0, tian, type: tian.slice(5) };
  });
}
