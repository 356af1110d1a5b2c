import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/fakeServer.ts';
import { bindFeedback, type Feedback } from './feedback.ts';
import { HttpError } from './http.ts';
import { useApiMutation } from './useApiMutation.ts';

const message = { success: vi.fn(), warning: vi.fn() };
const notification = { error: vi.fn() };
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

afterEach(() => {
  bindFeedback(null);
  vi.clearAllMocks();
});

describe('useApiMutation (spec §8 error handling of a change, once)', () => {
  it("a success shows the server's message (else 操作成功！) and then runs onSuccess", async () => {
    bindFeedback({ message, notification: {}, modal: {} } as unknown as Feedback);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useApiMutation(async (id: string) => envelope({ id }, { message: id === 'a' ? '删除成功!' : '' }), { onSuccess }), {
      wrapper,
    });
    expect(await result.current.run('a')).toBe(true);
    expect(await result.current.run('b')).toBe(true);
    expect(message.success.mock.calls).toEqual([['删除成功!'], ['操作成功！']]);
    expect(onSuccess).toHaveBeenCalledWith({ id: 'a' }, 'a');
  });

  it("§8 success:false is shown once as the 系统提示 notification (4 s) with the server's words and no toast; onSuccess does not run, run resolves false", async () => {
    bindFeedback({ message, notification, modal: {} } as unknown as Feedback);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useApiMutation(async () => envelope(null, { success: false, code: 500, message: '该职务已被使用' }), { onSuccess }), {
      wrapper,
    });
    expect(await result.current.run(undefined)).toBe(false);
    expect(notification.error.mock.calls).toEqual([[{ title: '系统提示', description: '该职务已被使用', duration: 4 }]]);
    expect(message.warning).not.toHaveBeenCalled();
    expect(message.success).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('an HTTP failure (already shown by the http client) is not shown twice; an answerless action shows nothing', async () => {
    bindFeedback({ message, notification, modal: {} } as unknown as Feedback);
    const failing = renderHook(() => useApiMutation(async () => Promise.reject(new HttpError('http', 500, '服务器错误'))), { wrapper });
    expect(await failing.result.current.run(undefined)).toBe(false);
    const silent = renderHook(() => useApiMutation(async () => undefined), { wrapper });
    expect(await silent.result.current.run(undefined)).toBe(true);
    expect(message.warning).not.toHaveBeenCalled();
    expect(message.success).not.toHaveBeenCalled();
    expect(notification.error).not.toHaveBeenCalled();
  });
});
