import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { RightsMsg, splitFilePaths } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { sbFileInfo } from './file-info.table.ts';
import { ANNOUNCEMENT_IMAGE_TYPE, findVisibleFile } from './file-info.service.ts';

/**
 * file_type dictionary values (DOMAIN.md file info, plus the kinds the app's own uploads carry:
 * 10 商标图样 … 15 其他; seeded by rights.seed.ts seedFileTypes).
 */
export const FileType = {
  registration: '1',
  authLetter: '2',
  licence: '3',
  evidence: '4',
  notarial: '5',
  penalty: '6',
  judgment: '7',
  invoice: '8',
  payment: '9',
  markImage: '10',
  practice: '11',
  filing: '12',
  bankProof: '13',
  announcementImage: ANNOUNCEMENT_IMAGE_TYPE,
  other: '15',
} as const;
export const EXTRA_FILE_TYPES: [string, string][] = [
  [FileType.markImage, '商标图样'],
  [FileType.practice, '执业许可证'],
  [FileType.filing, '备案证明'],
  [FileType.bankProof, '开户证明'],
  [FileType.announcementImage, '通告图片'],
  [FileType.other, '其他'],
];
/** The values an upload may name as its 文件类型. */
export const FILE_TYPE_VALUES = new Set<string>(Object.values(FileType));

export type Attachment = {
  /** the comma-separated paths of one field, as the body carries them (already checked for shape) */
  paths: string | null;
  /** file_type to record when the upload did not say */
  fileType?: string;
  kind?: 'image' | 'pdf';
};

/**
 * Every path a record names must be a file the caller may see (their organisation's uploads, or their
 * own): a path copied from another organisation's record is refused. Paths already on the record
 * (`kept`) pass without the check, so staff-visible records can be edited by their owners only.
 */
export async function checkAttachments(db: Db, user: SessionUser, attachments: Attachment[], kept: string[] = []) {
  for (const a of attachments) {
    for (const path of splitFilePaths(a.paths)) {
      if (kept.includes(path)) continue;
      const file = await findVisibleFile(db, user, path);
      if (!file) throw new BizError(`${RightsMsg.fileNotVisible}${path.split('/').pop()}`);
      if (a.kind === 'image' && !['png', 'jpg', 'jpeg'].includes(file.fileExt)) throw new BizError(RightsMsg.fileNotImage);
      if (a.kind === 'pdf' && file.fileExt !== 'pdf') throw new BizError(RightsMsg.fileNotPdf);
    }
  }
}

/**
 * Links the files to the record in 文件信息 (biz type and id; the file type when the upload left it
 * empty). A file already linked to another record keeps its first link.
 */
export async function linkAttachments(db: Db, bizType: string, bizId: string, attachments: Attachment[], orgCode: string | null = null) {
  for (const a of attachments) {
    const paths = splitFilePaths(a.paths);
    if (!paths.length) continue;
    const free = and(inArray(sbFileInfo.filePath, paths), or(isNull(sbFileInfo.bizId), eq(sbFileInfo.bizId, bizId)));
    await db.update(sbFileInfo).set({ bizType, bizId }).where(free);
    if (a.fileType)
      await db
        .update(sbFileInfo)
        .set({ fileType: a.fileType })
        .where(and(inArray(sbFileInfo.filePath, paths), isNull(sbFileInfo.fileType)));
    // Once an organisation is a department, its files follow it so that all its users may see them.
    if (orgCode)
      await db
        .update(sbFileInfo)
        .set({ sysOrgCode: orgCode })
        .where(and(inArray(sbFileInfo.filePath, paths), eq(sbFileInfo.bizId, bizId)));
  }
}
