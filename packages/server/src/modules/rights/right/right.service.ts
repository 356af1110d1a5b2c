import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { DataTable, recordVersion, recordVersions } from '../../core/datalog/datalog.service.ts';
import {
  AuditStatus,
  chinaToday,
  computeExpireDate,
  EXPIRY_FLAGS,
  rightFlags,
  rightFlow,
  RightsMsg,
  splitFilePaths,
  type ApproveBody,
  type ExpiryFlag,
  type FlowActionKey,
  type Page,
  type RightBody,
  type RightRecord,
  initialState,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { audited, decide } from '../../core/approval/decide.ts';
import { orgNamesOf, requireReadyOrg, viewerOf, type Viewer } from '../../core/org/org-context.ts';
import type { OrgRow } from '../../core/org/org.table.ts';
import { checkAttachments, FileType, linkAttachments, type Attachment } from '../../core/files/attachments.ts';
import { violatedUnique } from '../../../platform/db/errors.ts';
import { checkDateParams } from '../../core/shared/records.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { canTake, fromStates, refusalOf } from '../../../platform/flow/flow-guard.ts';
import { transition } from '../../../platform/flow/transition.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { rightsRight, type RightRow } from './right.table.ts';

export const RIGHT_FILE_BIZ = 'rights_right';

export const rightWhitelist: ListResource = {
  table: rightsRight,
  fields: fieldsOf(rightsRight, {
    id: ['string', { sort: false }],
    orgId: 'string',
    trademarkName: 'string',
    regNo: 'string',
    niceClass: 'string',
    trademarkType: 'string',
    registrant: 'string',
    legalStatus: 'string',
    authOrg: 'string',
    auditStatus: 'string',
    regDate: 'date',
    expireDate: 'date',
    authEndDate: 'date',
    sysOrgCode: 'string',
    submitTime: 'datetime',
    createTime: 'datetime',
    updateTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};
const DICTS = { niceClass: 'nice_class', trademarkType: 'trademark_type', legalStatus: 'legal_status', auditStatus: 'audit_status' };

/** The SQL twin of `rightFlags` (contracts), so that a list can be filtered by a derived flag. */
export function expiryFlagCondition(flag: ExpiryFlag, today: string): SQL {
  const d = sql`${today}::date`;
  switch (flag) {
    case 'expiringSoon':
      return sql`(${rightsRight.expireDate} >= ${d} and ${rightsRight.expireDate} <= (${d} + interval '12 months')::date)`;
    case 'inGracePeriod':
      return sql`(${rightsRight.expireDate} < ${d} and (${rightsRight.expireDate} + interval '6 months')::date >= ${d})`;
    case 'expired':
      return sql`((${rightsRight.expireDate} + interval '6 months')::date < ${d})`;
    case 'authExpired':
      return sql`(${rightsRight.authEndDate} < ${d})`;
  }
}

/**
 * Scope: staff read every submitted record; an organisation user reads those of their organisation's
 * department (sys_org_code prefix), which exists only once the organisation is enrolled and certified.
 * A draft (草稿) has never been handed to the association: it stays its organisation's alone, so staff
 * do not see another organisation's drafts in the list, the detail or the export.
 */
export function rightScope(viewer: Viewer): SQL[] {
  const scope: SQL[] = [eq(rightsRight.delFlag, '0')];
  if (!viewer.staff) scope.push(and(eq(rightsRight.orgId, viewer.org.id), sql`${rightsRight.sysOrgCode} like ${`${viewer.org.sysOrgCode}%`}`)!);
  else
    scope.push(
      viewer.org ? or(ne(rightsRight.auditStatus, AuditStatus.draft), eq(rightsRight.orgId, viewer.org.id))! : ne(rightsRight.auditStatus, AuditStatus.draft),
    );
  return scope;
}

export async function rightRecords(db: Db, dicts: DictService, viewer: Viewer | null, found: RightRow[], today = chinaToday()): Promise<RightRecord[]> {
  const names = await orgNamesOf(
    db,
    found.map((r) => r.orgId),
  );
  const plain = found.map((row) => {
    const { submitBy: _s, delFlag: _d, ...rest } = withDateTexts(row, ['auditTime', 'submitTime', 'createTime', 'updateTime']);
    return {
      ...rest,
      ...rightFlags(row.expireDate, row.authEndDate, today),
      orgName: names.get(row.orgId) ?? null,
      editable: viewer?.org?.id === row.orgId && canTake(rightFlow, 'edit', row),
    };
  });
  return await dicts.withDictText(plain, DICTS);
}

export async function listRights({ db, deps: { dicts }, user }: ResourceCtx, params: ListParams): Promise<Page<RightRecord>> {
  checkDateParams(rightWhitelist, params);
  const viewer = await viewerOf(db, user);
  const extra = rightScope(viewer);
  const today = chinaToday();
  const flag = typeof params.expiryFlag === 'string' ? params.expiryFlag : '';
  if (flag) {
    if (!(EXPIRY_FLAGS as readonly string[]).includes(flag)) throw new BizError(`expiryFlag 只能是 ${EXPIRY_FLAGS.join('、')}`, 500, 400);
    extra.push(expiryFlagCondition(flag as ExpiryFlag, today));
  }
  if (typeof params.selections === 'string' && params.selections)
    extra.push(inArray(rightsRight.id, params.selections.split(',').filter(Boolean).slice(0, 10_000)));
  const page = await pageOf<RightRow>(db, rightWhitelist, params, { extra, tieBreak: rightsRight.id });
  return { ...page, records: await rightRecords(db, dicts, viewer, page.records, today) };
}

export async function rightById({ db, deps: { dicts }, user }: ResourceCtx, id: string): Promise<RightRecord> {
  const viewer = await viewerOf(db, user);
  const [row] = await db
    .select()
    .from(rightsRight)
    .where(and(eq(rightsRight.id, id), ...rightScope(viewer)));
  if (!row) throw new BizError(RightsMsg.notFound);
  return (await rightRecords(db, dicts, viewer, [row]))[0];
}

const attachmentsOf = (body: Pick<RightBody, 'markImage' | 'authLetter' | 'proofFile'>): Attachment[] => [
  { paths: body.markImage, kind: 'image', fileType: FileType.markImage },
  { paths: body.authLetter, kind: 'pdf', fileType: FileType.authLetter },
  { paths: body.proofFile, fileType: FileType.registration },
];

/** The columns a form (or an imported row) writes; the expiry date follows the registration date. */
export function rightValues(body: RightBody) {
  return {
    trademarkName: body.trademarkName,
    markImage: body.markImage,
    regNo: body.regNo,
    niceClass: body.niceClass,
    goodsServices: body.goodsServices,
    trademarkType: body.trademarkType,
    registrant: body.registrant,
    registrantAddress: body.registrantAddress,
    regDate: body.regDate,
    expireDate: computeExpireDate(body.regDate),
    legalStatus: body.legalStatus,
    authOrg: body.authOrg,
    authLetter: body.authLetter,
    authStartDate: body.authStartDate,
    authEndDate: body.authEndDate,
    proofFile: body.proofFile,
    remark: body.remark,
  };
}

function duplicate(error: unknown): never {
  if (violatedUnique(error) !== null) throw new BizError(RightsMsg.rightDuplicate);
  throw error;
}

/** 新增: a draft (草稿) of the caller's organisation. */
export async function addRight({ db, user }: ResourceCtx, body: RightBody): Promise<string> {
  const org = await requireReadyOrg(db, user);
  await checkAttachments(db, user, attachmentsOf(body));
  const id = newId();
  try {
    await db.transaction(async (t) => {
      const added = {
        id,
        orgId: org.id,
        ...rightValues(body),
        auditStatus: initialState(rightFlow),
        sysOrgCode: org.sysOrgCode,
        createBy: user.username,
        createTime: new Date(),
      };
      await t.insert(rightsRight).values(added);
      await recordVersion(t, user, DataTable.right, id, null, added);
      await linkAttachments(t, RIGHT_FILE_BIZ, id, attachmentsOf(body), org.sysOrgCode);
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    duplicate(error);
  }
  return id;
}

async function ownRight(db: Db, org: OrgRow, id: string): Promise<RightRow> {
  const [row] = await db
    .select()
    .from(rightsRight)
    .where(and(eq(rightsRight.id, id), eq(rightsRight.orgId, org.id), eq(rightsRight.delFlag, '0')));
  if (!row) throw new BizError(RightsMsg.notFound);
  return row;
}

/** The rights records' table as their flow's transitions write it (`rights_right`'s versions in the data log). */
const rightStore = flowStore(rightsRight, DataTable.right);

/** 编辑: only a draft or a rejected record of the caller's organisation. */
export async function editRight({ db, user }: ResourceCtx, body: RightBody): Promise<void> {
  if (!body.id) throw new BizError('缺少ID');
  const org = await requireReadyOrg(db, user);
  const row = await ownRight(db, org, body.id);
  try {
    await db.transaction(async (t) => {
      await transition(t, rightStore, rightFlow, 'edit', row, user, rightValues(body), {
        org,
        where: [eq(rightsRight.delFlag, '0')],
        check: () =>
          checkAttachments(
            t,
            user,
            attachmentsOf(body),
            [row.markImage, row.authLetter, row.proofFile].flatMap((p) => splitFilePaths(p)),
          ),
      });
      await linkAttachments(t, RIGHT_FILE_BIZ, row.id, attachmentsOf(body), org.sysOrgCode);
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    duplicate(error);
  }
}

/** Changes every listed record of the caller's organisation whose state allows the action, or none of them. */
async function changeOwn(
  db: Db,
  user: SessionUser,
  ids: string[],
  set: Partial<typeof rightsRight.$inferInsert>,
  action: Extract<FlowActionKey<typeof rightFlow>, 'submit' | 'delete'>,
) {
  if (!ids.length) throw new BizError('请选择记录');
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    // The rows as they were, locked, for their versions in the data log.
    const before = await t
      .select()
      .from(rightsRight)
      .where(and(inArray(rightsRight.id, ids), eq(rightsRight.orgId, org.id)))
      .for('update');
    const changed = await t
      .update(rightsRight)
      .set(set)
      .where(
        and(
          inArray(rightsRight.id, ids),
          eq(rightsRight.orgId, org.id),
          eq(rightsRight.delFlag, '0'),
          inArray(rightsRight.auditStatus, fromStates(rightFlow, action)),
        ),
      )
      .returning({ id: rightsRight.id });
    if (changed.length === ids.length) {
      await recordVersions(
        t,
        user,
        DataTable.right,
        before.map((row) => ({ id: row.id, before: row, after: set.delFlag === '1' ? null : set })),
      );
      return;
    }
    const found = await t
      .select({ id: rightsRight.id })
      .from(rightsRight)
      .where(and(inArray(rightsRight.id, ids), eq(rightsRight.orgId, org.id), eq(rightsRight.delFlag, '0')));
    throw new BizError(found.length === ids.length ? refusalOf(rightFlow, action) : RightsMsg.notFound);
  });
}

export function deleteRights({ db, user }: ResourceCtx, ids: string[]) {
  return changeOwn(db, user, ids, { delFlag: '1', updateBy: user.username, updateTime: new Date() }, 'delete');
}

/** 提交审核: 草稿 | 已驳回 → 待审核, every listed record of the caller's organisation or none of them. */
export async function submitRights(db: Db, user: SessionUser, ids: string[]) {
  if (!ids.length) throw new BizError('请选择记录');
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    const rows = await t
      .select()
      .from(rightsRight)
      .where(and(inArray(rightsRight.id, ids), eq(rightsRight.orgId, org.id), eq(rightsRight.delFlag, '0')))
      .for('update');
    if (rows.length !== new Set(ids).size) throw new BizError(RightsMsg.notFound);
    const now = new Date();
    for (const row of rows) await transition(t, rightStore, rightFlow, 'submit', row, user, { submitBy: user.id, submitTime: now }, { org, now });
  });
}

/** 撤回: 待审核 → 草稿, by the record's organisation before the reviewer decides (to correct it and submit again). */
export async function withdrawRight(db: Db, user: SessionUser, id: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    const [row] = await t
      .select()
      .from(rightsRight)
      .where(and(eq(rightsRight.id, id), eq(rightsRight.orgId, org.id), eq(rightsRight.delFlag, '0')))
      .for('update');
    if (!row) throw new BizError(RightsMsg.notFound);
    await transition(t, rightStore, rightFlow, 'withdraw', row, user, {}, { org });
  });
}

/** 审核: 待审核 → 已通过 | 已驳回 with its approval record, in one transaction. */
export async function approveRight(db: Db, sockets: SocketHub, user: SessionUser, body: ApproveBody): Promise<void> {
  await decide(db, sockets, user, body, {
    flow: rightFlow,
    action: 'approve',
    store: rightStore,
    find: async () =>
      (
        await db
          .select()
          .from(rightsRight)
          .where(and(eq(rightsRight.id, body.id), eq(rightsRight.delFlag, '0')))
      )[0],
    submitterOf: (row) => row.submitBy,
    patch: (_row, now) => audited(user, body, now),
    where: [eq(rightsRight.delFlag, '0')],
    approval: (row) => ({ bizTitle: `${row.trademarkName}（第${row.niceClass}类 ${row.regNo}）`, orgId: row.orgId, sysOrgCode: row.sysOrgCode }),
    page: () => '/rights/right/list',
  });
}

export const resource = { list: listRights, byId: rightById, add: addRight, edit: editRight, remove: deleteRights };
