import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../platform/feedback.ts';
import { HttpError } from '../platform/http.ts';
import { BizFailure } from '../platform/result.ts';
import { createQueryClient } from './queryClient.ts';

const notification = { error: vi.fn() };
const message = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };

function Load({ fail, silent = false }: { fail: () => Promise<never>; silent?: boolean }) {
  const query = useQuery({ queryKey: ['load', silent], queryFn: fail, meta: silent ? { silent: true } : undefined });
  return <span>{query.status}</span>;
}

function show(fail: () => Promise<never>, silent?: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Load fail={fail} silent={silent} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  bindFeedback(null);
  vi.clearAllMocks();
});

describe('§8 a load the server refuses is told once, by the query client', () => {
  it('a refused load shows one 系统提示 notification (4 s) with the server’s words, and no toast', async () => {
    bindFeedback({ message, notification, modal: {} } as unknown as Feedback);
    show(() => Promise.reject(new BizFailure('该批次不存在或无权查看')));
    expect(await screen.findByText('error')).toBeTruthy();
    expect(notification.error.mock.calls).toEqual([[{ title: '系统提示', description: '该批次不存在或无权查看', duration: 4 }]]);
    expect(message.warning).not.toHaveBeenCalled();
    expect(message.error).not.toHaveBeenCalled();
  });

  it('a query with meta.silent shows nothing (the bell’s feed: "Notification load failure: silently stops polling")', async () => {
    bindFeedback({ message, notification, modal: {} } as unknown as Feedback);
    show(() => Promise.reject(new BizFailure('通知加载失败')), true);
    expect(await screen.findByText('error')).toBeTruthy();
    expect(notification.error).not.toHaveBeenCalled();
    expect(message.warning).not.toHaveBeenCalled();
  });

  it('an HTTP failure, already shown by the http client, is not shown again', async () => {
    bindFeedback({ message, notification, modal: {} } as unknown as Feedback);
    show(() => Promise.reject(new HttpError('http', 500, '服务器错误')));
    await waitFor(() => expect(screen.getByText('error')).toBeTruthy());
    expect(notification.error).not.toHaveBeenCalled();
    expect(message.warning).not.toHaveBeenCalled();
  });
});
