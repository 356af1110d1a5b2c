import { and, desc, eq, inArray } from 'drizzle-orm';
import { claimFlow, ClaimMsg, ClaimStatus, moneyText, PaymentResult, type ClaimPayBody, type ClaimPayFailedBody, type PaymentRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fromStates, refusalOf } from '../../../platform/flow/flow-guard.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { transition } from '../../../platform/flow/transition.ts';
import type { WrittenNotice } from '../../core/notice/delivery.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { columnsOf, toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile } from '../../../platform/resource/resource-routes.ts';
import { assertNotSelf } from '../../core/approval/approval.service.ts';
import { checkAttachments, FileType, linkAttachments } from '../../core/files/attachments.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';
import { lockBatch, usableBankAccount } from './claim-rules.ts';
import { batchRef } from '../../core/ledger/batch-money.ts';
import { paymentNotice } from './claim-notice.ts';
import { pushQuietly } from '../../core/notice/org-notice.ts';
import { CLAIM_FILE_BIZ, claimStore, visibleClaim, who, writeClaimLog } from './claim.service.ts';
import { finClaim, finClaimPayment, type ClaimRow } from '../../core/tables/claim.table.ts';
import { by } from '../../../platform/db/audit.ts';

/** The 付款流水号 of each claim of a run: the one given, or `<given>-<n>` for each of several. */
const serialOf = (body: ClaimPayBody, index: number) => (body.ids.length > 1 ? `${body.serialNo}-${index + 1}` : body.serialNo);

/** A refusal while paying one claim of a run names the claim, so finance knows which one stopped the run. */
async function naming<T>(claimNo: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof BizError) throw new BizError(`${claimNo}：${error.message}`, error.code, error.httpStatus, error.result);
    throw error;
  }
}

/**
 * 付款 of one claim inside the run's transaction: the claim row locked, then the ledger's 扣减 of what
 * the batch froze (key `claim:<id>:pay`), the payment record and the status change — all or nothing.
 * A claim already paid with this very 流水号 is the retry of a request whose answer was lost: it is
 * answered as paid, and nothing is booked again (nor told again). Returns the submitter's notice.
 */
async function payOne(t: Db, user: SessionUser, body: ClaimPayBody, id: string, serialNo: string): Promise<WrittenNotice | null> {
  const [claim] = await t.select().from(finClaim).where(eq(finClaim.id, id)).for('update');
  if (!claim) throw new BizError(ClaimMsg.notFound);
  if (claim.status === ClaimStatus.paid && claim.serialNo === serialNo) return null;
  // several claims are paid at once: the refusal names the one that is not payable
  const refusal = `${claim.claimNo}：${refusalOf(claimFlow, 'pay')}`;
  if (!claim.approvedAmount) throw new BizError(refusal);
  const now = new Date();
  const patch = { payDate: body.payDate, serialNo, payVoucher: body.voucher, payFailReason: null, paidBy: who(user), paidTime: now };
  await transition(t, claimStore, claimFlow, 'pay', claim, user, patch, {
    now,
    refusal,
    check: async () => {
      assertNotSelf(claim.submitBy, user);
      await naming(claim.claimNo, usableBankAccount(t, claim.orgId, claim.bankAccountId));
      await lockBatch(t, claim.batchId);
    },
  });
  const booked = await naming(
    claim.claimNo,
    ledger.deduct(t, user, {
      poolId: claim.poolId,
      amount: claim.approvedAmount,
      opKey: `claim:${claim.id}:pay`,
      bizRef: batchRef(claim.batchId),
      bizNo: claim.claimNo,
      orgId: claim.orgId,
      orgName: claim.orgName,
      remark: `报销付款 流水号 ${serialNo}`,
    }),
  );
  await t.insert(finClaimPayment).values({
    id: newId(),
    claimId: claim.id,
    claimNo: claim.claimNo,
    orgName: claim.orgName,
    amount: claim.approvedAmount,
    result: PaymentResult.paid,
    payDate: body.payDate,
    serialNo,
    voucher: body.voucher,
    poolLogId: booked.logId,
    createBy: by(user),
    createTime: now,
  });
  await linkAttachments(t, CLAIM_FILE_BIZ, claim.id, [{ paths: body.voucher, fileType: FileType.payment }]);
  await writeClaimLog(t, user, claim.id, '付款', `${moneyText(claim.approvedAmount)} 元`, `付款日期 ${body.payDate}，流水号 ${serialNo}`, now);
  return paymentNotice(t, user, claim, { paid: true, payDate: body.payDate, serialNo });
}

