import { sql } from 'drizzle-orm';
import { PoolPerm } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { escapeHtml, pushQuietly } from '../../core/notice/org-notice.ts';
import { writeNotice } from '../../core/notice/delivery.ts';
import { noticeText } from '../../core/notice/notice-template.ts';
import type { JobHandlers } from '../../operations/job/job.runner.ts';
import { reconcile } from './pool-log.service.ts';

/** Who is told of a difference: the active users whose roles may reconcile the pools (协会财务, the administrator). */
const reconcilers = async (db: Db) =>
  (
    await rows<{ id: string }>(
      db,
      sql`select distinct u.id from sys_user u
            join sys_user_role ur on ur.user_id = u.id
            join sys_role_permission rp on rp.role_id = ur.role_id
            join sys_permission p on p.id = rp.permission_id
           where p.perms = ${PoolPerm.reconcile} and p.del_flag = 0 and u.del_flag = 0 and u.status = 1`,
    )
  ).map((r) => r.id);

/**
 * 资金池夜间对账 (issue #25): the same 对账 as the pool screen's button, over every pool; any difference
 * (a pool's amounts against the sums of its log, a gap in the log, a broken chain) is sent to finance
 * as an urgent message listing each pool and what disagrees. A clean night sends nothing.
 */
export const poolJobs: JobHandlers = {
  ledgerReconcile: async ({ db, deps }) => {
    const report = await reconcile(db);
    if (!report.differences.length) return `核对资金池 ${report.checkedPools} 个、日志 ${report.checkedLogs} 条，账实相符`;
    const userIds = await reconcilers(db);
    const items = report.differences.map((d) => `<li>${escapeHtml(d.poolCode)} ${escapeHtml(d.poolName)}：${d.problems.map(escapeHtml).join('；')}</li>`);
    if (userIds.length) {
      const notice = await writeNotice(db, {
        ...(await noticeText(db, 'pool_reconcile_difference', {
          count: report.differences.length,
          checkedPools: report.checkedPools,
          checkedLogs: report.checkedLogs,
          items: items.join(''),
        })),
        userIds,
        sender: 'system',
        msgCategory: '2',
        priority: 'H',
        busType: 'pool_reconcile',
        busId: report.differences[0].poolId,
        openType: 'url',
        openPage: '/finance/pool',
      });
      await pushQuietly(deps.sockets, notice);
    }
    // A difference is the night's finding, not the job's failure: the run succeeds and says what it found.
    return `核对资金池 ${report.checkedPools} 个，发现差异 ${report.differences.length} 个，已通知财务 ${userIds.length} 人`;
  },
};
