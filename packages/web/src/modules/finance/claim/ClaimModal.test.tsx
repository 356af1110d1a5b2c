import { CLAIM_BASE, ClaimMsg, ClaimPath, ClaimStatus, type ClaimRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { errorBoxes, noticesSaying, toastsSaying } from '../../../test/notices.ts';
import { ClaimModal } from './ClaimModal.tsx';

configure({ asyncUtilTimeout: 5_000 });

const PDF = 'finance_claim/20261001/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf';
const stored = {
  id: 'c1',
  claimNo: 'BX20261125001',
  batchId: 'b1',
  batchNo: 'XS20261101001',
  batchName: '淘宝假冒线索',
  expenseType: '1',
  applyAmount: '800.00',
  deductions: '0.00',
  deductionNote: null,
  description: null,
  bankAccountId: 'k1',
  auditOpinion: '请补充公证费发票',
  status: ClaimStatus.returned,
  invoices: [{ id: 'i1', claimId: 'c1', invoiceCode: '', invoiceNo: '12345678', invoiceDate: '2026-10-01', amount: '800.00', files: PDF }],
} as unknown as ClaimRecord;

function server(answer: { success: boolean; message: string }) {
  const sent: unknown[] = [];
  fakeServer({
    [`GET ${CLAIM_BASE}/queryById`]: () => ({ body: envelope(stored) }),
    [`GET ${ClaimPath.batchOptions}`]: () => ({
      body: envelope([
        {
          id: 'b1',
          batchNo: 'XS20261101001',
          batchName: '淘宝假冒线索',
          poolName: '2026年度专项资金',
          frozen: '1000.00',
          available: '1000.00',
          deadline: null,
        },
      ]),
    }),
    [`GET ${ClaimPath.bankOptions}`]: () => ({
      body: envelope([
        {
          id: 'k1',
          label: '华光代理 中国工商银行 尾号3445',
          accountName: '华光代理',
          bankName: '中国工商银行',
          accountNo: '6222020200112233445',
          isDefault: true,
        },
      ]),
    }),
    'GET /sys/dict/getDictItems/*': () => ({ body: envelope([{ value: '1', text: '公证费', title: '公证费' }]) }),
    [`PUT ${CLAIM_BASE}/edit`]: (_, init) => {
      sent.push(JSON.parse(String(init.body)));
      return { body: envelope(null, answer) };
    },
  });
  return sent;
}

function show() {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ClaimModal open record={stored} onClose={vi.fn()} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: '保 存' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DOMAIN expense claim: editing a claim sent back for invoices', { timeout: 20_000 }, () => {
  it('loads the claim with its invoices as rows and the opinion shown, and sends the invoices whole with the id', async () => {
    const sent = server({ success: true, message: ClaimMsg.edited });
    const onSaved = show();
    expect(await screen.findByText('审核意见：请补充公证费发票')).toBeTruthy();
    expect(await screen.findByText('12345678')).toBeTruthy();
    expect(screen.getByText('发票金额合计 800.00 元')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('申请金额（元）'), { target: { value: '750' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        id: 'c1',
        batchId: 'b1',
        expenseType: '1',
        applyAmount: '750',
        deductions: '0.00',
        deductionNote: null,
        bankAccountId: 'k1',
        description: null,
        invoices: [{ invoiceCode: '', invoiceNo: '12345678', invoiceDate: '2026-10-01', amount: '800.00', files: PDF }],
      },
    ]);
  });

  it('§8 the server refusing the save is told once by the 系统提示 notification in its words, with no toast and no box in the dialog, which stays open with what was typed', async () => {
    const refusal = '发票号码 12345678 已被报销，不能重复报销';
    server({ success: false, message: refusal });
    const onSaved = show();
    expect(await screen.findByText('12345678')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('申请金额（元）'), { target: { value: '750' } });
    fireEvent.change(screen.getByLabelText('费用说明'), { target: { value: '补充公证费发票后重新提交' } });
    save();
    await waitFor(() => expect(noticesSaying(refusal)).toHaveLength(1));
    expect(noticesSaying(refusal)[0].textContent).toContain('系统提示');
    expect(toastsSaying(refusal)).toHaveLength(0);
    expect(errorBoxes()).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('申请金额（元）').value).toBe('750');
    expect(screen.getByLabelText<HTMLTextAreaElement>('费用说明').value).toBe('补充公证费发票后重新提交');
    expect(screen.getByText('12345678')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
