import { SsoMsg } from '@sbwq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { renderInApp } from '../../../test/render.tsx';
import { AccountBindings } from './AccountBindings.tsx';

const binding = { id: 'b1', provider: 'demo', providerLabel: '演示身份', displayName: '张三', createTime: '2026-11-20 09:30:00' };

describe('账户设置 · 账号绑定 (spec §2 view group "account center and settings: binding")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = {
      sso: {
        casServerUrl: null,
        publicUrl: null,
        providers: [
          { name: 'demo', label: '演示身份' },
          { name: 'idaas', label: '统一身份' },
        ],
      },
    } as never;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.__APP_CONFIG__ = undefined;
  });

  it('lists every configured provider, bound or not; unbinding asks first and then the list shows it unbound', async () => {
    let bound = true;
    const fetchMock = fakeServer({
      'GET /thirdLogin/bindings': () => ({ body: envelope(bound ? [binding] : []) }),
      'POST /thirdLogin/unbind': () => {
        bound = false;
        return { body: envelope(null, { message: SsoMsg.unbound }) };
      },
    });
    renderInApp(<AccountBindings />);
    expect(await screen.findByText(/张三 · 绑定于 2026-11-20 09:30:00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '绑定统一身份' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '解绑演示身份' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定要解除与演示身份（张三）的绑定吗/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/thirdLogin/unbind'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /解除绑定/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: '绑定演示身份' })).toBeTruthy());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/thirdLogin/unbind'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ id: 'b1' });
  });

  it('back from the provider, nothing is bound until the user answers 将{提供方}账号（…）绑定到当前账号 {username}？: 确认绑定 sends the one-time token, 取消 drops it', async () => {
    const pending = { provider: 'demo', providerLabel: '演示身份', subject: 'sub-1', displayName: '张三', email: 'zs@example.org', username: 'admin' };
    for (const [answer, path] of [
      [/确认绑定/, '/thirdLogin/bindConfirm'],
      [/取\s*消/, '/thirdLogin/bindCancel'],
    ] as const) {
      window.history.replaceState(null, '', '/account/settings/binding#thirdConfirm=pending-token-0123456789abcdef&provider=demo');
      const fetchMock = fakeServer({
        'GET /thirdLogin/bindings': () => ({ body: envelope([]) }),
        'POST /thirdLogin/bindPending': () => ({ body: envelope(pending) }),
        'POST /thirdLogin/bindConfirm': () => ({ body: envelope(null, { message: SsoMsg.bound }) }),
        'POST /thirdLogin/bindCancel': () => ({ body: envelope(null, { message: SsoMsg.bindCancelled }) }),
      });
      renderInApp(<AccountBindings />);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('将演示身份账号（张三，zs@example.org，sub-1）绑定到当前账号 admin？')).toBeTruthy();
      expect(window.location.hash).toBe('');
      expect(fetchMock.mock.calls.some(([url]) => /bindConfirm|bindCancel/.test(String(url)))).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: answer }));
      await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes(path))).toBe(true));
      const call = fetchMock.mock.calls.find(([url]) => String(url).includes(path));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'pending-token-0123456789abcdef' });
      cleanup();
    }
  });

  it('says so when no provider is configured and nothing is bound', async () => {
    window.__APP_CONFIG__ = undefined;
    fakeServer({ 'GET /thirdLogin/bindings': () => ({ body: envelope([]) }) });
    renderInApp(<AccountBindings />);
    expect(await screen.findByText('本系统未配置第三方登录方式')).toBeTruthy();
  });
});
