import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import { DataTable, recordVersion } from '../../core/datalog/datalog.service.ts';
import {
  CertifyStatus,
  departBody,
  EnterStatus,
  orgCertifyFlow,
  ORG_ENROL_FIELDS,
  orgFlow,
  RightsMsg,
  RightsOrgType,
  splitFilePaths,
  type ApproveBody,
  type FlowActionKey,
  type OrgCertifyBody,
  type OrgEnrolBody,
  type OrgEnrolDraftBody,
  type OrgRecord,
  type OrgStatusInfo,
  type Page,
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
import { addDepart } from '../../identity/depart/depart.service.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { sysUser, sysUserDepart } from '../../identity/user/user.table.ts';
import { DepartId } from '../../core/ids/departs.ts';
import { audited, decide } from '../../core/approval/decide.ts';
import { checkAttachments, FileType, linkAttachments, type Attachment } from '../../core/files/attachments.ts';
import { violatedUnique } from '../../../platform/db/errors.ts';
import { checkDateParams } from '../../core/shared/records.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { assertAction, canTake, refusalOf } from '../../../platform/flow/flow-guard.ts';
import { targetOf, transition } from '../../../platform/flow/transition.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { findMyOrg, isReady, isStaff } from '../../core/org/org-context.ts';
import { rightsOrg, type OrgRow } from '../../core/org/org.table.ts';

export const ORG_FILE_BIZ = 'rights_org';
/** The organisations' table as their flows' transitions write it; an organisation's record is its own. */
const orgStore = flowStore(rightsOrg, DataTable.org, (row) => (row as OrgRow).id);
const DATE_KEYS = ['auditTime', 'certifyTime', 'submitTime', 'certifySubmitTime', 'createTime', 'updateTime'] as const;
const DICTS = { orgType: 'rights_org_type', enterStatus: 'enter_status', certifyStatus: 'certify_status' };

export const orgWhitelist: ListResource = {
  table: rightsOrg,
  fields: fieldsOf(rightsOrg, {
    id: ['string', { sort: false }],
    orgName: 'string',
    orgType: 'string',
    creditCode: 'string',
    legalPerson: 'string',
    contactName: 'string',
    region: 'string',
    enterStatus: 'string',
    certifyStatus: 'string',
    sysOrgCode: 'string',
    submitTime: 'datetime',
    createTime: 'datetime',
    updateTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

const enrolEditable = (row: OrgRow) => canTake(orgFlow, 'submitEnrol', row);
const certifyEditable = (row: OrgRow) => row.enterStatus === EnterStatus.enrolled && canTake(orgCertifyFlow, 'submitCertify', row);

export async function orgRecords(dicts: DictService, found: OrgRow[]): Promise<OrgRecord[]> {
  const plain = found.map((row) => {
    const { applicantId: _a, submitBy: _s, certifySubmitBy: _c, ...rest } = withDateTexts(row, DATE_KEYS);
    return { ...rest, enrolEditable: enrolEditable(row), certifyEditable: certifyEditable(row) };
  });
  return await dicts.withDictText(plain, DICTS);
}

async function text(dicts: DictService, code: string, value: string): Promise<string> {
  return (await dicts.dictTexts(code)).get(value) ?? value;
}

const enrolAttachments = (body: { licenseFile?: string | null; practiceFile?: string | null }): Attachment[] => [
  { paths: body.licenseFile ?? null, fileType: FileType.licence },
  { paths: body.practiceFile ?? null, fileType: FileType.practice },
];
const keptPaths = (row: OrgRow | null) => (row ? [row.licenseFile, row.practiceFile, row.filingFile].flatMap((p) => splitFilePaths(p)) : []);

function uniqueMessage(error: unknown): never {
  const constraint = violatedUnique(error);
  if (constraint === null) throw error;
  if (constraint.includes('credit_code')) throw new BizError(RightsMsg.creditCodeTaken);
  if (constraint.includes('applicant')) throw new BizError(RightsMsg.orgExists);
  throw new BizError('数据重复，请检查后重试');
}

/** The enrolment form fields of a body: what a draft or a submission writes (status fields never come from it). */
function formValues(body: Partial<Record<keyof OrgEnrolBody, unknown>>) {
  const out: Record<string, unknown> = {};
  for (const k of ORG_ENROL_FIELDS) if (body[k] !== undefined) out[k] = body[k];
  return out as Partial<typeof rightsOrg.$inferInsert>;
}

/**
 * 保存 (draft) or 提交 of the caller's enrolment form. The first save creates the organisation with the caller
 * as applicant; later ones edit it while it is 未提交 or 已驳回 (conditional update: a reviewer's decision
 * in between wins). Submitting moves it to 待审核.
 */
export async function saveEnrol(db: Db, user: SessionUser, body: OrgEnrolDraftBody | OrgEnrolBody, submit: boolean): Promise<string> {
  const action = submit ? 'submitEnrol' : 'saveEnrol';
  const org = await findMyOrg(db, user);
  // a pending application is told it waits, rather than that it cannot be edited
  if (org && !canTake(orgFlow, action, org))
    throw new BizError(org.enterStatus === EnterStatus.pending ? RightsMsg.enrolSubmitted : refusalOf(orgFlow, action));
  await checkAttachments(db, user, enrolAttachments(body), keptPaths(org));
  const now = new Date();
  const values = { ...formValues(body), ...(submit ? { submitBy: user.id, submitTime: now } : {}) };
  try {
    return await db.transaction(async (t) => {
      let id = org?.id;
      if (!id) {
        id = newId();
        const added = {
          id,
          orgName: body.orgName,
          ...values,
          enterStatus: submit ? targetOf(orgFlow, 'submitEnrol')! : initialState(orgFlow),
          certifyStatus: initialState(orgCertifyFlow),
          applicantId: user.id,
          createBy: user.username,
          createTime: now,
        };
        await t.insert(rightsOrg).values(added);
        await recordVersion(t, user, DataTable.org, id, null, added, now);
      } else {
        await transition(t, orgStore, orgFlow, action, org!, user, values, { org, now });
      }
      await linkAttachments(t, ORG_FILE_BIZ, id, enrolAttachments(body));
      return id;
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    uniqueMessage(error);
  }
}

async function findOrg(db: Db, id: string): Promise<OrgRow | undefined> {
  const [row] = await db.select().from(rightsOrg).where(eq(rightsOrg.id, id));
  return row;
}

async function orgOrFail(db: Db, id: string): Promise<OrgRow> {
  const row = await findOrg(db, id);
  if (!row) throw new BizError(RightsMsg.notFound);
  return row;
}

/**
 * 审批入驻: 待审核 → 已入驻 | 已驳回, with its approval record, in one transaction. On approval the
 * organisation becomes a department under 入驻服务机构 (agencies) or 会员企业 (权利人企业), and the user who
 * submitted is moved into it, so that their data is scoped to it.
 */
export async function approveEnrol(db: Db, dicts: DictService, sockets: SocketHub, user: SessionUser, body: ApproveBody): Promise<OrgRow> {
  const pass = body.result === 'pass';
  // read before the transaction: a query outside an open transaction waits for it on PGlite
  const statusTexts = await dicts.dictTexts('enter_status');
  const refuse = async (t: Db) => {
    const current = await orgOrFail(t, body.id);
    return `${refusalOf(orgFlow, 'approveEnrol')}（当前状态：${statusTexts.get(current.enterStatus) ?? current.enterStatus}）`;
  };
  return decide(db, sockets, user, body, {
    flow: orgFlow,
    action: 'approveEnrol',
    store: orgStore,
    find: () => findOrg(db, body.id),
    submitterOf: (row) => row.submitBy,
    patch: (_row, now) => audited(user, body, now),
    refuse,
    andThen: async (t, row, now) => (pass && !row.departId ? { ...row, sysOrgCode: await makeDepart(t, user, row, now) } : row),
    approval: (row) => ({ bizTitle: row.orgName, orgId: row.id, sysOrgCode: row.sysOrgCode }),
    page: () => '/dashboard/enter-organisation',
  });
}

/** An approved organisation's department; the user who submitted moves into it. Returns its org code. */
async function makeDepart(t: Db, user: SessionUser, row: OrgRow, now: Date): Promise<string | null> {
  const departId = await addDepart(
    t,
    user,
    departBody.parse({
      parentId: row.orgType === RightsOrgType.holder ? DepartId.members : DepartId.agencies,
      departName: row.orgName,
      orgCategory: '2',
      description: `入驻机构（统一社会信用代码 ${row.creditCode ?? ''}）`,
    }),
  );
  const [depart] = await t.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, departId));
  const orgCode = depart.orgCode;
  await t.update(rightsOrg).set({ departId, sysOrgCode: orgCode }).where(eq(rightsOrg.id, row.id));
  const mover = row.submitBy ?? row.applicantId;
  if (mover) {
    await t.delete(sysUserDepart).where(eq(sysUserDepart.userId, mover));
    await t.insert(sysUserDepart).values({ id: newId(), userId: mover, depId: departId });
    await t.update(sysUser).set({ orgCode, updateBy: user.username, updateTime: now }).where(eq(sysUser.id, mover));
  }
  await linkAttachments(t, ORG_FILE_BIZ, row.id, enrolAttachments(row), orgCode);
  return orgCode;
}

/** 提交认证: an enrolled organisation (未认证 or 认证失败) hands in its licence and filing documents → 认证中. */
export async function submitCertify(db: Db, user: SessionUser, body: OrgCertifyBody): Promise<void> {
  const org = await findMyOrg(db, user);
  if (!org || (org.enterStatus !== EnterStatus.enrolled && org.enterStatus !== EnterStatus.disabled)) throw new BizError(RightsMsg.certifyNeedsEnrol);
  if (org.enterStatus === EnterStatus.disabled) throw new BizError(RightsMsg.orgDisabled);
  assertAction(orgCertifyFlow, 'submitCertify', org);
  const agentFilingNo = body.agentFilingNo ?? org.agentFilingNo;
  if (org.orgType === RightsOrgType.agency && !agentFilingNo) throw new BizError(RightsMsg.agentFilingNoRequired);
  const attachments: Attachment[] = [
    { paths: body.practiceFile, fileType: FileType.practice },
    { paths: body.filingFile, fileType: FileType.filing },
  ];
  await checkAttachments(db, user, attachments, keptPaths(org));
  const now = new Date();
  await db.transaction(async (t) => {
    const certify = { practiceFile: body.practiceFile, filingFile: body.filingFile, agentFilingNo, certifySubmitBy: user.id, certifySubmitTime: now };
    await transition(t, orgStore, orgCertifyFlow, 'submitCertify', org, user, certify, { org, now, where: [eq(rightsOrg.enterStatus, EnterStatus.enrolled)] });
    await linkAttachments(t, ORG_FILE_BIZ, org.id, attachments, org.sysOrgCode);
  });
}

/** 审批认证: 认证中 → 已认证 | 认证失败, with its approval record, in one transaction. */
export async function approveCertify(db: Db, dicts: DictService, sockets: SocketHub, user: SessionUser, body: ApproveBody): Promise<OrgRow> {
  // read before the transaction: a query outside an open transaction waits for it on PGlite
  const statusTexts = await dicts.dictTexts('certify_status');
  const refuse = async (t: Db) => {
    const current = await orgOrFail(t, body.id);
    return `${refusalOf(orgCertifyFlow, 'approveCertify')}（当前状态：${statusTexts.get(current.certifyStatus) ?? current.certifyStatus}）`;
  };
  return decide(db, sockets, user, body, {
    flow: orgCertifyFlow,
    action: 'approveCertify',
    store: orgStore,
    find: () => findOrg(db, body.id),
    submitterOf: (row) => row.certifySubmitBy,
    patch: (_row, now) => ({ certifyOpinion: body.opinion, certifyBy: user.realname || user.username, certifyTime: now }),
    refuse,
    approval: (row) => ({ bizTitle: row.orgName, orgId: row.id, sysOrgCode: row.sysOrgCode }),
    page: () => '/dashboard/certification',
  });
}

/** 停用 / 启用 (admin): 已入驻 ⇄ 已停用. */
export async function setOrgDisabled(
  db: Db,
  user: SessionUser,
  id: string,
  action: Extract<FlowActionKey<typeof orgFlow>, 'disable' | 'enable'>,
  reason: string | null,
): Promise<void> {
  const before = await orgOrFail(db, id);
  await db.transaction((t) => transition(t, orgStore, orgFlow, action, before, user, reason ? { auditOpinion: reason } : {}));
}

/**
 * An enrolment form that was saved but never submitted (未提交) is its applicant's alone: the association
 * sees an organisation from its first submission on.
 */
const submittedOrOwn = (user: SessionUser): SQL => or(ne(rightsOrg.enterStatus, EnterStatus.draft), eq(rightsOrg.applicantId, user.id))!;

export async function listOrgs({ db, deps: { dicts }, user }: ResourceCtx, params: ListParams): Promise<Page<OrgRecord>> {
  checkDateParams(orgWhitelist, params);
  const page = await pageOf<OrgRow>(db, orgWhitelist, params, { extra: [submittedOrOwn(user)], tieBreak: rightsOrg.id });
  return { ...page, records: await orgRecords(dicts, page.records) };
}

export async function orgById({ db, deps: { dicts }, user }: ResourceCtx, id: string): Promise<OrgRecord> {
  const [row] = await db
    .select()
    .from(rightsOrg)
    .where(and(eq(rightsOrg.id, id), submittedOrOwn(user)));
  if (!row) throw new BizError(RightsMsg.notFound);
  return (await orgRecords(dicts, [row]))[0];
}

export async function mine(db: Db, dicts: DictService, user: SessionUser): Promise<OrgRecord | null> {
  const org = await findMyOrg(db, user);
  return org ? (await orgRecords(dicts, [org]))[0] : null;
}

const STEP_TEXT: Record<OrgStatusInfo['nextStep'], string> = {
  none: '协会工作人员无需入驻',
  enrol: '请填写并提交机构入驻申请',
  waitEnrol: '入驻申请审核中，请等待协会审核',
  certify: '入驻已通过，请提交认证材料',
  waitCertify: '认证材料审核中，请等待协会审核',
  disabled: '机构已停用，请联系协会管理员',
  done: '已完成入驻和认证',
};

/** Where the caller stands: the dashboard's enter-organisation and certification pages read it. */
export async function statusOf(db: Db, dicts: DictService, user: SessionUser): Promise<OrgStatusInfo> {
  const [staff, org] = await Promise.all([isStaff(db, user.id, user.accessVersion), findMyOrg(db, user)]);
  let nextStep: OrgStatusInfo['nextStep'];
  let opinion: string | null = null;
  if (!org) nextStep = staff ? 'none' : 'enrol';
  else if (org.enterStatus === EnterStatus.disabled) nextStep = 'disabled';
  else if (org.enterStatus === EnterStatus.pending) nextStep = 'waitEnrol';
  else if (org.enterStatus !== EnterStatus.enrolled) {
    nextStep = 'enrol';
    if (org.enterStatus === EnterStatus.rejected) opinion = org.auditOpinion;
  } else if (org.certifyStatus === CertifyStatus.certified) nextStep = 'done';
  else if (org.certifyStatus === CertifyStatus.pending) nextStep = 'waitCertify';
  else {
    nextStep = 'certify';
    if (org.certifyStatus === CertifyStatus.failed) opinion = org.certifyOpinion;
  }
  return {
    staff,
    orgId: org?.id ?? null,
    orgName: org?.orgName ?? null,
    enterStatus: org?.enterStatus ?? null,
    enterStatus_dictText: org ? await text(dicts, 'enter_status', org.enterStatus) : null,
    certifyStatus: org?.certifyStatus ?? null,
    certifyStatus_dictText: org ? await text(dicts, 'certify_status', org.certifyStatus) : null,
    nextStep,
    nextStepText: STEP_TEXT[nextStep],
    opinion,
    allowed: staff || isReady(org),
  };
}

export const resource = { list: listOrgs, byId: orgById };
