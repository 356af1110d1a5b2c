import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { DataTable, recordVersion, recordVersions } from '../../core/datalog/datalog.service.ts';
import {
  bankFlow,
  BankPerm,
  maskAccountNo,
  RightsMsg,
  splitFilePaths,
  type ApproveBody,
  type BankAccountBody,
  type BankAccountRecord,
  type Page,
  initialState,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { hasPermission } from '../../../platform/access/access.ts';
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
import { transition } from '../../../platform/flow/transition.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { rightsBankAccount, type BankRow } from '../../core/tables/bank.table.ts';

export const BANK_FILE_BIZ = 'rights_bank';

export const bankWhitelist: ListResource = {
  table: rightsBankAccount,
  fields: fieldsOf(rightsBankAccount, {
    id: ['string', { sort: false }],
    orgId: 'string',
    accountName: 'string',
    bankName: 'string',
    branchName: 'string',
    accountNature: 'string',
    isDefault: 'string',
    status: 'string',
    auditStatus: 'string',
    sysOrgCode: 'string',
    submitTime: 'datetime',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};
const DICTS = { accountNature: 'account_nature', isDefault: 'yn', status: 'valid_status', auditStatus: 'audit_status' };

const scopeOf = (viewer: Viewer): SQL[] => [eq(rightsBankAccount.delFlag, '0'), ...(viewer.staff ? [] : [eq(rightsBankAccount.orgId, viewer.org.id)])];

/** Full numbers go to finance (holders of rights:bank:approve) and to the owning organisation; everyone else sees them masked. */
async function records(db: Db, dicts: DictService, user: SessionUser, viewer: Viewer, found: BankRow[]): Promise<BankAccountRecord[]> {
  const finance = viewer.staff && (await hasPermission(db, user.id, BankPerm.approve, user.accessVersion));
  const names = await orgNamesOf(
    db,
    found.map((r) => r.orgId),
  );
  const plain = found.map((row) => {
    const visible = finance || viewer.org?.id === row.orgId;
    const { submitBy: _s, delFlag: _d, ...rest } = withDateTexts(row, ['auditTime', 'submitTime', 'createTime', 'updateTime']);
    return { ...rest, accountNo: visible ? row.accountNo : maskAccountNo(row.accountNo), accountNoVisible: visible, orgName: names.get(row.orgId) ?? null };
  });
  return await dicts.withDictText(plain, DICTS);
}

export async function listBanks({ db, deps: { dicts }, user }: ResourceCtx, params: ListParams): Promise<Page<BankAccountRecord>> {
  checkDateParams(bankWhitelist, params);
  const viewer = await viewerOf(db, user);
  const page = await pageOf<BankRow>(db, bankWhitelist, params, { extra: scopeOf(viewer), tieBreak: rightsBankAccount.id });
  return { ...page, records: await records(db, dicts, user, viewer, page.records) };
}

export async function bankById({ db, deps: { dicts }, user }: ResourceCtx, id: string): Promise<BankAccountRecord> {
  const viewer = await viewerOf(db, user);
  const [row] = await db
    .select()
    .from(rightsBankAccount)
    .where(and(eq(rightsBankAccount.id, id), ...scopeOf(viewer)));
  if (!row) throw new BizError(RightsMsg.notFound);
  return (await records(db, dicts, user, viewer, [row]))[0];
}

/** An account of the caller's organisation, or the same refusal whether it belongs to another one or does not exist. */
async function ownAccount(db: Db, org: OrgRow, id: string): Promise<BankRow> {
  const [row] = await db
    .select()
    .from(rightsBankAccount)
    .where(and(eq(rightsBankAccount.id, id), eq(rightsBankAccount.orgId, org.id), eq(rightsBankAccount.delFlag, '0')));
  if (!row) throw new BizError(RightsMsg.notFound);
  return row;
}

/** The accounts' table as their flow's transitions write it (`rights_bank_account`'s versions in the data log). */
const bankStore = flowStore(rightsBankAccount, DataTable.bank);

const attachmentsOf = (body: { proofFile: string | null }): Attachment[] => [{ paths: body.proofFile, fileType: FileType.bankProof }];

async function clearDefault(t: Db, orgId: string, exceptId: string) {
  await t
    .update(rightsBankAccount)
    .set({ isDefault: '0' })
    .where(and(eq(rightsBankAccount.orgId, orgId), eq(rightsBankAccount.isDefault, '1'), ne(rightsBankAccount.id, exceptId)));
}

/** The columns the form writes, on add and on edit alike. */
const accountValues = (body: BankAccountBody) => ({
  accountName: body.accountName,
  bankName: body.bankName,
  branchName: body.branchName,
  accountNo: body.accountNo,
  bankCode: body.bankCode,
  accountNature: body.accountNature,
  proofFile: body.proofFile,
  remark: body.remark,
});

function retryOnDefaultRace(error: unknown): never {
  if (violatedUnique(error) !== null) throw new BizError('默认账户正在被同时修改，请重试');
  throw error;
}

/** 新增: the account waits for finance (待审核); the organisation's first account becomes its default. */
export async function addBank({ db, user }: ResourceCtx, body: BankAccountBody): Promise<string> {
  const org = await requireReadyOrg(db, user);
  await checkAttachments(db, user, attachmentsOf(body));
  const id = newId();
  const now = new Date();
  try {
    await db.transaction(async (t) => {
      const [existing] = await t
        .select({ id: rightsBankAccount.id })
        .from(rightsBankAccount)
        .where(and(eq(rightsBankAccount.orgId, org.id), eq(rightsBankAccount.delFlag, '0')))
        .limit(1);
      const isDefault = body.isDefault === '1' || !existing ? '1' : '0';
      if (isDefault === '1') await clearDefault(t, org.id, id);
      const added = {
        id,
        orgId: org.id,
        ...accountValues(body),
        isDefault,
        status: '1',
        auditStatus: initialState(bankFlow),
        submitBy: user.id,
        submitTime: now,
        sysOrgCode: org.sysOrgCode,
        createBy: user.username,
        createTime: now,
      };
      await t.insert(rightsBankAccount).values(added);
      await recordVersion(t, user, DataTable.bank, id, null, added, now);
      await linkAttachments(t, BANK_FILE_BIZ, id, attachmentsOf(body));
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    retryOnDefaultRace(error);
  }
  return id;
}

/** 编辑: only while 待审核 or 已驳回; the edited account waits for finance again. */
export async function editBank({ db, user }: ResourceCtx, body: BankAccountBody): Promise<void> {
  if (!body.id) throw new BizError('缺少ID');
  const org = await requireReadyOrg(db, user);
  const row = await ownAccount(db, org, body.id);
  const now = new Date();
  try {
    await db.transaction(async (t) => {
      const patch = { ...accountValues(body), ...(body.isDefault === '1' ? { isDefault: '1' } : {}), submitBy: user.id, submitTime: now };
      await transition(t, bankStore, bankFlow, 'edit', row, user, patch, {
        org,
        now,
        where: [eq(rightsBankAccount.delFlag, '0')],
        check: async () => {
          await checkAttachments(t, user, attachmentsOf(body), splitFilePaths(row.proofFile));
          if (body.isDefault === '1') await clearDefault(t, org.id, row.id);
        },
      });
      await linkAttachments(t, BANK_FILE_BIZ, row.id, attachmentsOf(body));
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    retryOnDefaultRace(error);
  }
}

export async function deleteBanks({ db, user }: ResourceCtx, ids: string[]): Promise<void> {
  if (!ids.length) throw new BizError('请选择记录');
  const org = await requireReadyOrg(db, user);
  const now = new Date();
  await db.transaction(async (t) => {
    const changed = await t
      .update(rightsBankAccount)
      .set({ delFlag: '1', isDefault: '0', updateBy: user.username, updateTime: now })
      .where(and(inArray(rightsBankAccount.id, ids), eq(rightsBankAccount.orgId, org.id), eq(rightsBankAccount.delFlag, '0')))
      .returning();
    // All or nothing: one id of another organisation (or a deleted one) refuses the whole batch.
    if (changed.length !== ids.length) throw new BizError(RightsMsg.notFound);
    // The rows were not deleted before (the update's condition); the version keeps them as they were but for that.
    await recordVersions(
      t,
      user,
      DataTable.bank,
      changed.map((row) => ({ id: row.id, before: { ...row, delFlag: '0' }, after: null })),
      now,
    );
  });
}

export async function setDefaultBank(db: Db, user: SessionUser, id: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  const row = await ownAccount(db, org, id);
  try {
    await db.transaction(async (t) => {
      await clearDefault(t, org.id, row.id);
      await t.update(rightsBankAccount).set({ isDefault: '1', updateBy: user.username, updateTime: new Date() }).where(eq(rightsBankAccount.id, row.id));
      await recordVersion(t, user, DataTable.bank, row.id, row, { isDefault: '1' });
    });
  } catch (error) {
    retryOnDefaultRace(error);
  }
}

export async function setBankStatus(db: Db, user: SessionUser, id: string, status: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  const row = await ownAccount(db, org, id);
  await db.transaction(async (t) => {
    await t.update(rightsBankAccount).set({ status, updateBy: user.username, updateTime: new Date() }).where(eq(rightsBankAccount.id, row.id));
    await recordVersion(t, user, DataTable.bank, row.id, row, { status });
  });
}

/** 财务审核: 待审核 → 已通过 | 已驳回 with its approval record (node 财务审核), in one transaction. */
export async function approveBank(db: Db, sockets: SocketHub, user: SessionUser, body: ApproveBody): Promise<void> {
  await decide(db, sockets, user, body, {
    flow: bankFlow,
    action: 'approve',
    store: bankStore,
    find: async () =>
      (
        await db
          .select()
          .from(rightsBankAccount)
          .where(and(eq(rightsBankAccount.id, body.id), eq(rightsBankAccount.delFlag, '0')))
      )[0],
    submitterOf: (row) => row.submitBy,
    patch: (_row, now) => audited(user, body, now),
    where: [eq(rightsBankAccount.delFlag, '0')],
    approval: (row) => ({ bizTitle: `${row.bankName} 尾号${row.accountNo.slice(-4)}`, orgId: row.orgId, sysOrgCode: row.sysOrgCode }),
    page: () => '/rights/org/bank',
  });
}

export const resource = { list: listBanks, byId: bankById, add: addBank, edit: editBank, remove: deleteBanks };
