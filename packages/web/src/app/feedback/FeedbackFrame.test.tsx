import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ConfigProvider from 'antd/es/config-provider';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferredFeedback, type Feedback } from '../../platform/feedback.ts';
import { FeedbackFrame } from './FeedbackFrame.tsx';
import { useApp } from '../../platform/useApp.ts';

/**
 * Issue 35: antd's message, notification and modal load on their first call instead of with the login
 * page. A first try answered nothing from a deferred call, and 付款管理's 确认付款 sent no request; each
 * call here must answer what antd's own does, so awaiting it or keeping its handle works as before.
 */
describe('FeedbackFrame (antd feedback loaded on first use, issue 35)', () => {
  it('a confirm awaited before the code is loaded resolves true on 确定, and the action behind it runs once', async () => {
    const pay = vi.fn();
    function Payment() {
      const { modal } = useApp();
      const [answer, setAnswer] = useState('');
      const ask = async () => {
        const ok = await modal.confirm({ title: '确认付款？', content: '付款后不可撤销', okText: '确定', cancelText: '取消' });
        if (ok) pay();
        setAnswer(ok ? '已确认' : '已取消');
      };
      return (
        <button type="button" onClick={() => void ask()}>
          付款{answer}
        </button>
      );
    }
    render(
      <ConfigProvider>
        <FeedbackFrame notification={{ duration: 4 }}>
          <Payment />
        </FeedbackFrame>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '付款' }));
    const ok = await screen.findByRole('button', { name: /确\s*定/ }, { timeout: 5000 });
    expect(await screen.findByText('付款后不可撤销')).toBeTruthy();
    fireEvent.click(ok);
    await waitFor(() => expect(screen.getByRole('button', { name: '付款已确认' })).toBeTruthy());
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('a message shown before the code is loaded appears, and answers a handle that closes it and can be awaited', async () => {
    let handle: (PromiseLike<boolean> & (() => void)) | null = null;
    function Saver() {
      const { message } = useApp();
      return (
        <button type="button" onClick={() => (handle = message.success('保存成功', 30) as unknown as PromiseLike<boolean> & (() => void))}>
          保存
        </button>
      );
    }
    render(
      <ConfigProvider>
        <FeedbackFrame notification={{ duration: 4 }}>
          <Saver />
        </FeedbackFrame>
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功', undefined, { timeout: 5000 })).toBeTruthy();
    expect(typeof handle).toBe('function');
    expect(typeof handle!.then).toBe('function');
    act(() => handle!());
  });

  it('deferredFeedback: calls before the load answer handles standing for the real ones; later calls go straight through', async () => {
    const destroy = vi.fn();
    // oxlint-disable-next-line unicorn/no-thenable -- antd's dialog handle is a thenable (the answer)
    const confirm = vi.fn(() => ({ destroy, update: vi.fn(), then: (done: (ok: boolean) => void) => done(false) }));
    // antd's message handle: a function that closes it, and a thenable settled when it has closed
    // oxlint-disable-next-line unicorn/no-thenable -- as antd's is
    const closed = Object.assign(vi.fn(), { then: (done: (value: boolean) => void) => done(true) });
    const api = { message: { success: vi.fn(() => closed) }, notification: {}, modal: { confirm } } as unknown as Feedback;
    const load = vi.fn(async () => api);
    const deferred = deferredFeedback(load);
    const first = deferred.modal.confirm({ title: '删除？' });
    first.destroy();
    expect(await (first as unknown as PromiseLike<boolean>)).toBe(false);
    expect(destroy).toHaveBeenCalledTimes(1);
    const toast = deferred.message.success('已保存');
    toast();
    expect(await (toast as unknown as PromiseLike<boolean>)).toBe(true);
    expect(closed).toHaveBeenCalledTimes(1);
    const second = deferred.modal.confirm({ title: '再删？' });
    expect(typeof second.destroy).toBe('function');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
