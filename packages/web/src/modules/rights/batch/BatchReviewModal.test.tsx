import { BATCH_SETTING_DICT, BatchMsg, BatchPath, BatchStatus, SECOND_REVIEW_THRESHOLD_KEY, type BatchRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { errorBoxes, noticesSaying, toastsSaying } from '../../../test/notices.ts';
import { BatchReviewModal } from './BatchReviewModal.tsx';

const batch = (status: BatchRecord['status'], applyAmount: string) =>
  ({
    id: 'b1',
    batchNo: 'XS20261122001',
    batchName: '淘宝假冒线索',
    orgName: '华光代理',
    poolName: '2026年度专项资金',
    itemCount: 3,
    applyAmount,
    status,
  }) as BatchRecord;

function server(answer: { success: boolean; message: string }) {
  const sent: unknown[] = [];
  const fetchMock = fakeServer({
    [`GET /sys/dict/getDictItems/${BATCH_SETTING_DICT}`]: () => ({ body: envelope([{ value: SECOND_REVIEW_THRESHOLD_KEY, text: '5000', title: '5000' }]) }),
    [`POST ${BatchPath.review}`]: (_, init) => {
      sent.push(JSON.parse(String(init.body)));
      return { body: envelope(null, answer) };
    },
  });
  return { sent, fetchMock };
}

function show(record: BatchRecord, onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BatchReviewModal kind="review" batch={record} onClose={vi.fn()} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '提 交' }));
const amountInput = () => screen.queryByLabelText('核定金额（元）') as HTMLInputElement | null;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DOMAIN clue batch flow: the review dialog', () => {
  it('the pass that decides the money asks 核定金额, starting at 申请金额, and sends it', async () => {
    const { sent } = server({ success: true, message: BatchMsg.approved });
    const onDone = show(batch(BatchStatus.pending, '3000.00'));
    await waitFor(() => expect(amountInput()?.value).toBe('3000.00'));
    fireEvent.change(amountInput()!, { target: { value: '2500.5' } });
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ id: 'b1', result: 'pass', opinion: null, approvedAmount: '2500.5' }]);
  });

  it('above the 复审 threshold 初审 asks no amount: the batch goes on to 复审', async () => {
    server({ success: true, message: BatchMsg.toSecondReview });
    show(batch(BatchStatus.pending, '8000.00'));
    expect(await screen.findByText(/初审通过后转复审/)).toBeTruthy();
    expect(amountInput()).toBeNull();
  });

  it('核定金额 above 申请金额 is refused before anything is sent', async () => {
    const { sent } = server({ success: true, message: BatchMsg.approved });
    show(batch(BatchStatus.secondReview, '9000.00'));
    await waitFor(() => expect(amountInput()).not.toBeNull());
    fireEvent.change(amountInput()!, { target: { value: '9000.01' } });
    submit();
    expect(await screen.findByText('核定金额不能大于申请金额')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('驳回 and 退回补正 need an opinion', async () => {
    const { sent } = server({ success: true, message: BatchMsg.rejected });
    show(batch(BatchStatus.pending, '3000.00'));
    fireEvent.click(screen.getByText('退回补正'));
    submit();
    expect(await screen.findByText(BatchMsg.opinionRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('审核意见'), { target: { value: '请补充证据截图' } });
    submit();
    await waitFor(() => expect(sent).toEqual([{ id: 'b1', result: 'returned', opinion: '请补充证据截图', approvedAmount: null }]));
  });

  it("§8 the server's refusal (not enough pool balance) is told once by the 系统提示 notification in its words, no box in the dialog, which keeps what was entered; nothing is done", async () => {
    const refusal = '资金池可用余额不足（可用余额 1000.00 元）';
    server({ success: false, message: refusal });
    const onDone = show(batch(BatchStatus.pending, '3000.00'));
    await waitFor(() => expect(amountInput()).not.toBeNull());
    fireEvent.change(amountInput()!, { target: { value: '2500' } });
    fireEvent.change(screen.getByLabelText('审核意见'), { target: { value: '按可用余额核定' } });
    submit();
    await waitFor(() => expect(noticesSaying(refusal)).toHaveLength(1));
    expect(noticesSaying(refusal)[0].textContent).toContain('系统提示');
    expect(toastsSaying(refusal)).toHaveLength(0);
    expect(errorBoxes()).toHaveLength(0);
    expect(amountInput()?.value).toBe('2500');
    expect(screen.getByLabelText<HTMLTextAreaElement>('审核意见').value).toBe('按可用余额核定');
    expect(onDone).not.toHaveBeenCalled();
  });

  it("复审 shows 初审's reviewer, amount and opinion before deciding", async () => {
    server({ success: true, message: BatchMsg.approved });
    show({ ...batch(BatchStatus.secondReview, '9000.00'), firstReviewerName: '李初审', auditOpinion: '线索属实，建议全额' } as BatchRecord);
    expect(await screen.findByText('李初审')).toBeTruthy();
    expect(screen.getByText('初审通过金额（元）')).toBeTruthy();
    expect(screen.getByText('线索属实，建议全额')).toBeTruthy();
    expect(screen.getAllByText('9,000.00').length).toBeGreaterThanOrEqual(2);
  });
});
