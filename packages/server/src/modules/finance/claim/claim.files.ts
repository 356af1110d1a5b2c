import { inArray, sql } from 'drizzle-orm';
import { namedIn, type FileKind } from '../../core/files/file-kinds.ts';
import { finClaim, finClaimInvoice, finClaimPayment } from '../../core/tables/claim.table.ts';
import { CLAIM_FILE_BIZ } from './claim.service.ts';

const invoiceUse = namedIn({
  table: finClaimInvoice,
  columns: [finClaimInvoice.files],
  live: sql`true`,
  title: sql<string>`(select c.claim_no from fin_claim c where c.id = ${finClaimInvoice.claimId})`,
  what: '理赔申请',
});
const voucherUse = namedIn({ table: finClaim, columns: [finClaim.payVoucher], live: sql`true`, title: sql<string>`${finClaim.claimNo}`, what: '理赔申请' });
const paymentUse = namedIn({
  table: finClaimPayment,
  columns: [finClaimPayment.voucher],
  live: sql`true`,
  title: sql<string>`${finClaimPayment.claimNo}`,
  what: '付款记录',
});

/**
 * Evidence of a claim (发票及凭证) and its payment vouchers: titled by 理赔单号. A claim is never deleted
 * once submitted, and a draft's invoices go with it, so every row that names a file still uses it.
 */
export const claimFileKind: FileKind = {
  bizType: CLAIM_FILE_BIZ,
  titles: async (db, ids) =>
    (await db.select({ id: finClaim.id, claimNo: finClaim.claimNo }).from(finClaim).where(inArray(finClaim.id, ids))).map((c) => [c.id, c.claimNo]),
  uses: async (db, filePath) => (await invoiceUse(db, filePath)) ?? (await voucherUse(db, filePath)) ?? (await paymentUse(db, filePath)),
};
