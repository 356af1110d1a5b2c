import { SsoMsg } from '@sbwq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { renderInApp } from '../../../test/render.tsx';
import { AccountBindings } from './AccountBindings.tsx';

const binding = { id: 'b1', provider: 'demo', providerLabel: '演示身份', displayName: '张三', createTime: '2026-11-20 09:30:00' };

describe('账户设置 · 账号绑定 (spec §2 view group "account center and settings: binding")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { sso: { casServerUrl: null, publicUrl: null, providers: [{ name: 'demo', label: '演示身份' }, { name: 'idaas', label: '统一身份' }] } } as never;
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

  it('says so when no provider is configured and nothing is bound', async () => {
    window.__APP_CONFIG__ = undefined;
    fakeServer({ 'GET /thirdLogin/bindings': () => ({ body: envelope([]) }) });
    renderInApp(<AccountBindings />);
    expect(await screen.findByText('本系统未配置第三方登录方式')).toBeTruthy();
  });
});
