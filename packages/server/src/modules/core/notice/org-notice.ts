import { eq, sql } from 'drizzle-orm';
import { ClaimRoute, ClaimWindowMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { rightsOrg } from '../org/org.table.ts';
import { pushNotice, writeNotice, type WrittenNotice } from './delivery.ts';
import { noticeText } from './notice-template.ts';

// Messages to an organisation's users, sent by the batch flow (rights) and the claims (finance).

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `deadline`: the last day of the batch's 报销申请期限 */
type Reminder = { kind: 'closed'; batchNo: string; busId: string; deadline: string };

/** The active users of an organisation: those under its department, and whoever applied for it. */
export async function orgUserIds(db: Db, orgId: string): Promise<string[]> {
  const [org] = await db.select({ code: rightsOrg.sysOrgCode, applicantId: rightsOrg.applicantId }).from(rightsOrg).where(eq(rightsOrg.id, orgId));
  if (!org) return [];
  const found = org.code
    ? await rows<{ id: string }>(db, sql`select id from sys_user where del_flag = 0 and status = 1 and org_code like ${org.code} || '%'`)
    : [];
  return [...new Set([...found.map((u) => u.id), ...(org.applicantId ? [org.applicantId] : [])])];
}

/**
 * spec §2 notice modal: an urgent (H) message to the organisation's users whose 去处理 opens the claim
 * page when its batch is closed (upload the expense claims). Written in the caller's transaction; `push`
 * after the commit. `except` (who already gets the decision's own message) is left out; null when
 * nobody is left to tell.
 */
export async function claimReminder(t: Db, orgId: string, except: string | null, r: Reminder): Promise<{ push: (hub: SocketHub) => Promise<void> } | null> {
  const userIds = (await orgUserIds(t, orgId)).filter((id) => id !== except);
  if (!userIds.length) return null;
  const written: WrittenNotice = await writeNotice(t, {
    ...(await noticeText(t, 'claim_batch_closed', { batchNo: r.batchNo, deadlineFact: ClaimWindowMsg.deadlineFact(r.deadline) })),
    userIds,
    sender: 'system',
    msgCategory: '2',
    priority: 'H',
    busType: 'claim_batch_closed',
    busId: r.busId,
    openType: 'url',
    openPage: ClaimRoute.claimList,
  });
  return { push: (hub) => pushQuietly(hub, written) };
}

/** A lost push only delays the message to the bell's next poll; it must not fail what was committed. */
export async function pushQuietly(hub: SocketHub, written: WrittenNotice) {
  try {
    await pushNotice(hub, written);
  } catch {
    // the delivery row is written; the bell's poll shows it
  }
}
