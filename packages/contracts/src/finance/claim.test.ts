import { describe, expect, it } from 'vitest';
import { ClaimMsg, claimAddBody } from './claim.ts';

describe('报销单 body (DOMAIN expense claim: 申请金额 within the invoices, 扣减项 below it)', () => {
  it('malformed amounts are refused with field messages, never an exception from the cross-field rules', () => {
    const parsed = claimAddBody.safeParse({
      batchId: 'b',
      expenseType: '1',
      applyAmount: 'x',
      deductions: 'x',
      bankAccountId: 'a',
      invoices: [{ amount: 'x' }],
    });
    expect(parsed.success).toBe(false);
    expect(claimAddBody.safeParse({ applyAmount: '1', invoices: 'x' }).success).toBe(false);
  });

  it("申请金额 above the invoices' total is refused with that total", () => {
    const invoice = {
      invoiceCode: '1234567890',
      invoiceNo: '12345678',
      invoiceDate: '2026-01-01',
      amount: '100.00',
      files: 'claim/20261125/0123456789abcdef0123456789abcdef.pdf',
    };
    const parsed = claimAddBody.safeParse({ batchId: 'b', expenseType: '1', applyAmount: '100.01', bankAccountId: 'a', invoices: [invoice] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(ClaimMsg.applyOverInvoices('100.00'));
  });
});
