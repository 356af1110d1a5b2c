import { BatchMsg, BatchPath, type BatchRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { ClosureApplyModal, WithdrawModal } from './BatchFlowModals.tsx';

const batch = (approvedAmount: string | null) => ({ id: 'b1', batchNo: 'XS20261122001', approvedAmount }) as BatchRecord;

function server(path: string, message: string) {
  const sent: unknown[] = [];
  fakeServer({
    [`POST ${path}`]: (_, init) => {
      sent.push(JSON.parse(String(init.body)));
      return { body: envelope(null, { message }) };
    },
  });
  return sent;
}

function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DOMAIN clue batch flow: withdrawal and closure dialogs', () => {
  it('撤销 says an approved batch gives its frozen amount back, and needs a reason before it is sent', async () => {
    const sent = server(BatchPath.withdraw, BatchMsg.withdrawn);
    const onDone = vi.fn();
    show(<WithdrawModal batch={batch('1200.00')} onClose={vi.fn()} onDone={onDone} />);
    expect(screen.getByText('撤销后不能恢复，已冻结的核定金额 1,200.00 元将退回资金池。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '撤 销' }));
    expect(await screen.findByText(BatchMsg.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('撤销原因'), { target: { value: '权利人已与对方和解' } });
    fireEvent.click(screen.getByRole('button', { name: '撤 销' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ id: 'b1', reason: '权利人已与对方和解' }]);
  });

  it('a draft withdrawn has nothing frozen to give back', () => {
    server(BatchPath.withdraw, BatchMsg.withdrawn);
    show(<WithdrawModal batch={batch(null)} onClose={vi.fn()} onDone={vi.fn()} />);
    expect(screen.getByText('撤销后不能恢复。')).toBeTruthy();
  });

  it('申请结案 needs its summary; the closing documents are optional', async () => {
    const sent = server(BatchPath.applyClosure, BatchMsg.closureApplied);
    const onDone = vi.fn();
    show(<ClosureApplyModal batch={batch('1200.00')} onClose={vi.fn()} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: '提交结案申请' }));
    expect(await screen.findByText('请填写结案说明')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('结案说明'), { target: { value: '平台已下架全部链接' } });
    fireEvent.click(screen.getByRole('button', { name: '提交结案申请' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ id: 'b1', closureSummary: '平台已下架全部链接', closureFiles: null }]);
  });
});
