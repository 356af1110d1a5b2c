import { Msg, StorageKey, type Envelope, type LoginResult, type MenuNode } from '@sbwq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from './feedback.ts';
import { interpretLogin, loadPermissions, logout, startSession, useSession } from './session.ts';
import { local } from './storage.ts';
import { getToken } from './token.ts';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const env = <T>(result: T, extra: Partial<Omit<Envelope, 'result'>> = {}): Envelope<T> => ({
  success: true,
  message: '',
  code: 200,
  result,
  timestamp: 0,
  ...extra,
});

const loginResult = {
  token: 'tok-1',
  userInfo: { id: 'u1', username: 'admin', realname: '系统管理员' },
  departs: [],
  multi_depart: 1,
  sysAllDictItems: { sex: [{ value: '1', text: '男', title: '男' }] },
} as unknown as LoginResult;

const homeNode: MenuNode = {
  id: 'home',
  route: '1',
  path: '/dashboard/analysis',
  name: 'dashboard-analysis',
  component: 'dashboard/Analysis',
  meta: { keepAlive: false, internalOrExternal: false, title: '首页', icon: 'home' },
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  bindFeedback({ notification: { error: vi.fn() }, modal: { error: vi.fn() } } as unknown as Feedback);
});
afterEach(() => {
  vi.unstubAllGlobals();
  bindFeedback(null);
});

describe('§8 login result', () => {
  it('succeeds only when code is the string 200', () => {
    expect(interpretLogin(env(loginResult, { code: '200' as unknown as number }))).toMatchObject({ kind: 'ok' });
    expect(interpretLogin(env(loginResult))).toMatchObject({ kind: 'ok' });
    expect(interpretLogin(env(loginResult, { code: 0 }))).toMatchObject({ kind: 'failed' });
  });

  it('code 512 goes to the index page, 510 shows the server message', () => {
    expect(interpretLogin(env(null, { code: 512, success: false }))).toEqual({ kind: 'goIndex' });
    expect(interpretLogin(env(null, { code: 510, success: false, message: '没有权限' }))).toEqual({
      kind: 'denied',
      message: '没有权限',
    });
  });

  it('other failures carry the server message and whether a captcha is now needed', () => {
    const failed = env({ needCaptcha: true }, { code: 500, success: false, message: Msg.badCredentials });
    expect(interpretLogin(failed)).toEqual({ kind: 'failed', message: Msg.badCredentials, needCaptcha: true });
    expect(interpretLogin(env(null, { code: 500, success: false, message: '' }))).toEqual({
      kind: 'failed',
      message: Msg.loginFailed,
      needCaptcha: false,
    });
  });
});

describe('§3 login session', () => {
  it('stores token, username, userInfo and the dictionary cache for 7 days', () => {
    startSession(loginResult, 'admin');
    expect(getToken()).toBe('tok-1');
    expect(local.get(StorageKey.username)).toBe('admin');
    expect(local.get(StorageKey.userInfo)).toMatchObject({ realname: '系统管理员' });
    expect(local.get(StorageKey.dictCache)).toEqual(loginResult.sysAllDictItems);
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', username: 'admin' });
  });

  it('§2 loads the permission list once per token and keeps the button auths in sessionStorage', async () => {
    startSession(loginResult, 'admin');
    const auth = [{ action: 'user:add', type: '1', describe: '添加' }];
    fetchMock.mockImplementation(async () => json(200, env({ menu: [homeNode], auth, allAuth: auth })));
    await loadPermissions();
    await loadPermissions();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(fetchMock.mock.calls[0][0], 'http://x');
    expect(url.pathname).toBe('/jeecg-boot/sys/permission/getUserPermissionByToken');
    expect(url.searchParams.get('token')).toBe('tok-1');
    expect(JSON.parse(sessionStorage.getItem(StorageKey.userAuth) ?? '')).toEqual(auth);
    expect(JSON.parse(sessionStorage.getItem(StorageKey.sysAuth) ?? '')).toEqual(auth);
    expect(useSession.getState().menu).toEqual([homeNode]);
  });

  it('§8 an empty menu is rejected with permissions must be a non-null array', async () => {
    startSession(loginResult, 'admin');
    fetchMock.mockImplementation(async () => json(200, env({ menu: [], auth: [], allAuth: [] })));
    await expect(loadPermissions()).rejects.toThrow(Msg.emptyMenu);
  });
});

describe('§4 logout', () => {
  it('clears token, permission lists and dictionary cache, and tells the server with the token header', async () => {
    startSession(loginResult, 'admin');
    sessionStorage.setItem(StorageKey.userAuth, '[]');
    sessionStorage.setItem(StorageKey.sysAuth, '[]');
    fetchMock.mockImplementation(async () => json(200, env(null)));
    await logout();
    expect(getToken()).toBeNull();
    expect(local.get(StorageKey.dictCache)).toBeNull();
    expect(sessionStorage.getItem(StorageKey.userAuth)).toBeNull();
    expect(sessionStorage.getItem(StorageKey.sysAuth)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, menu: null });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toMatch(/\/jeecg-boot\/sys\/logout$/);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-Access-Token']).toBe('tok-1');
  });

  it('finishes even if the server call fails', async () => {
    startSession(loginResult, 'admin');
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(logout()).resolves.toBeUndefined();
    expect(getToken()).toBeNull();
  });
});
