import { sql } from 'drizzle-orm';
import { addDays, chinaToday } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { escapeHtml, orgUserIds, pushQuietly } from '../../core/notice/org-notice.ts';
import { writeNotice, type WrittenNotice } from '../../core/notice/delivery.ts';
import { noticeText } from '../../core/notice/notice-template.ts';
import type { JobHandlers } from '../../operations/job/job.runner.ts';

type Expiring = { id: string; org_id: string; trademark_name: string; reg_no: string; nice_class: string; expire_date: string };

/**
 * 商标到期提醒 (issue #25): an approved, live right whose exclusive-use term ends within one of the
 * thresholds (90/30/7 days) is announced to its organisation under the smallest threshold it has reached,
 * once: the mark `right:threshold:expiry` is written in the transaction that writes the notice, so a run
 * that fails sends nothing and remembers nothing, and a renewed right (a new expiry date) is told again.
 * A right already inside 7 days when first seen gets the 7-day notice only, not three at once.
 */
export const rightJobs: JobHandlers = {
  rightExpiryReminder: async ({ db, deps, params, once }) => {
    const today = chinaToday();
    const thresholds = [...params.days].sort((a, b) => a - b);
    const horizon = addDays(today, thresholds[thresholds.length - 1]);
    const found = await rows<Expiring>(
      db,
      sql`select id, org_id, trademark_name, reg_no, nice_class, expire_date::text as expire_date from rights_right
           where del_flag = '0' and audit_status = '1' and expire_date >= ${today}::date and expire_date <= ${horizon}::date
           order by org_id, expire_date, reg_no`,
    );
    const byOrgAndDays = new Map<string, { orgId: string; days: number; list: Expiring[] }>();
    for (const right of found) {
      const left = Math.round((Date.parse(right.expire_date) - Date.parse(today)) / 86_400_000);
      const days = thresholds.find((d) => left <= d)!;
      const key = `${right.org_id}\n${days}`;
      const group = byOrgAndDays.get(key) ?? { orgId: right.org_id, days, list: [] };
      group.list.push(right);
      byOrgAndDays.set(key, group);
    }
    const written: WrittenNotice[] = [];
    let told = 0;
    for (const group of byOrgAndDays.values()) {
      await db.transaction(async (tx) => {
        const fresh: Expiring[] = [];
        for (const right of group.list) if (await once(tx, `right:${right.id}:${group.days}:${right.expire_date}`)) fresh.push(right);
        if (!fresh.length) return;
        const userIds = await orgUserIds(tx, group.orgId);
        if (!userIds.length) return;
        const lines = fresh.map(
          (r) => `<li>${escapeHtml(r.trademark_name)}（注册号 ${escapeHtml(r.reg_no)}，第 ${escapeHtml(r.nice_class)} 类）：${r.expire_date} 到期</li>`,
        );
        written.push(
          await writeNotice(tx, {
            ...(await noticeText(tx, 'right_expiry', { count: fresh.length, days: group.days, items: lines.join('') })),
            userIds,
            sender: 'system',
            msgCategory: '2',
            priority: group.days <= 7 ? 'H' : group.days <= 30 ? 'M' : 'L',
            busType: 'right_expiry',
            busId: fresh[0].id,
            openType: 'url',
            openPage: '/rights/right/list',
          }),
        );
        told += fresh.length;
      });
    }
    for (const notice of written) await pushQuietly(deps.sockets, notice);
    return `发送到期提醒 ${written.length} 条，涉及商标 ${told} 件`;
  },
};
