import { and, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { FilePerm, type FileInfoRecord, type Page } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { realnamesOf } from '../../../platform/db/user-names.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { newId } from '../../../platform/db/ids.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { sbFileInfo } from './file-info.table.ts';
import { DataTable, recordVersion } from '../datalog/datalog.service.ts';
import { bizTitles } from './file-kinds.ts';
import { isStaff } from '../org/org-context.ts';

type Row = typeof sbFileInfo.$inferSelect;

export const fileInfoWhitelist: ListResource = {
  table: sbFileInfo,
  fields: fieldsOf(sbFileInfo, {
    fileName: 'string',
    fileType: 'string',
    fileExt: 'string',
    bizType: 'string',
    bizId: 'string',
    createBy: 'string',
    createTime: 'datetime',
    fileSize: 'number',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** The organisation a department code belongs to: its first two levels (e.g. A02A01 for A02A01A03). */
export const orgRoot = (code: string | null | undefined) => (code ?? '').slice(0, 6);

/**
 * Announcement images are shown in every recipient's notice, so any signed-in user may read them;
 * only announcement managers may upload into this folder.
 */
export const ANNOUNCEMENT_BIZ = 'announcement';
export const isAnnouncementBiz = (biz: string) => biz.split('/')[0] === ANNOUNCEMENT_BIZ;

/**
 * The files of a record still in draft (a protected right in 草稿, an enrolment form never submitted)
 * belong to that draft: like the record itself, the association sees them once it is submitted.
 */
const notOfAnotherDraft = (user: SessionUser): SQL => sql`(${sbFileInfo.uploaderId} = ${user.id} or not exists (
  select 1 from rights_right r where ${sbFileInfo.bizType} = 'rights_right' and r.id = ${sbFileInfo.bizId} and r.audit_status = '3'
  union all
  select 1 from rights_org o where ${sbFileInfo.bizType} = 'rights_org' and o.id = ${sbFileInfo.bizId} and o.enter_status = '0'))`;

/**
 * A file linked to a claim of the organisation (`fin_claim`, as claim.service's CLAIM_FILE_BIZ links them):
 * the payment voucher finance uploads carries finance's department, yet it is the paid organisation's
 * proof of payment, so that organisation reads it too; other organisations still do not.
 */
const ofOwnClaim = (root: string): SQL => sql`(${sbFileInfo.bizType} = 'fin_claim' and exists (
  select 1 from fin_claim c where c.id = ${sbFileInfo.bizId} and c.sys_org_code like ${`${root}%`}))`;

/** The condition a user's file list and file reads are limited to: association staff see every file; everybody else the files of their own organisation and their own uploads. */
export async function fileScope(db: Db, user: SessionUser): Promise<SQL | undefined> {
  if (await isStaff(db, user.id, user.accessVersion)) return notOfAnotherDraft(user);
  const root = orgRoot(user.orgCode);
  const own = eq(sbFileInfo.uploaderId, user.id);
  return root.length === 6 ? or(own, like(sbFileInfo.sysOrgCode, `${root}%`), ofOwnClaim(root)) : own;
}

export async function findVisibleFile(db: Db, user: SessionUser, filePath: string) {
  const scope = isAnnouncementBiz(filePath) ? undefined : await fileScope(db, user);
  const [row] = await db
    .select()
    .from(sbFileInfo)
    .where(and(eq(sbFileInfo.filePath, filePath), eq(sbFileInfo.delFlag, '0'), scope));
  return row ?? null;
}

/**
 * The uploaded names of the stored files among `paths` that the user may read (as the static route
 * decides), path → name; one statement for the announcement images (readable by anyone signed in) and one
 * for the rest under the user's file scope.
 */
export async function visibleFileNames(db: Db, user: SessionUser, paths: string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(paths)];
  const open = wanted.filter((p) => isAnnouncementBiz(p));
  const scoped = wanted.filter((p) => !isAnnouncementBiz(p));
  const read = async (list: string[], scope: SQL | undefined) =>
    list.length
      ? db
          .select({ filePath: sbFileInfo.filePath, fileName: sbFileInfo.fileName })
          .from(sbFileInfo)
          .where(and(inArray(sbFileInfo.filePath, list), eq(sbFileInfo.delFlag, '0'), scope))
      : [];
  const found = [...(await read(open, undefined)), ...(await read(scoped, scoped.length ? await fileScope(db, user) : undefined))];
  return Object.fromEntries(found.map((f) => [f.filePath, f.fileName]));
}

/** file_type 通告图片 (seeded with the other extra file types, attachments.ts FileType). */
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

/** A stored file as the lists answer it: the title of the record it belongs to and the address it is read at. */
async function records(db: Db, apiBase: string, found: Row[], titles: Map<string, string>): Promise<FileInfoRecord[]> {
  const personOf = await realnamesOf(
    db,
    found.map((row) => row.createBy),
  );
  return found.map((row) => ({
    ...withDateTexts(row),
    createByName: personOf(row.createBy),
    bizTitle: row.bizType && row.bizId ? (titles.get(`${row.bizType}:${row.bizId}`) ?? null) : null,
    url: `${apiBase}/sys/common/static/${row.filePath}`,
  }));
}

/** Who asks, and the server's address of a stored file (`url`). */
type FileCtx = Pick<ResourceCtx, 'db' | 'user' | 'deps'>;

/** `extra`: the caller's own conditions (文件列表's 文件地址). */
export async function listFiles({ db, user, deps }: FileCtx, params: ListParams, extra: SQL[] = []): Promise<Page<FileInfoRecord>> {
  const { apiBase } = deps.config;
  const scope = await fileScope(db, user);
  const page = await pageOf<Row>(db, fileInfoWhitelist, params, {
    extra: [eq(sbFileInfo.delFlag, '0'), ...(scope ? [scope] : []), ...extra],
    tieBreak: sbFileInfo.id,
  });
  return { ...page, records: await records(db, apiBase, page.records, await bizTitles(db, page.records)) };
}

export async function fileById({ db, user, deps }: FileCtx, id: string): Promise<FileInfoRecord> {
  const { apiBase } = deps.config;
  const scope = await fileScope(db, user);
  const [row] = await db
    .select()
    .from(sbFileInfo)
    .where(and(eq(sbFileInfo.id, id), eq(sbFileInfo.delFlag, '0'), scope));
  if (!row) throw new BizError('未找到对应数据');
  return (await records(db, apiBase, [row], await bizTitles(db, [row])))[0];
}

/**
 * The folders the evidence of clue batches (线索附件, 结案材料) and claims (发票及凭证, 付款凭证) is uploaded
 * into, and the claim link of a payment voucher: these files enter the data log's hash chain (issue 39).
 */
const EVIDENCE_FOLDERS = new Set(['rights_threaded', 'finance_claim', 'finance_payment']);
export const isEvidenceFile = (row: { filePath: string; bizType?: string | null }) =>
  EVIDENCE_FOLDERS.has(row.filePath.split('/')[0]!) || row.bizType === 'fin_claim';

/** What the chain keeps of an evidence file: which file, its fingerprint, and where it belongs; not where its bytes happen to be. */
const evidenceVersion = (row: typeof sbFileInfo.$inferInsert) => ({
  fileName: row.fileName,
  filePath: row.filePath,
  fileSize: row.fileSize,
  sha256: row.sha256 ?? null,
  bizType: row.bizType ?? null,
  bizId: row.bizId ?? null,
  uploaderId: row.uploaderId,
});

/**
 * Files of the evidence folders that the data log has no version of (the demo's invoice scans and payment
 * receipts, stored by the seed rather than the upload route): each gets its `added` version by its uploader
 * at its upload time, as an upload would have written it, so datalog:verify and files:verify cover them.
 */
export async function chainUnloggedEvidence(db: Db): Promise<number> {
  const found = await db
    .select()
    .from(sbFileInfo)
    .where(
      and(
        eq(sbFileInfo.delFlag, '0'),
        sql`${sbFileInfo.sha256} is not null`,
        sql`not exists (select 1 from sys_data_log l where l.data_table = ${DataTable.evidenceFile} and l.data_id = ${sbFileInfo.id})`,
      ),
    )
    .orderBy(sbFileInfo.createTime, sbFileInfo.id);
  const evidence = found.filter(isEvidenceFile);
  const nameOf = await realnamesOf(
    db,
    evidence.map((row) => row.createBy),
  );
  for (const row of evidence) {
    const who = { username: row.createBy ?? 'system', realname: nameOf(row.createBy) ?? row.createBy ?? '系统' };
    await recordVersion(db, who, DataTable.evidenceFile, row.id, null, evidenceVersion(row), row.createTime ?? undefined);
  }
  return evidence.length;
}

/** The row of a file just stored: who uploaded it, for which organisation and, when linked, which record; an evidence file with its version in the data log, in one transaction. */
export async function recordUpload(
  db: Db,
  user: SessionUser,
  file: Omit<typeof sbFileInfo.$inferInsert, 'id' | 'uploaderId' | 'createBy' | 'createTime'>,
): Promise<void> {
  const row = { ...file, id: newId(), uploaderId: user.id, createBy: user.username, createTime: new Date() };
  await db.transaction(async (t) => {
    await t.insert(sbFileInfo).values(row);
    if (isEvidenceFile(row)) await recordVersion(t, user, DataTable.evidenceFile, row.id, null, evidenceVersion(row), row.createTime);
  });
}

/** Marks a visible file deleted (its bytes are removed by the caller): one's own upload, or anyone's with rights:file:delete. */
export async function deleteVisibleFile(db: Db, user: SessionUser, filePath: string): Promise<Row> {
  const row = await findVisibleFile(db, user, filePath);
  if (!row) throw new BizError('未找到对应文件');
  if (row.uploaderId !== user.id && !(await hasPermission(db, user.id, FilePerm.delete, user.accessVersion))) throw new BizError('只能删除本人上传的文件');
  await db.transaction(async (t) => {
    await t.update(sbFileInfo).set({ delFlag: '1', updateBy: user.username, updateTime: new Date() }).where(eq(sbFileInfo.id, row.id));
    if (isEvidenceFile(row)) await recordVersion(t, user, DataTable.evidenceFile, row.id, evidenceVersion(row), null);
  });
  return row;
}
