import { Msg, type LoginResult } from '@sbwq/contracts';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../platform/feedback.ts';
import { resetHttpState } from '../platform/http.ts';
import { clearLocalSession, startSession } from '../platform/session.ts';
import { getToken } from '../platform/token.ts';
import { adminInfo, envelope, fakeServer, homeMenu } from '../test/fakeServer.ts';
import { renderInApp } from '../test/render.tsx';
import { appRoutes } from './router.tsx';
import { discoverMenuRoutes, resetDiscoveredRoutes } from './routes/access.ts';

// The first render of each lazy screen compiles antd on the fly: allow for it.
configure({ asyncUtilTimeout: 8_000 });

vi.mock('../platform/browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

const ui = { notification: { error: vi.fn() }, modal: { error: vi.fn(), confirm: vi.fn() }, message: { error: vi.fn() } };

function start(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path], patchRoutesOnNavigation: discoverMenuRoutes });
  renderInApp(<RouterProvider router={router} />);
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, location };
}

const signedIn = () =>
  startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');

const permissionsOk = () =>
  fakeServer({
    'GET /sys/permission/getUserPermissionByToken': () => ({ body: envelope({ menu: homeMenu, auth: [], allAuth: [] }) }),
    'GET /sys/user/getCurrentUserDeparts': () => ({
      body: envelope({ list: [{ id: 'd1', orgCode: 'A01', departName: '信息部' }], orgCode: 'A01' }),
    }),
    'POST /sys/logout': () => ({ body: envelope(null) }),
  });

beforeEach(() => {
  clearLocalSession();
  localStorage.clear();
  resetDiscoveredRoutes();
  resetHttpState();
  bindFeedback(ui as unknown as Feedback);
  vi.useFakeTimers({ now: new Date(2026, 0, 5, 15, 0, 0), toFake: ['Date'] });
});
const setViewport = (width: number, height: number) =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });

afterEach(() => {
  setViewport(1024, 768);
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindFeedback(null);
});

describe('§2 access rules', { timeout: 20_000 }, () => {
  it('without a token any non-public path goes to login with the full original path as redirect', async () => {
    const fetchMock = permissionsOk();
    const { location } = start('/dashboard/analysis?tab=2&q=%E5%95%86');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(location()).toBe(`/user/login?redirect=${encodeURIComponent('/dashboard/analysis?tab=2&q=%E5%95%86')}`);
    expect(document.title).toBe('登录 · 商标维权服务系统');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('/user redirects to /user/login', async () => {
    const { location } = start('/user');
    await screen.findByLabelText('账号');
    expect(location()).toBe('/user/login');
  });

  it('after login the menu becomes routes and the requested page opens (greeting of §9)', async () => {
    signedIn();
    permissionsOk();
    const { location } = start('/dashboard/analysis');
    expect(await screen.findByText('下午好，系统管理员，欢迎你')).toBeTruthy();
    expect(location()).toBe('/dashboard/analysis');
    expect(await screen.findByText('信息部')).toBeTruthy();
    expect(document.title).toBe('首页 · 商标维权服务系统');
  });

  it('/ (named dashboard, 首页) redirects to /dashboard/analysis', async () => {
    signedIn();
    permissionsOk();
    const { location } = start('/');
    await screen.findByText('下午好，系统管理员，欢迎你');
    expect(location()).toBe('/dashboard/analysis');
  });

  it('a signed-in user opening /user/login goes to /dashboard/analysis', async () => {
    signedIn();
    permissionsOk();
    const { location } = start('/user/login');
    await screen.findByText('下午好，系统管理员，欢迎你');
    expect(location()).toBe('/dashboard/analysis');
  });

  it.each([
    ['a stale token (500 Token失效)', 500, Msg.tokenInvalid],
    ['a revoked token (401)', 401, Msg.unauthorized],
  ])('issue 36: /user/login with %s stays on the form, drops the token and shows no 登录已过期', async (_case, status, message) => {
    signedIn();
    const fetchMock = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': () => ({ status, body: { message } }),
      'POST /sys/logout': () => ({ status, body: { message } }),
    });
    const { location } = start('/user/login');
    await screen.findByLabelText('账号');
    await waitFor(() => expect(getToken()).toBeNull());
    expect(location()).toBe('/user/login');
    expect(ui.modal.error).not.toHaveBeenCalled();
    expect(ui.notification.error).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('getUserPermissionByToken'))).toHaveLength(1);
  });

  it('issue 36: a live token on /user/login asks for the permissions once, for the page it leads to too', async () => {
    signedIn();
    const fetchMock = permissionsOk();
    const { location } = start('/user/login');
    await screen.findByText('下午好，系统管理员，欢迎你');
    expect(location()).toBe('/dashboard/analysis');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('getUserPermissionByToken'))).toHaveLength(1);
  });

  it('an unknown path goes to /404', async () => {
    signedIn();
    permissionsOk();
    const { location } = start('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(location()).toBe('/404');
  });

  it('if loading permissions fails the user is logged out and sent to login with a redirect', async () => {
    signedIn();
    const fetchMock = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': () => ({ status: 500, body: { message: Msg.tokenInvalid } }),
      'POST /sys/logout': () => ({ status: 500, body: { message: Msg.tokenInvalid } }),
    });
    const { location } = start('/dashboard/analysis');
    await screen.findByLabelText('账号');
    expect(location()).toBe(`/user/login?redirect=${encodeURIComponent('/dashboard/analysis')}`);
    expect(getToken()).toBeNull();
    expect(ui.modal.error).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/sys/logout'))).toBe(true);
  });

  it('§8 an empty menu logs out too', async () => {
    signedIn();
    fakeServer({
      'GET /sys/permission/getUserPermissionByToken': () => ({ body: envelope({ menu: [], auth: [], allAuth: [] }) }),
      'POST /sys/logout': () => ({ body: envelope(null) }),
    });
    const { location } = start('/dashboard/analysis');
    await screen.findByLabelText('账号');
    expect(location()).toMatch(/^\/user\/login\?redirect=/);
    expect(ui.notification.error).toHaveBeenCalled();
  });
});

describe('§2 route table: fixed pages of the main layout', { timeout: 20_000 }, () => {
  it('/test redirects to /test/home, shown in the main layout with its tab and breadcrumb', async () => {
    // a desktop window (happy-dom's default 1024 px is spec §4 mobile: no tabs)
    setViewport(1440, 900);
    signedIn();
    permissionsOk();
    const { location } = start('/test');
    expect(await screen.findByText('运行状态')).toBeTruthy();
    expect(location()).toBe('/test/home');
    expect(document.title).toBe('测试主页 · 商标维权服务系统');
    expect(screen.getByRole('tab', { name: '测试主页' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '首页' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '面包屑' }).textContent).toBe('首页/测试主页');
  });

  it.each([
    ['/exception/403', '抱歉，你无权访问该页面'],
    ['/exception/404', '抱歉，您访问的页面不存在'],
    ['/exception/500', '抱歉，服务器出错了'],
    ['/result/success', '提交成功'],
    ['/result/fail', '提交失败'],
  ])('%s is a page of its own', async (path, text) => {
    signedIn();
    permissionsOk();
    const { location } = start(path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(location()).toBe(path);
    expect(screen.getByRole('button', { name: /返回首页|返\s*回\s*首\s*页/ })).toBeTruthy();
  });
});
