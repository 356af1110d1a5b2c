import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FileKind } from '../../core/files/file-kinds.ts';
import { ANNOUNCEMENT_BIZ } from '../../core/files/file-info.service.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';

/** Images of an announcement (linked when it is saved, never named by an upload): titled by the announcement's title. */
export const announcementFileKind: FileKind = {
  bizType: ANNOUNCEMENT_BIZ,
  titles: async (db, ids) =>
    (
      await db
        .select({ id: sysAnnouncement.id, titile: sysAnnouncement.titile })
        .from(sysAnnouncement)
        .where(and(inArray(sysAnnouncement.id, ids), eq(sysAnnouncement.delFlag, '0')))
    ).map((a) => [a.id, a.titile]),
  // Its HTML shows the image at `/sys/common/static/<path>`: an announcement that still shows it keeps it.
  uses: async (db, filePath) => {
    const [found] = await db
      .select({ titile: sysAnnouncement.titile })
      .from(sysAnnouncement)
      .where(and(eq(sysAnnouncement.delFlag, '0'), sql`position(${`/sys/common/static/${filePath}`} in coalesce(${sysAnnouncement.msgContent}, '')) > 0`))
      .limit(1);
    return found ? `通告「${found.titile}」` : undefined;
  },
};
