import { ClaimMsg, claimAddBody } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { approvedLimit, netAmount } from './claim.money.ts';
import { claimBodyOf, INVOICE_COLUMNS, invoiceRowsError, invoiceTotalOf } from './claimForm.ts';

const values = { batchId: 'b1', expenseType: '1', applyAmount: ' 1500 ', deductions: '', bankAccountId: 'k1', description: '  ' };
const rows = [
  {
    id: 'tmp-1',
    invoiceCode: '3300231130',
    invoiceNo: '12345678',
    invoiceDate: '2026-10-01',
    amount: '1000.50',
    files: 'finance_claim/20261001/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf',
  },
  {
    id: 'tmp-2',
    invoiceCode: '',
    invoiceNo: '26332000000123456789',
    invoiceDate: '2026-10-02',
    amount: '499.5',
    files: 'finance_claim/20261002/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg',
  },
];

describe('DOMAIN expense claim: the form body', () => {
  it('sends every invoice row whole (a 数电票 without code), 扣减项 left empty as 0, blanks as null; the contract accepts it', () => {
    const body = claimBodyOf(values, rows, null);
    expect(body).toEqual({
      batchId: 'b1',
      expenseType: '1',
      applyAmount: '1500',
      deductions: '0',
      deductionNote: null,
      bankAccountId: 'k1',
      description: null,
      invoices: [
        { invoiceCode: '3300231130', invoiceNo: '12345678', invoiceDate: '2026-10-01', amount: '1000.50', files: rows[0]!.files },
        { invoiceCode: '', invoiceNo: '26332000000123456789', invoiceDate: '2026-10-02', amount: '499.5', files: rows[1]!.files },
      ],
    });
    expect(claimAddBody.safeParse(body).success).toBe(true);
  });

  it('an edit carries the claim id; the rows replace its invoices', () => {
    expect(claimBodyOf(values, rows.slice(0, 1), { id: 'c9' })).toMatchObject({ id: 'c9', invoices: [{ invoiceNo: '12345678' }] });
  });

  it('invoices are required and summed exactly', () => {
    expect(invoiceRowsError([])).toBe(ClaimMsg.invoicesRequired);
    expect(invoiceRowsError(rows)).toBeNull();
    expect(invoiceTotalOf(rows)).toBe('1500.00');
    expect(invoiceTotalOf([{ amount: '0.1' }, { amount: '0.2' }])).toBe('0.30');
  });

  it('each invoice cell is checked by the contract: code 10/12 digits or empty, number 8/20 digits, amount money', async () => {
    const check = async (key: string, value: unknown) => {
      const column = INVOICE_COLUMNS.find((c) => c.key === key)!;
      for (const rule of column.validateRules ?? []) {
        if ('handler' in rule) {
          const message = await rule.handler(value, { row: {}, column, rows: [] });
          if (message) return message;
        }
      }
      return null;
    };
    expect(await check('invoiceCode', '')).toBeNull();
    expect(await check('invoiceCode', '123')).toBe(ClaimMsg.invoiceCode);
    expect(await check('invoiceNo', '1234567')).toBe(ClaimMsg.invoiceNo);
    expect(await check('invoiceNo', '12345678')).toBeNull();
    expect(await check('amount', '0')).not.toBeNull();
    expect(await check('amount', '12.34')).toBeNull();
  });
});

describe('DOMAIN expense claim: 核定金额 limits', () => {
  const claim = { applyAmount: '3000.00', deductions: '500.00' };
  it('at most 申请金额 − 扣减项, and no more than the batch still holds for claims', () => {
    expect(netAmount(claim)).toBe('2500.00');
    expect(approvedLimit(claim, '9000.00')).toBe('2500.00');
    expect(approvedLimit(claim, '1200.50')).toBe('1200.50');
    expect(approvedLimit(claim, undefined)).toBe('2500.00');
  });
});
