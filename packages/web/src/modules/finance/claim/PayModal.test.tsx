import { ClaimMsg, ClaimPath, ClaimStatus, type ClaimRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { errorBoxes, noticesSaying, toastsSaying } from '../../../test/notices.ts';
import { PayFailedModal, PayModal } from './PayModal.tsx';

configure({ asyncUtilTimeout: 5_000 });

const VOUCHER = 'finance_payment/20261125/0123456789abcdef0123456789abcdef.png';
const claim = (id: string, approvedAmount: string) => ({ id, claimNo: `BX2026112500${id}`, approvedAmount, status: ClaimStatus.toPay }) as ClaimRecord;

function server(answer: { success: boolean; message: string }) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const record = (path: string) => (_: URL, init: RequestInit) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    return { body: envelope(null, answer) };
  };
  fakeServer({
    'POST /sys/common/upload': () => ({ body: envelope({ fileName: '回单.png', filePath: VOUCHER, fileSize: 16 }, { message: VOUCHER }) }),
    [`POST ${ClaimPath.pay}`]: record(ClaimPath.pay),
    [`POST ${ClaimPath.payFailed}`]: record(ClaimPath.payFailed),
  });
  return sent;
}

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>{node}</AntApp>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DOMAIN expense claim: 付款 and 付款失败', { timeout: 20_000 }, () => {
  it('pays several selected claims at once: their total, 付款日期, 流水号 and the voucher, refused without a voucher first', async () => {
    const sent = server({ success: true, message: ClaimMsg.paidBatch(2) });
    const onDone = vi.fn();
    wrap(<PayModal claims={[claim('1', '800.00'), claim('2', '200.50')]} onClose={vi.fn()} onDone={onDone} />);
    expect(screen.getByText('批量付款（2 张报销单）')).toBeTruthy();
    expect(screen.getByText('1,000.50')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('付款流水号'), { target: { value: 'LS20261125' } });
    fireEvent.click(screen.getByRole('button', { name: '确认付款' }));
    expect(await screen.findByText(ClaimMsg.voucherRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [new File([new Uint8Array(16)], '回单.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.queryByText(ClaimMsg.voucherRequired)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '确认付款' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(ClaimPath.pay);
    expect(sent[0]!.body).toMatchObject({ ids: ['1', '2'], serialNo: 'LS20261125', voucher: VOUCHER, remark: null });
    expect(sent[0]!.body.payDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('§8 a payment the server refuses is told once by the 系统提示 notification in its words, no box in the dialog, which keeps what was entered', async () => {
    const refusal = '报销单 BX202611250001 已不在待付款状态';
    server({ success: false, message: refusal });
    const onDone = vi.fn();
    wrap(<PayModal claims={[claim('1', '800.00')]} onClose={vi.fn()} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('付款流水号'), { target: { value: 'LS20261125' } });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [new File([new Uint8Array(16)], '回单.png', { type: 'image/png' })] } });
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '确认付款' }));
    await waitFor(() => expect(noticesSaying(refusal)).toHaveLength(1));
    expect(noticesSaying(refusal)[0].textContent).toContain('系统提示');
    expect(toastsSaying(refusal)).toHaveLength(0);
    expect(errorBoxes()).toHaveLength(0);
    expect(screen.getByLabelText<HTMLInputElement>('付款流水号').value).toBe('LS20261125');
    expect(document.querySelectorAll('.ant-upload-list-item-done')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('付款失败 needs its reason, and sends it', async () => {
    const sent = server({ success: true, message: ClaimMsg.payFailed });
    const onDone = vi.fn();
    wrap(<PayFailedModal claim={claim('1', '800.00')} onClose={vi.fn()} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText(ClaimMsg.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('失败原因'), { target: { value: '户名与账号不符，银行退回' } });
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ path: ClaimPath.payFailed, body: { id: '1', reason: '户名与账号不符，银行退回' } }]);
  });
});
