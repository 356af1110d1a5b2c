import { and, eq, isNull } from 'drizzle-orm';
import { ClaimStatus, PaymentResult } from '@sbwq/contracts';
import { type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { storeUpload } from '../../../platform/storage/storage.ts';
import { sha256Of } from '../../../platform/storage/file-store.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { invoicePng, paymentReceiptPng } from '../../core/demo/demo.images.ts';
import { FileType } from '../../core/files/attachments.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { CLAIM_FILE_BIZ } from './claim.service.ts';
import { finClaim, finClaimInvoice, finClaimPayment } from '../../core/tables/claim.table.ts';

/** The folder finance's vouchers are uploaded into (PayModal's upload), so a demo voucher sits where a real one would. */
export const VOUCHER_BIZ = 'finance_payment';

/**
 * 付款凭证 of the demo's paid claims (SEED_DEMO, with a DATA_DIR): for each paid claim without one, the
 * bank's transfer receipt of its payment (流水号, 付款日期, amount, payee account, bank and credit code,
 * the claim it pays) drawn as a PNG, stored as finance's upload and listed in 文件信息 under finance's
 * department, then linked as PayModal's upload is linked by 付款: on the claim (付款凭证), on its payment
 * record, and as the claim's 付款凭证 file, which its organisation may read.
 */
export async function seedClaimVouchers(db: Db, dataDir: string | null): Promise<void> {
  if (!dataDir) return;
  await seedInvoiceScans(db, dataDir);
  const [finance] = await db
    .select({ id: sysUser.id, username: sysUser.username, orgCode: sysUser.orgCode })
    .from(sysUser)
    .where(eq(sysUser.username, 'finance'));
  if (!finance) return;
  const paid = await db
    .select({ claim: finClaim, creditCode: rightsOrg.creditCode, bankCode: rightsBankAccount.bankCode })
    .from(finClaim)
    .leftJoin(rightsOrg, eq(rightsOrg.id, finClaim.orgId))
    .leftJoin(rightsBankAccount, eq(rightsBankAccount.id, finClaim.bankAccountId))
    .where(and(eq(finClaim.status, ClaimStatus.paid), isNull(finClaim.payVoucher)));
  for (const { claim, creditCode, bankCode } of paid) {
    if (!claim.serialNo || !claim.payDate || !claim.approvedAmount || !claim.accountNo) continue;
    const bytes = paymentReceiptPng({
      serialNo: claim.serialNo,
      payDate: claim.payDate,
      amount: claim.approvedAmount,
      payeeAccount: claim.accountNo,
      payeeBankCode: bankCode,
      payeeCode: creditCode,
      claimNo: claim.claimNo,
    });
    const filePath = await storeUpload(dataDir, VOUCHER_BIZ, 'png', bytes);
    const uploaded = claim.paidTime ?? claim.updateTime ?? new Date();
    await db.insert(sbFileInfo).values({
      id: newId(),
      fileName: `付款回单-${claim.serialNo}.png`,
      filePath,
      fileSize: bytes.length,
      sha256: sha256Of(bytes),
      fileExt: 'png',
      mimeType: 'image/png',
      fileType: FileType.payment,
      bizType: CLAIM_FILE_BIZ,
      bizId: claim.id,
      uploaderId: finance.id,
      sysOrgCode: finance.orgCode,
      createBy: finance.username,
      createTime: uploaded,
    });
    await db.update(finClaim).set({ payVoucher: filePath }).where(eq(finClaim.id, claim.id));
    await db
      .update(finClaimPayment)
      .set({ voucher: filePath })
      .where(and(eq(finClaimPayment.claimId, claim.id), eq(finClaimPayment.result, PaymentResult.paid)));
  }
}

/** The folder an organisation's invoice scans are uploaded into (the claim form's upload). */
export const INVOICE_BIZ = 'finance_claim';

/**
 * 发票 scans of the demo's claims: each invoice without a file gets its scan (code, number, date, amount,
 * the claiming organisation as buyer) as a PNG uploaded by the claim's submitter, listed in 文件信息 under
 * the organisation and linked as the claim form links it, so reviewers decide with the invoice in view.
 */
export async function seedInvoiceScans(db: Db, dataDir: string): Promise<void> {
  const invoices = await db
    .select({ invoice: finClaimInvoice, claim: finClaim, creditCode: rightsOrg.creditCode, uploaderId: sysUser.id })
    .from(finClaimInvoice)
    .innerJoin(finClaim, eq(finClaim.id, finClaimInvoice.claimId))
    .leftJoin(rightsOrg, eq(rightsOrg.id, finClaim.orgId))
    .leftJoin(sysUser, eq(sysUser.username, finClaim.createBy))
    .where(isNull(finClaimInvoice.files));
  for (const { invoice, claim, creditCode, uploaderId } of invoices) {
    if (!uploaderId) continue;
    const bytes = invoicePng({
      invoiceCode: invoice.invoiceCode,
      invoiceNo: invoice.invoiceNo,
      invoiceDate: invoice.invoiceDate,
      amount: invoice.amount,
      buyerCode: creditCode,
      claimNo: claim.claimNo,
    });
    const filePath = await storeUpload(dataDir, INVOICE_BIZ, 'png', bytes);
    await db.insert(sbFileInfo).values({
      id: newId(),
      fileName: `发票-${invoice.invoiceNo}.png`,
      filePath,
      fileSize: bytes.length,
      sha256: sha256Of(bytes),
      fileExt: 'png',
      mimeType: 'image/png',
      fileType: FileType.invoice,
      bizType: CLAIM_FILE_BIZ,
      bizId: claim.id,
      uploaderId,
      sysOrgCode: claim.sysOrgCode,
      createBy: claim.createBy,
      createTime: claim.createTime ?? new Date(),
    });
    await db.update(finClaimInvoice).set({ files: filePath }).where(eq(finClaimInvoice.id, invoice.id));
  }
}
