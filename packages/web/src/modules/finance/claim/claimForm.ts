import { ClaimMsg, invoiceValue, MAX_CLAIM_INVOICES, type ClaimRecord, type InvoiceRecord } from '@sbwq/contracts';
import type { EditableColumn, Row } from '../../../components/editable-table/types.ts';
import type { ClaimBody } from './claim.api.ts';
import { sumMoney } from './claim.money.ts';

/** The claim form's own fields (the invoices are the table's rows). */
export type ClaimFormValues = {
  batchId?: string;
  expenseType?: string;
  applyAmount?: string;
  deductions?: string;
  deductionNote?: string;
  bankAccountId?: string;
  description?: string;
};

/** A cell's message from the contract's own rule of that invoice field, or null. */
const contractCheck = (field: keyof typeof invoiceValue.shape) => (value: unknown) => {
  const parsed = invoiceValue.shape[field].safeParse(value ?? (field === 'invoiceCode' ? null : undefined));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/**
 * 发票 as table rows (DOMAIN.md expense claim: 发票代码/号码/日期/金额, 发票及凭证): each cell checked by
 * the contract's rule; 金额 by the editable table's money preset, summed under the table.
 */
export const INVOICE_COLUMNS: EditableColumn[] = [
  { key: 'invoiceCode', title: '发票代码', type: 'input', width: 150, placeholder: '数电票可不填', validateRules: [{ handler: contractCheck('invoiceCode') }] },
  {
    key: 'invoiceNo',
    title: '发票号码',
    type: 'input',
    width: 190,
    validateRules: [{ required: true, message: ClaimMsg.invoiceNo }, { handler: contractCheck('invoiceNo') }],
  },
  { key: 'invoiceDate', title: '开票日期', type: 'date', width: 150, validateRules: [{ required: true, message: '请选择开票日期' }] },
  {
    key: 'amount',
    title: '金额（元）',
    type: 'input',
    width: 130,
    statistics: ['sum'],
    validateRules: [{ required: true, message: '请输入金额' }, { pattern: 'money' }, { handler: contractCheck('amount') }],
  },
  { key: 'files', title: '发票及凭证', type: 'upload', width: 170, biz: 'finance_claim', validateRules: [{ required: true, message: ClaimMsg.invoiceFiles }] },
];

/** The invoice rows of a claim being edited. */
export const invoiceRowsOf = (invoices: readonly InvoiceRecord[]): Row[] =>
  invoices.map(({ id, invoiceCode, invoiceNo, invoiceDate, amount, files }) => ({ id, invoiceCode, invoiceNo, invoiceDate, amount, files }));

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value));

/** Why the rows cannot be sent as they are (none, too many), or null. */
export function invoiceRowsError(rows: readonly Row[]): string | null {
  if (rows.length === 0) return ClaimMsg.invoicesRequired;
  if (rows.length > MAX_CLAIM_INVOICES) return ClaimMsg.tooManyInvoices;
  return null;
}

/** 发票金额合计 of the rows, exactly. */
export const invoiceTotalOf = (rows: readonly Row[]) => sumMoney(rows.map((row) => text(row.amount)));

/**
 * What the form sends (add, or edit with the claim's id): the invoices replace the claim's, so every
 * row goes whole; 扣减项 left empty is 0.
 */
export function claimBodyOf(values: ClaimFormValues, rows: readonly Row[], record: Pick<ClaimRecord, 'id'> | null): ClaimBody {
  const body: ClaimBody = {
    batchId: values.batchId ?? '',
    expenseType: values.expenseType ?? '',
    applyAmount: text(values.applyAmount),
    deductions: text(values.deductions) || '0',
    deductionNote: text(values.deductionNote) || null,
    bankAccountId: values.bankAccountId ?? '',
    description: text(values.description) || null,
    invoices: rows.map((row) => ({
      invoiceCode: text(row.invoiceCode),
      invoiceNo: text(row.invoiceNo),
      invoiceDate: text(row.invoiceDate),
      amount: text(row.amount),
      files: text(row.files),
    })),
  };
  return record ? { ...body, id: record.id } : body;
}
