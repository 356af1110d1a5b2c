import { Msg, SESSION_TTL_MS, StorageKey, type LoginResult } from '@sbwq/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../platform/feedback.ts';
import { clearLocalSession, startSession, useSession } from '../../platform/session.ts';
import { local, STORAGE_NAMESPACE } from '../../platform/storage.ts';
import { adminInfo, envelope, fakeServer, type Route } from '../../test/fakeServer.ts';
import { noticesSaying, toastsSaying } from '../../test/notices.ts';
import { createQueryClient } from '../queryClient.ts';
import { UserMenu } from './UserMenu.tsx';

configure({ asyncUtilTimeout: 5_000 });

vi.mock('../../platform/browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

// The password and department calls import their flows on first use (issue 35: the login page does not
// load them); imported here, so that first import is not timed against a test on a loaded machine.
beforeAll(() => import('../../platform/auth.flows.ts'));

const departs = [
  { id: 'd1', orgCode: 'A01', departName: '信息部' },
  { id: 'd2', orgCode: 'A02', departName: '财务部' },
];

function renderMenu(routes: Record<string, Route> = {}) {
  const fetchMock = fakeServer(routes);
  render(
    <AntApp>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <UserMenu />
        </MemoryRouter>
      </QueryClientProvider>
    </AntApp>,
  );
  return fetchMock;
}

async function choose(item: '密码修改' | '切换部门' | '清理缓存') {
  fireEvent.click(screen.getByRole('button', { name: /^当前用户/ }));
  fireEvent.click(await screen.findByText(item));
}

const signedIn = () => startSession({ token: 't', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

beforeEach(() => {
  localStorage.clear();
  clearLocalSession();
  bindFeedback(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('§5 change password dialog', () => {
  it('§5 each field is required: 请输入旧密码! 请输入新密码! 请确认新密码!', async () => {
    signedIn();
    const fetchMock = renderMenu();
    await choose('密码修改');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    submit(dialog);
    expect(await within(dialog).findByText(Msg.oldPasswordRequired)).toBeTruthy();
    expect(within(dialog).getByText(Msg.newPasswordRequired)).toBeTruthy();
    expect(within(dialog).getByText(Msg.confirmPasswordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('§5 confirm must equal new: 两次输入的密码不一样！', async () => {
    signedIn();
    const fetchMock = renderMenu();
    await choose('密码修改');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    type(field(dialog, '旧密码'), 'old-pass-1');
    type(field(dialog, '新密码'), 'NewPass123');
    type(field(dialog, '确认新密码'), 'NewPass124');
    submit(dialog);
    expect(await within(dialog).findByText(Msg.passwordsDiffer)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('§7 sends {username, oldpassword, password, confirmpassword} by PUT and closes with the server message', async () => {
    signedIn();
    const fetchMock = renderMenu({
      'PUT /sys/user/updatePassword': () => ({ body: envelope(null, { message: Msg.passwordChanged }) }),
    });
    await choose('密码修改');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    type(field(dialog, '旧密码'), 'old-pass-1');
    type(field(dialog, '新密码'), 'NewPass123');
    type(field(dialog, '确认新密码'), 'NewPass123');
    submit(dialog);
    expect(await screen.findByText(Msg.passwordChanged)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(new URL(url, 'http://x').pathname).toBe('/jeecg-boot/sys/user/updatePassword');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'admin',
      oldpassword: 'old-pass-1',
      password: 'NewPass123',
      confirmpassword: 'NewPass123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改密码' })).toBeNull());
  });

  it('§8 a refusal shows the server message (旧密码输入错误!) as the 系统提示 notification, no toast, and keeps the dialog open', async () => {
    signedIn();
    renderMenu({
      'PUT /sys/user/updatePassword': () => ({ body: envelope(null, { success: false, code: 500, message: Msg.oldPasswordWrong }) }),
    });
    await choose('密码修改');
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    type(field(dialog, '旧密码'), 'wrong');
    type(field(dialog, '新密码'), 'NewPass123');
    type(field(dialog, '确认新密码'), 'NewPass123');
    submit(dialog);
    await waitFor(() => expect(noticesSaying(Msg.oldPasswordWrong)).toHaveLength(1));
    expect(noticesSaying(Msg.oldPasswordWrong)[0].textContent).toContain(Msg.notificationTitle);
    expect(toastsSaying(Msg.oldPasswordWrong)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: '修改密码' })).toBeTruthy();
  });

  it('§8 without a login user: 当前系统无登录用户! and no dialog', async () => {
    useSession.setState({ token: 't', username: null, userInfo: null });
    renderMenu();
    await choose('密码修改');
    expect(await screen.findByText(Msg.noLoginUser)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('§4 department dialog', () => {
  it('opens after the list loads, titled with the current department, the current one chosen', async () => {
    signedIn();
    renderMenu();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await choose('切换部门');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    answer(new Response(JSON.stringify(envelope({ list: departs, orgCode: 'A02' })), { headers: { 'Content-Type': 'application/json' } }));
    const dialog = await screen.findByRole('dialog', { name: '部门切换（当前部门：财务部）' });
    expect(within(dialog).getByTitle('财务部')).toBeTruthy();
  });

  it('§8 with no departments: 您尚未设置部门信息! and it stays closed', async () => {
    signedIn();
    renderMenu({ 'GET /sys/user/getCurrentUserDeparts': () => ({ body: envelope({ list: [], orgCode: null }) }) });
    await choose('切换部门');
    expect(await screen.findByText(Msg.noDeparts)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('§5 confirming requires a selection (error state), then PUT /sys/selectDepart stores the answered userInfo 7 days', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z'), toFake: ['Date'] });
    signedIn();
    const switched = { ...adminInfo, orgCode: 'A01' };
    const fetchMock = renderMenu({
      'GET /sys/user/getCurrentUserDeparts': () => ({ body: envelope({ list: departs, orgCode: null }) }),
      'PUT /sys/selectDepart': () => ({ body: envelope({ userInfo: switched }) }),
    });
    await choose('切换部门');
    const dialog = await screen.findByRole('dialog', { name: '部门切换' });
    submit(dialog);
    expect(await within(dialog).findByText('请选择部门')).toBeTruthy();
    expect(dialog.querySelector('.ant-select-status-error')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/sys/selectDepart'))).toBe(false);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('信息部'));
    submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/sys/selectDepart'));
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ orgCode: 'A01', username: 'admin' });
    const stored = JSON.parse(localStorage.getItem(`${STORAGE_NAMESPACE}${StorageKey.userInfo}`) ?? 'null');
    expect(stored).toEqual({ value: switched, expire: Date.now() + SESSION_TTL_MS });
    expect(useSession.getState().userInfo?.orgCode).toBe('A01');
  });
});

describe('§7 clear cache', () => {
  it('refreshes the server cache, stores all dictionary items 7 days and says 刷新缓存完成！', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z'), toFake: ['Date'] });
    signedIn();
    const items = { sex: [{ value: '1', text: '男', title: '男' }] };
    const fetchMock = renderMenu({
      'GET /sys/dict/refleshCache': () => ({ body: envelope(null) }),
      'GET /sys/dict/queryAllDictItems': () => ({ body: envelope(items) }),
    });
    await choose('清理缓存');
    expect(await screen.findByText(Msg.cacheRefreshed)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').pathname)).toEqual([
      '/jeecg-boot/sys/dict/refleshCache',
      '/jeecg-boot/sys/dict/queryAllDictItems',
    ]);
    expect(local.get(StorageKey.dictCache)).toEqual(items);
    expect(JSON.parse(localStorage.getItem(`${STORAGE_NAMESPACE}${StorageKey.dictCache}`) ?? '{}').expire).toBe(Date.now() + SESSION_TTL_MS);
  });

  it('§8 a failure says 刷新缓存失败！ and keeps the old cache', async () => {
    signedIn();
    local.set(StorageKey.dictCache, { old: [] });
    renderMenu({ 'GET /sys/dict/refleshCache': () => ({ body: envelope(null, { success: false, message: 'x' }) }) });
    await choose('清理缓存');
    expect(await screen.findByText(Msg.cacheRefreshFailed)).toBeTruthy();
    expect(local.get(StorageKey.dictCache)).toEqual({ old: [] });
  });
});
