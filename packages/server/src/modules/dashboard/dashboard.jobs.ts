import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/client.ts';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { JobHandlers } from '../operations/job/job.runner.ts';
import { batchCount, monthlyCounts } from '../rights/batch/batch-stats.service.ts';
import { rightExpiryStatistics } from './dashboard.service.ts';

type Staff = { id: string; username: string; realname: string; org_code: string | null };

/**
 * 统计缓存预热 (issue #25): the staff-wide statistics of the home page computed ahead, as the
 * administrator sees them. The batch counts are remembered per version of the batch table
 * (`underVersion`), so the first visitor after a quiet night finds them ready; the counts are kept in the
 * process that ran the job (each process keeps its own), which is why the job runs every few minutes.
 */
export const dashboardJobs: JobHandlers = {
  statsWarmup: async ({ db }) => {
    const [admin] = await rows<Staff>(db, sql`select id, username, realname, org_code from sys_user where username = 'admin' and del_flag = 0`);
    if (!admin) return '没有管理员账号，未预热';
    const user: SessionUser = { id: admin.id, username: admin.username, realname: admin.realname, orgCode: admin.org_code, tokenHash: '', accessVersion: 0 };
    let n = 0;
    for (const kind of ['apply', 'pass'] as const) {
      await batchCount(db, user, kind);
      await monthlyCounts(db, user, kind);
      n += 2;
    }
    await rightExpiryStatistics(db, user);
    n += 1;
    return `预热统计 ${n} 项`;
  },
};
