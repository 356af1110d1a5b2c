import { and, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { rows } from '../../../platform/db/client.ts';
import { sbFileInfo } from './file-info.table.ts';

/** The organisation a department code belongs to: its first two levels (e.g. A02A01 for A02A01A03). */
export const orgRoot = (code: string | null | undefined) => (code ?? '').slice(0, 6);

/** Association staff see every file; everybody else the files of their own organisation and their own uploads. */
export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const found = await rows<{ ok: number }>(
    db,
    sql`select 1 as ok from sys_user_role ur join sys_role r on r.id = ur.role_id
         where ur.user_id = ${userId} and r.role_code in ('admin', 'reviewer', 'finance') limit 1`,
  );
  return found.length > 0;
}

/**
 * Announcement images are shown in every recipient's notice, so any signed-in user may read them;
 * only announcement managers may upload into this folder.
 */
export const ANNOUNCEMENT_BIZ = 'announcement';
export const ANNOUNCEMENT_UPLOAD_CODES = ['system:announcement:add', 'system:announcement:edit'];
export const isAnnouncementBiz = (biz: string) => biz.split('/')[0] === ANNOUNCEMENT_BIZ;

/**
 * The files of a record still in draft (a protected right in 草稿, an enrolment form never submitted)
 * belong to that draft: like the record itself, the association sees them once it is submitted.
 */
const notOfAnotherDraft = (user: SessionUser): SQL => sql`(${sbFileInfo.uploaderId} = ${user.id} or not exists (
  select 1 from rights_right r where ${sbFileInfo.bizType} = 'rights_right' and r.id = ${sbFileInfo.bizId} and r.audit_status = '3'
  union all
  select 1 from rights_org o where ${sbFileInfo.bizType} = 'rights_org' and o.id = ${sbFileInfo.bizId} and o.enter_status = '0'))`;

/** The condition a user's file list and file reads are limited to. */
export async function fileScope(db: Db, user: SessionUser): Promise<SQL | undefined> {
  if (await isStaff(db, user.id)) return notOfAnotherDraft(user);
  const root = orgRoot(user.orgCode);
  const own = eq(sbFileInfo.uploaderId, user.id);
  return root.length === 6 ? or(own, like(sbFileInfo.sysOrgCode, `${root}%`)) : own;
}

export async function findVisibleFile(db: Db, user: SessionUser, filePath: string) {
  const scope = isAnnouncementBiz(filePath) ? undefined : await fileScope(db, user);
  const [row] = await db
    .select()
    .from(sbFileInfo)
    .where(and(eq(sbFileInfo.filePath, filePath), eq(sbFileInfo.delFlag, '0'), scope));
  return row ?? null;
}

/** file_type 通告图片 (seeded with the other extra file types, shared/attachments.ts FileType). */
export const ANNOUNCEMENT_IMAGE_TYPE = '14';

/**
 * Links the images an announcement's HTML shows (uploaded into `announcement/…`) to it, as 通告图片;
 * an image already linked to another announcement keeps its first link.
 */
export async function linkAnnouncementImages(db: Db, anntId: string, html: string | null | undefined): Promise<void> {
  const paths = [...(html ?? '').matchAll(/\/sys\/common\/static\/(announcement\/[A-Za-z0-9_/-]+\.(?:png|jpe?g))/g)].map((m) => m[1]);
  if (!paths.length) return;
  await db
    .update(sbFileInfo)
    .set({ bizType: ANNOUNCEMENT_BIZ, bizId: anntId, fileType: sql`coalesce(${sbFileInfo.fileType}, ${ANNOUNCEMENT_IMAGE_TYPE})` })
    .where(and(inArray(sbFileInfo.filePath, [...new Set(paths)]), isNull(sbFileInfo.bizId)));
}
