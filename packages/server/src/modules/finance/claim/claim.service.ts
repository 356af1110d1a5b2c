import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { DataTable, recordVersion } from '../../core/datalog/datalog.service.ts';
import {
  CLAIM_PAYABLE_STATUSES,
  claimFlow,
  ClaimDict,
  ClaimMsg,
  ClaimRoute,
  ClaimStatus,
  fromCents,
  moneyText,
  splitFilePaths,
  toCents,
  type ClaimAddBody,
  type ClaimEditBody,
  type ClaimRecord,
  type InvoiceRecord,
  type Page,
  initialState,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { assertAction, canTake } from '../../../platform/flow/flow-guard.ts';
import { transition } from '../../../platform/flow/transition.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { by, created } from '../../../platform/db/audit.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { columnsOf, toWorkbook } from '../../../platform/excel/excel.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { nextCode } from '../../config/fill-rule/fill-rule.service.ts';
import { requireReadyOrg, viewerOf, type Viewer } from '../../core/org/org-context.ts';
import type { OrgRow } from '../../core/org/org.table.ts';
import { checkDateParams } from '../../core/shared/records.ts';
import { checkAttachments, FileType, linkAttachments, type Attachment } from '../../core/files/attachments.ts';
import { checkInvoicesFree, claimableBatch, invoiceClash, usableBankAccount } from './claim-rules.ts';
import { finClaim, finClaimInvoice, finClaimLog, type ClaimRow } from '../../core/tables/claim.table.ts';

export const CLAIM_FILE_BIZ = 'fin_claim';
export const CLAIM_PAGE = ClaimRoute.claimList;
/** The claims' table as their flow's transitions write it (`fin_claim`'s versions in the data log). */
export const claimStore = flowStore(finClaim, DataTable.claim);

export const claimWhitelist: ListResource = {
  table: finClaim,
  fields: fieldsOf(finClaim, {
    id: ['string', { sort: false }],
    claimNo: 'string',
    batchId: 'string',
    batchNo: 'string',
    batchName: 'string',
    poolId: 'string',
    orgId: 'string',
    orgName: 'string',
    expenseType: 'string',
    status: 'string',
    serialNo: 'string',
    applyAmount: ['number', { filter: false }],
    approvedAmount: ['number', { filter: false }],
    payDate: 'date',
    submitTime: 'datetime',
    createTime: 'datetime',
    updateTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

const DICTS = { status: ClaimDict.status, expenseType: ClaimDict.expenseType };
export const who = (user: SessionUser) => (user.realname || user.username).slice(0, 100);

/** Staff read every claim but another organisation's unsubmitted ones; an organisation's users their own. */
export function claimScope(viewer: Viewer): SQL[] {
  if (!viewer.staff) return [eq(finClaim.orgId, viewer.org.id)];
  return [viewer.org ? or(ne(finClaim.status, ClaimStatus.draft), eq(finClaim.orgId, viewer.org.id))! : ne(finClaim.status, ClaimStatus.draft)];
}

export async function claimRecords(db: Db, dicts: DictService, viewer: Viewer | null, found: ClaimRow[]): Promise<ClaimRecord[]> {
  const ids = found.map((r) => r.id);
  const invoices = ids.length
    ? await db.select().from(finClaimInvoice).where(inArray(finClaimInvoice.claimId, ids)).orderBy(asc(finClaimInvoice.createTime), asc(finClaimInvoice.id))
    : [];
  const byClaim = new Map<string, InvoiceRecord[]>();
  for (const { createTime: _c, ...inv } of invoices) byClaim.set(inv.claimId, [...(byClaim.get(inv.claimId) ?? []), inv]);
  const plain = found.map((row) => {
    const {
      bizReviewerId: _b,
      paidBy: _p,
      paidTime: _t,
      ...rest
    } = withDateTexts(row, ['submitTime', 'bizReviewTime', 'financeReviewTime', 'createTime', 'updateTime']);
    const own = viewer?.org?.id === row.orgId;
    return { ...rest, invoices: byClaim.get(row.id) ?? [], editable: own && canTake(claimFlow, 'edit', row) };
  });
  return (await dicts.withDictText(plain, DICTS)) as unknown as ClaimRecord[];
}

/**
 * 付款管理 unsorted (issue 36): finance's queue first — 待付款 and 付款失败, the longest waiting on top —
 * then what was paid, the latest payment first. A row never updated (the demo's, an imported one) has no
 * update time, and PostgreSQL puts nulls first in a descending order: each step falls back to a time the
 * row always has, and a paid row goes by when it was paid, which is what the 付款日期 column shows.
 */
export function paymentQueueOrder(): SQL[] {
  const payable = inArray(finClaim.status, [...CLAIM_PAYABLE_STATUSES]);
  const waiting = sql`coalesce(${finClaim.updateTime}, ${finClaim.financeReviewTime}, ${finClaim.createTime})`;
  return [
    sql`case when ${payable} then 0 else 1 end`,
    sql`case when ${payable} then ${waiting} end asc`,
    sql`coalesce(${finClaim.paidTime}, ${finClaim.updateTime}, ${finClaim.createTime}) desc`,
  ];
}

export async function listClaims(
  { db, deps: { dicts }, user }: ResourceCtx,
  params: ListParams,
  extra: SQL[] = [],
  unsortedOrder?: SQL[],
): Promise<Page<ClaimRecord>> {
  checkDateParams(claimWhitelist, params);
  const viewer = await viewerOf(db, user);
  const scope = [...claimScope(viewer), ...extra];
  if (typeof params.selections === 'string' && params.selections)
    scope.push(inArray(finClaim.id, params.selections.split(',').filter(Boolean).slice(0, 10_000)));
  const page = await pageOf<ClaimRow>(db, claimWhitelist, params, { extra: scope, tieBreak: finClaim.id, unsortedOrder });
  return { ...page, records: await claimRecords(db, dicts, viewer, page.records) };
}

/** The claim as the caller may see it, or 未找到对应数据. */
export async function visibleClaim(db: Db, user: SessionUser, id: string): Promise<{ row: ClaimRow; viewer: Viewer }> {
  const viewer = await viewerOf(db, user);
  const [row] = await db
    .select()
    .from(finClaim)
    .where(and(eq(finClaim.id, id), ...claimScope(viewer)));
  if (!row) throw new BizError(ClaimMsg.notFound);
  return { row, viewer };
}

export async function claimById({ db, deps: { dicts }, user }: ResourceCtx, id: string): Promise<ClaimRecord> {
  const { row, viewer } = await visibleClaim(db, user, id);
  return (await claimRecords(db, dicts, viewer, [row]))[0];
}

/** The caller's organisation's claim, locked for the transaction, or 未找到对应数据. */
export async function lockOwnClaim(t: Db, org: OrgRow, id: string): Promise<ClaimRow> {
  const [row] = await t
    .select()
    .from(finClaim)
    .where(and(eq(finClaim.id, id), eq(finClaim.orgId, org.id)))
    .for('update');
  if (!row) throw new BizError(ClaimMsg.notFound);
  return row;
}

export async function writeClaimLog(
  t: Db,
  user: SessionUser | null,
  claimId: string,
  action: string,
  result: string | null,
  remark: string | null,
  now = new Date(),
) {
  await t.insert(finClaimLog).values({
    id: newId(),
    claimId,
    action,
    result,
    remark: remark?.slice(0, 500) ?? null,
    operatorName: user ? who(user) : '系统',
    createBy: by(user),
    createTime: now,
  });
}

const attachmentsOf = (body: ClaimAddBody): Attachment[] => body.invoices.map((inv) => ({ paths: inv.files, fileType: FileType.invoice }));
const keptFiles = (invoices: { files: string | null }[]) => invoices.flatMap((i) => splitFilePaths(i.files));

async function settings(db: Db, org: OrgRow, body: ClaimAddBody) {
  const batch = await claimableBatch(db, org.id, body.batchId);
  const bank = await usableBankAccount(db, org.id, body.bankAccountId);
  return {
    batchId: batch.id,
    batchNo: batch.batchNo,
    batchName: batch.batchName,
    poolId: batch.poolId,
    poolName: batch.poolName,
    expenseType: body.expenseType,
    applyAmount: body.applyAmount,
    deductions: body.deductions,
    deductionNote: body.deductionNote,
    invoiceTotal: fromCents(body.invoices.reduce((s, i) => s + toCents(i.amount), 0n)),
    bankAccountId: bank.id,
    accountName: bank.accountName,
    bankName: bank.bankName,
    bankBranch: bank.branchName,
    accountNo: bank.accountNo,
    description: body.description,
  };
}

async function writeInvoices(t: Db, claimId: string, body: ClaimAddBody) {
  await t.delete(finClaimInvoice).where(eq(finClaimInvoice.claimId, claimId));
  await t.insert(finClaimInvoice).values(body.invoices.map((inv) => ({ id: newId(), claimId, ...inv })));
}

/** A unique-index refusal on the invoices becomes the message of `checkInvoicesFree`. */
async function savingInvoices<T>(db: Db, orgId: string, body: ClaimAddBody, claimId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw await invoiceClash(db, orgId, body.invoices, claimId);
    throw error;
  }
}

/** 新增: a 待提交 claim of the caller's organisation, numbered by the claim_code rule (BX + date + sequence). */
export async function addClaim(ctx: ResourceCtx, body: ClaimAddBody): Promise<ClaimRecord> {
  const org = await requireReadyOrg(ctx.db, ctx.user);
  const values = await settings(ctx.db, org, body);
  await checkAttachments(ctx.db, ctx.user, attachmentsOf(body));
  await checkInvoicesFree(ctx.db, org.id, body.invoices, null);
  const id = newId();
  await savingInvoices(ctx.db, org.id, body, id, () =>
    ctx.db.transaction(async (t) => {
      const claimNo = await nextCode(t, 'claim_code');
      const added = {
        id,
        claimNo,
        orgId: org.id,
        orgName: org.orgName,
        ...values,
        status: initialState(claimFlow),
        sysOrgCode: org.sysOrgCode,
        ...created(ctx.user),
      };
      await t.insert(finClaim).values(added);
      await recordVersion(t, ctx.user, DataTable.claim, id, null, added);
      await writeInvoices(t, id, body);
      for (const a of attachmentsOf(body)) await linkAttachments(t, CLAIM_FILE_BIZ, id, [a], org.sysOrgCode);
      await writeClaimLog(t, ctx.user, id, '创建', null, `报销单号 ${claimNo}，申请金额 ${moneyText(values.applyAmount)} 元`);
    }),
  );
  return claimById(ctx, id);
}

/** 修改: only 待提交 or 退回补充发票; the invoices sent replace the claim's. */
export async function editClaim(ctx: ResourceCtx, body: ClaimEditBody): Promise<ClaimRecord> {
  const org = await requireReadyOrg(ctx.db, ctx.user);
  const values = await settings(ctx.db, org, body);
  await checkInvoicesFree(ctx.db, org.id, body.invoices, body.id);
  await savingInvoices(ctx.db, org.id, body, body.id, () =>
    ctx.db.transaction(async (t) => {
      const row = await lockOwnClaim(t, org, body.id);
      await transition(
        t,
        claimStore,
        claimFlow,
        'edit',
        row,
        ctx.user,
        { ...values, approvedAmount: null },
        {
          org,
          check: async () => {
            const before = await t.select({ files: finClaimInvoice.files }).from(finClaimInvoice).where(eq(finClaimInvoice.claimId, row.id));
            await checkAttachments(t, ctx.user, attachmentsOf(body), keptFiles(before));
          },
        },
      );
      await writeInvoices(t, row.id, body);
      await linkAttachments(t, CLAIM_FILE_BIZ, row.id, attachmentsOf(body), org.sysOrgCode);
      await writeClaimLog(t, ctx.user, row.id, '修改', null, `申请金额 ${moneyText(values.applyAmount)} 元，发票 ${body.invoices.length} 张`);
    }),
  );
  return claimById(ctx, body.id);
}

/** 删除: only 待提交 claims of the caller's organisation (never handed in); their invoices are free again. */
export async function deleteClaims(ctx: ResourceCtx, ids: string[]): Promise<void> {
  const org = await requireReadyOrg(ctx.db, ctx.user);
  await ctx.db.transaction(async (t) => {
    for (const id of ids) {
      const row = await lockOwnClaim(t, org, id);
      assertAction(claimFlow, 'delete', row);
      await t.delete(finClaim).where(eq(finClaim.id, id));
      await recordVersion(t, ctx.user, DataTable.claim, id, row, null);
    }
  });
}

const exportColumns = columnsOf<ClaimRecord>({
  claimNo: ['报销单号', 16],
  batchNo: ['关联批次', 16],
  orgName: ['机构', 26],
  expenseType: ['费用类型', (r) => r.expenseType_dictText ?? r.expenseType],
  applyAmount: ['申请金额', 14],
  deductions: ['扣减项', 12],
  approvedAmount: ['核定金额', 14],
  invoices: ['发票张数', 10, (r) => String(r.invoices.length)],
  accountName: ['收款账户', 30, (r) => [r.accountName, r.bankName, r.accountNo].filter(Boolean).join(' ')],
  status: ['状态', (r) => r.status_dictText ?? r.status],
  submitTime: ['提交时间', 20],
  payDate: ['付款日期', 12],
  serialNo: ['付款流水号', 20],
});

/** Every row of the list's filter and scope (or the chosen ones), refused above the export limit. */
export async function exportClaims(ctx: ResourceCtx, query: ListParams): Promise<ExcelFile> {
  const records = await exportRowsOf((params) => listClaims(ctx, params), query);
  return { body: await toWorkbook('报销单', exportColumns, records), fileName: '报销单.xlsx', asciiName: 'claims.xlsx' };
}

export const resource = { list: listClaims, byId: claimById, add: addClaim, edit: editClaim, remove: deleteClaims, exportXls: exportClaims };
