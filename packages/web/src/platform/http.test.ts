import { Msg, StorageKey } from '@sbwq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from './browser.ts';
import { bindFeedback, type Feedback } from './feedback.ts';
import { http, HttpError, onSessionEnd, resetHttpState } from './http.ts';
import { local } from './storage.ts';

vi.mock('./browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

type Call = { url: URL; init: RequestInit };

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const calls = (): Call[] => fetchMock.mock.calls.map(([url, init]) => ({ url: new URL(url, 'http://localhost'), init }));
const headersOf = (call: Call) => call.init.headers as Record<string, string>;

function answer(status: number, body: unknown) {
  fetchMock.mockImplementation(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

const envelope = (result: unknown, extra: object = {}) => ({
  success: true,
  message: '',
  code: 200,
  result,
  timestamp: 1,
  ...extra,
});

let ui: { notification: { error: ReturnType<typeof vi.fn> }; modal: { error: ReturnType<typeof vi.fn> } };

beforeEach(() => {
  localStorage.clear();
  delete window.__APP_CONFIG__;
  resetHttpState();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  ui = { notification: { error: vi.fn() }, modal: { error: vi.fn() } };
  bindFeedback(ui as unknown as Feedback);
  vi.mocked(reloadPage).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindFeedback(null);
});

const lastNotice = () => ui.notification.error.mock.calls.at(-1)?.[0];

describe('request rules', () => {
  it('§7 base path comes from the configuration, /jeecg-boot by default', async () => {
    answer(200, envelope(null));
    await http.post('/sys/x', {});
    window.__APP_CONFIG__ = { apiBase: '/api-base/' };
    await http.post('sys/y', {});
    expect(calls().map((c) => c.url.pathname)).toEqual(['/jeecg-boot/sys/x', '/api-base/sys/y']);
  });

  it('§7 sends X-Access-Token only when logged in, and tenant_id (default 0)', async () => {
    answer(200, envelope(null));
    await http.post('/a', {});
    local.set(StorageKey.accessToken, 'tok-1');
    local.set(StorageKey.tenantId, 7);
    await http.post('/b', {});
    const [anonymous, signedIn] = calls().map(headersOf);
    expect(anonymous['X-Access-Token']).toBeUndefined();
    expect(anonymous.tenant_id).toBe('0');
    expect(signedIn['X-Access-Token']).toBe('tok-1');
    expect(signedIn.tenant_id).toBe('7');
  });

  it('§7 GET adds _t except dictionary item lookups', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00.750Z'), toFake: ['Date'] });
    answer(200, envelope([]));
    await http.get('/sys/user/list', { pageNo: 1, name: undefined });
    await http.get('/sys/dict/getDictItems/sex');
    await http.post('/sys/user/add', { a: 1 });
    const [list, dict, post] = calls();
    expect(list.url.searchParams.get('_t')).toBe(String(Math.floor(Date.parse('2026-03-01T08:00:00Z') / 1000)));
    expect(list.url.searchParams.get('pageNo')).toBe('1');
    expect(list.url.searchParams.has('name')).toBe(false);
    expect(dict.url.searchParams.has('_t')).toBe(false);
    expect(post.url.searchParams.has('_t')).toBe(false);
    expect(post.init.body).toBe('{"a":1}');
  });

  it('§7 responses return the body data, business failures included', async () => {
    answer(200, envelope(null, { success: false, code: 500, message: '用户名或密码错误' }));
    await expect(http.post('/sys/login', {})).resolves.toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(ui.notification.error).not.toHaveBeenCalled();
  });

  it('§9 a request times out after 9 s with 网络超时', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/slow');
    const outcome = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(8_999);
    expect(ui.notification.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(lastNotice()).toMatchObject({ description: Msg.gatewayTimeout });
  });

  it('a request the caller cancels fails quietly', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = http.get('/x', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(ui.notification.error).not.toHaveBeenCalled();
  });
});

describe('§8 error catalogue', () => {
  it.each([
    [403, { message: 'x', code: 510 }, Msg.forbidden],
    [404, { message: 'x' }, Msg.notFound],
    [504, {}, Msg.gatewayTimeout],
    [400, { success: false, message: '请求参数不正确' }, '请求参数不正确'],
    [429, { message: '请求过于频繁，请稍后再试' }, '请求过于频繁，请稍后再试'],
    [500, { message: '操作失败，服务器内部错误' }, '操作失败，服务器内部错误'],
  ])('HTTP %i shows its message under 系统提示 for 4 s', async (status, body, text) => {
    answer(status, body);
    await expect(http.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(lastNotice()).toEqual({ title: Msg.notificationTitle, description: text, duration: 4 });
  });

  it('an HTML error page is not shown as a message', async () => {
    answer(502, '<html>Bad Gateway</html>');
    await expect(http.get('/x')).rejects.toMatchObject({ status: 502 });
    expect(lastNotice().description).toBe('请求失败（HTTP 502）');
  });

  it('HTTP 500 with Token失效 and a stored token shows 登录已过期 once; its button logs out and reloads', async () => {
    const ended = vi.fn(async () => undefined);
    onSessionEnd(ended);
    local.set(StorageKey.accessToken, 'dead');
    answer(500, { status: 500, message: Msg.tokenInvalid });
    await expect(http.get('/a')).rejects.toMatchObject({ status: 500 });
    answer(500, { status: 500, message: Msg.tokenInvalid });
    await expect(http.get('/b')).rejects.toMatchObject({ status: 500 });
    expect(ui.modal.error).toHaveBeenCalledTimes(1);
    const dialog = ui.modal.error.mock.calls[0][0];
    expect(dialog).toMatchObject({ title: Msg.sessionExpiredTitle, content: Msg.sessionExpiredContent, okText: '重新登录' });
    expect(ui.notification.error).not.toHaveBeenCalled();
    await dialog.onOk();
    expect(ended).toHaveBeenCalled();
    expect(local.get(StorageKey.accessToken)).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('HTTP 500 with Token失效 but no stored token shows the server message', async () => {
    answer(500, { message: Msg.tokenInvalid });
    await expect(http.get('/a')).rejects.toBeInstanceOf(HttpError);
    expect(ui.modal.error).not.toHaveBeenCalled();
    expect(lastNotice().description).toBe(Msg.tokenInvalid);
  });

  it('HTTP 401 shows 未授权，请重新登录, then logs out and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const ended = vi.fn(async () => undefined);
    onSessionEnd(ended);
    local.set(StorageKey.accessToken, 'tok');
    answer(401, { message: 'x' });
    await expect(http.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(lastNotice().description).toBe(Msg.unauthorized);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('silent requests show nothing', async () => {
    local.set(StorageKey.accessToken, 'tok');
    answer(500, { message: Msg.tokenInvalid });
    await expect(http.post('/sys/logout', undefined, { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(ui.modal.error).not.toHaveBeenCalled();
    expect(ui.notification.error).not.toHaveBeenCalled();
  });

  it('a network failure says so', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'network' });
    expect(lastNotice().description).toBe('网络异常，请检查网络连接');
  });

  it('a request the browser cancels because the page is being left is no failure: aborted, nothing shown', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    window.dispatchEvent(new Event('pagehide'));
    await expect(http.get('/sys/permission/getUserPermissionByToken')).rejects.toMatchObject({ kind: 'aborted' });
    expect(ui.notification.error).not.toHaveBeenCalled();
    // back from the back/forward cache, the page lives on and a failure is one again
    window.dispatchEvent(new Event('pageshow'));
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'network' });
  });
});
