import { ClaimMsg, ClaimPath, ClaimStatus, type BatchMoneySummary, type ClaimRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimRecord } from '../../../test/records.ts';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { errorBoxes, noticesSaying, toastsSaying } from '../../../test/notices.ts';
import { ClaimReviewModal } from './ClaimReviewModal.tsx';

configure({ asyncUtilTimeout: 5_000 });

const claim = (status: ClaimRecord['status'], over: Partial<ClaimRecord> = {}) => claimRecord(status, { deductions: '500.00', ...over });

function server(available: string, answer: { success: boolean; message: string } = { success: true, message: ClaimMsg.toFinance }) {
  const sent: { path: string; body: unknown }[] = [];
  const decide = (path: string) => (_: URL, init: RequestInit) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    return { body: envelope(null, answer) };
  };
  fakeServer({
    [`GET ${ClaimPath.batchSummary}`]: () => ({
      body: envelope({ batchId: 'b1', batchNo: 'XS20261101001', batchName: '淘宝假冒线索', available } as BatchMoneySummary),
    }),
    [`POST ${ClaimPath.bizReview}`]: decide(ClaimPath.bizReview),
    [`POST ${ClaimPath.financeReview}`]: decide(ClaimPath.financeReview),
  });
  return sent;
}

function show(record: ClaimRecord) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ClaimReviewModal claim={record} onClose={vi.fn()} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '提 交' }));
const amount = () => screen.queryByLabelText('核定金额（元）') as HTMLInputElement | null;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DOMAIN expense claim flow: the review dialog', { timeout: 20_000 }, () => {
  it('业务审核 通过 starts at 申请金额 − 扣减项 and sends the 核定金额 to bizReview', async () => {
    const sent = server('9000.00');
    const onDone = show(claim(ClaimStatus.bizReview));
    await waitFor(() => expect(amount()?.value).toBe('2500.00'));
    expect(await screen.findByText(/不超过 2,500.00 元/)).toBeTruthy();
    fireEvent.change(amount()!, { target: { value: '2400' } });
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ path: ClaimPath.bizReview, body: { id: 'c1', result: 'pass', opinion: null, approvedAmount: '2400' } }]);
  });

  it('核定金额 above what the batch still holds frozen for claims is refused before anything is sent', async () => {
    const sent = server('1000.00');
    show(claim(ClaimStatus.bizReview));
    expect(await screen.findByText(/不超过 1,000.00 元/)).toBeTruthy();
    fireEvent.change(amount()!, { target: { value: '1000.01' } });
    submit();
    expect(await screen.findByText('核定金额不能超过 1,000.00 元')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('驳回 and 退回补充发票 need an opinion and send no amount; 财务审核 goes to financeReview', async () => {
    const sent = server('9000.00', { success: true, message: ClaimMsg.returned });
    show(claim(ClaimStatus.financeReview, { approvedAmount: '2000.00' }));
    expect(screen.getByText(/财务审核：BX20261125001/)).toBeTruthy();
    await waitFor(() => expect(amount()?.value).toBe('2000.00'));
    fireEvent.click(screen.getByText('退回补充发票'));
    await waitFor(() => expect(amount()).toBeNull());
    submit();
    expect(await screen.findByText(ClaimMsg.opinionRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('审核意见'), { target: { value: '请补充律师费发票原件' } });
    submit();
    await waitFor(() =>
      expect(sent).toEqual([{ path: ClaimPath.financeReview, body: { id: 'c1', result: 'returned', opinion: '请补充律师费发票原件', approvedAmount: null } }]),
    );
  });

  it("§8 the server's refusal (单机构上限) is told once by the 系统提示 notification in its words, no box in the dialog, which keeps what was entered; nothing is done", async () => {
    const refusal = ClaimMsg.approvedOverCap('800.00');
    server('9000.00', { success: false, message: refusal });
    const onDone = show(claim(ClaimStatus.bizReview));
    await waitFor(() => expect(amount()?.value).toBe('2500.00'));
    fireEvent.change(amount()!, { target: { value: '2400' } });
    fireEvent.change(screen.getByLabelText('审核意见'), { target: { value: '差旅费按标准核减' } });
    submit();
    await waitFor(() => expect(noticesSaying(refusal)).toHaveLength(1));
    expect(noticesSaying(refusal)[0].textContent).toContain('系统提示');
    expect(toastsSaying(refusal)).toHaveLength(0);
    expect(errorBoxes()).toHaveLength(0);
    expect(amount()?.value).toBe('2400');
    expect(screen.getByLabelText<HTMLTextAreaElement>('审核意见').value).toBe('差旅费按标准核减');
    expect(onDone).not.toHaveBeenCalled();
  });

  it("财务审核 decides with 业务审核's decision in view: its reviewer, 核定金额 and opinion", async () => {
    server('5000.00');
    show(claim(ClaimStatus.financeReview, { approvedAmount: '2400.00', bizReviewBy: '王审核', auditOpinion: '差旅费按标准核减', invoices: [] }));
    const first = await waitFor(() => {
      const found = document.querySelector('.claim-review-first');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(first.textContent).toContain('王审核');
    expect(first.textContent).toContain('2,400.00');
    expect(first.textContent).toContain('差旅费按标准核减');
    await waitFor(() => expect(amount()?.value).toBe('2400.00'));
  });
});