/**
 * 付款 of one claim or a run of several, all-or-nothing in one transaction: one claim that cannot be
 * paid (or a 流水号 already used) pays none of them, so the bank file and the books never disagree.
 * Each submitter is told once the run is committed.
 */
export async function payClaims(db: Db, sockets: SocketHub, user: SessionUser, body: ClaimPayBody): Promise<string[]> {
  await checkAttachments(db, user, [{ paths: body.voucher }]);
  try {
    const notices = await db.transaction(async (t) => {
      // claims in id order, whatever order the run lists them: two runs over the same claims lock them alike
      const order = body.ids.map((id, i) => ({ id, serial: serialOf(body, i) })).sort((x, y) => (x.id < y.id ? -1 : 1));
      const written: WrittenNotice[] = [];
      for (const { id, serial } of order) {
        const notice = await payOne(t, user, body, id, serial);
        if (notice) written.push(notice);
      }
      return written;
    });
    for (const notice of notices) await pushQuietly(sockets, notice);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // the 流水号 index (a concurrent run took it), or the paid-once index (another payment of the claim won)
    const taken = new Map(
      (await db.select({ id: finClaim.id, serialNo: finClaim.serialNo }).from(finClaim).where(inArray(finClaim.id, body.ids))).map((c) => [c.id, c.serialNo]),
    );
    if (body.ids.every((id, i) => taken.get(id) === serialOf(body, i))) return body.ids;
    throw new BizError(ClaimMsg.serialTaken(body.serialNo));
  }
  return body.ids;
}

/** 付款失败: → 付款失败 with its reason, back in the payment queue; no money moves. The submitter is told why. */
export async function payFailed(db: Db, sockets: SocketHub, user: SessionUser, body: ClaimPayFailedBody): Promise<void> {
  const notice = await db.transaction(async (t) => {
    const [claim] = await t.select().from(finClaim).where(eq(finClaim.id, body.id)).for('update');
    if (!claim) throw new BizError(ClaimMsg.notFound);
    const now = new Date();
    await transition(
      t,
      claimStore,
      claimFlow,
      'payFailed',
      claim,
      user,
      { payFailReason: body.reason },
      { now, check: async () => assertNotSelf(claim.submitBy, user) },
    );
    await t.insert(finClaimPayment).values({
      id: newId(),
      claimId: claim.id,
      claimNo: claim.claimNo,
      orgName: claim.orgName,
      amount: claim.approvedAmount ?? '0',
      result: PaymentResult.failed,
      reason: body.reason,
      createBy: by(user),
      createTime: now,
    });
    await writeClaimLog(t, user, claim.id, '付款失败', null, body.reason, now);
    return paymentNotice(t, user, claim, { paid: false, reason: body.reason });
  });
  if (notice) await pushQuietly(sockets, notice);
}

/** The payment attempts of a claim the caller may see, newest first. */
export async function paymentRecords(db: Db, user: SessionUser, claimId: string): Promise<PaymentRecord[]> {
  await visibleClaim(db, user, claimId);
  const found = await db.select().from(finClaimPayment).where(eq(finClaimPayment.claimId, claimId)).orderBy(desc(finClaimPayment.createTime));
  return found.map((r) => withDateTexts(r, ['createTime']) as unknown as PaymentRecord);
}

const payRunColumns = columnsOf<ClaimRow>({
  accountName: ['收款户名', 30],
  bankName: ['开户行', 30, (r) => [r.bankName, r.bankBranch].filter(Boolean).join(' ')],
  accountNo: ['账号', 26],
  approvedAmount: ['金额', 14],
  claimNo: ['用途', 36, (r) => `维权费用报销 ${r.claimNo}（批次 ${r.batchNo}）`],
});

/** The bank file of a payment run: the chosen payable claims, one row each (收款户名, 开户行, 账号, 金额, 用途). */
export async function exportPayRun(db: Db, ids: string[]): Promise<ExcelFile> {
  const found = ids.length
    ? await db
        .select()
        .from(finClaim)
        .where(and(inArray(finClaim.id, ids), inArray(finClaim.status, fromStates(claimFlow, 'pay'))))
    : [];
  if (!found.length) throw new BizError('请选择待付款的报销单');
  const ordered = ids.map((id) => found.find((c) => c.id === id)).filter((c): c is ClaimRow => !!c);
  return { body: await toWorkbook('付款清单', payRunColumns, ordered), fileName: '付款清单.xlsx', asciiName: 'payment-run.xlsx' };
}
