import { Msg, type LoginResult } from '@sbwq/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../../platform/feedback.ts';
import { clearLocalSession, useSession } from '../../../platform/session.ts';
import { getToken } from '../../../platform/token.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { Login } from './Login.tsx';

configure({ asyncUtilTimeout: 8_000 });

function start(path = '/user/login') {
  const router = createMemoryRouter(
    [
      { path: '/user/login', element: <Login /> },
      { path: '/dashboard/analysis', element: <p>home page</p> },
      { path: '/rights/list', element: <p>rights page</p> },
      { path: '/', element: <p>index page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

async function submit(username = 'admin', password = 'secret-1') {
  fireEvent.change(await screen.findByLabelText('账号'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.submit(screen.getByLabelText('账号').closest('form') as HTMLFormElement);
}

const success = (extra: Partial<LoginResult> = {}) =>
  envelope({ token: 'tok-9', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {}, ...extra });

beforeEach(() => {
  clearLocalSession();
  bindFeedback(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login screen', { timeout: 20_000 }, () => {
  it('§2 a successful login stores the session and goes to the redirect target', async () => {
    const fetchMock = fakeServer({ 'POST /sys/login': () => ({ body: success() }) });
    const router = start(`/user/login?redirect=${encodeURIComponent('/rights/list?page=2')}`);
    await submit();
    expect(await screen.findByText('rights page')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(getToken()).toBe('tok-9');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ username: 'admin', password: 'secret-1' });
  });

  it('a redirect to another site is ignored', async () => {
    fakeServer({ 'POST /sys/login': () => ({ body: success() }) });
    start(`/user/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await submit();
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('§8 login code 512 goes to the main index page', async () => {
    fakeServer({ 'POST /sys/login': () => ({ body: envelope(null, { code: 512, success: false }) }) });
    start();
    await submit();
    expect(await screen.findByText('index page')).toBeTruthy();
  });

  it('§8 login code 510 shows the server message', async () => {
    fakeServer({ 'POST /sys/login': () => ({ body: envelope(null, { code: 510, success: false, message: '账号未授权登录' }) }) });
    start();
    await submit();
    expect(await screen.findByText('账号未授权登录')).toBeTruthy();
    expect(screen.queryByText(Msg.loginRetry)).toBeNull();
  });

  it('§8 other failures: 帐号登录失败, then 是否重新登录？ with the reason; the captcha appears when asked', async () => {
    const fetchMock = fakeServer({
      'POST /sys/login': () => ({
        body: envelope({ needCaptcha: true }, { code: 500, success: false, message: Msg.badCredentials }),
      }),
      'GET /sys/randomImage/*': () => ({ body: envelope('data:image/svg+xml;base64,PHN2Zy8+') }),
    });
    start();
    await submit();
    expect(await screen.findByText(Msg.loginFailed)).toBeTruthy();
    expect(await screen.findByText(Msg.loginRetry, { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    expect(screen.getByText(Msg.badCredentials)).toBeTruthy();
    const image = (await screen.findByAltText('验证码图片')) as HTMLImageElement;
    expect(image.src).toBe('data:image/svg+xml;base64,PHN2Zy8+');

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab12' } });
    await submit();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/sys/login'))).toHaveLength(2));
    const loginCalls = fetchMock.mock.calls.filter(([u]) => String(u).includes('/sys/login'));
    const sent = JSON.parse(String(loginCalls[1][1]?.body));
    const captchaCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/sys/randomImage/'));
    expect(sent).toMatchObject({ captcha: 'ab12' });
    expect(String(captchaCall?.[0])).toContain(`/sys/randomImage/${sent.checkKey}`);
  });

  it('with several departments (multi_depart 2) the user picks one before entering', async () => {
    const departs = [
      { id: 'd1', orgCode: 'A01', departName: '信息部' },
      { id: 'd2', orgCode: 'A02', departName: '财务部' },
    ];
    const fetchMock = fakeServer({
      'POST /sys/login': () => ({ body: success({ multi_depart: 2, departs } as unknown as Partial<LoginResult>) }),
      'PUT /sys/selectDepart': () => ({ body: envelope({ userInfo: { ...adminInfo, orgCode: 'A02' } }) }),
    });
    start();
    await submit();
    expect(await screen.findByText('请选择登录部门')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '部门' }));
    fireEvent.click(await screen.findByTitle('财务部'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('home page')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ orgCode: 'A02', username: 'admin' });
    expect(useSession.getState().userInfo?.orgCode).toBe('A02');
  });

  it('issue 40: an imported JeecgBoot password too weak for §5 — a new password is set before entering the app; cancelling signs out', async () => {
    const fetchMock = fakeServer({
      'POST /sys/login': () => ({ body: success({ mustChangePwd: true }) }),
      'PUT /sys/user/updatePassword': () => ({ body: envelope(null) }),
      'POST /sys/logout': () => ({ body: envelope(null) }),
    });
    start();
    await submit('jeecg', '123456');
    expect(await screen.findByText('请先修改密码')).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();
    fireEvent.change(screen.getByLabelText('旧密码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Jeecg2026x' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Jeecg2026x' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('home page')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ username: 'jeecg', oldpassword: '123456', password: 'Jeecg2026x', confirmpassword: 'Jeecg2026x' });

    cleanup();
    clearLocalSession();
    start();
    await submit('jeecg', '123456');
    expect(await screen.findByText('请先修改密码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(screen.queryByText('home page')).toBeNull();
  });
});
