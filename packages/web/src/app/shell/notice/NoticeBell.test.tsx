import { NOTICE_POLL_MS, type AnnouncementRecord, type ListByUserResult, type LoginResult } from '@sbwq/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../queryClient.ts';
import { bindFeedback, type Feedback } from '../../../platform/feedback.ts';
import { clearLocalSession, logout, startSession, useSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { NoticeBell, NOTICE_POPOVER_WIDTH } from './NoticeBell.tsx';
import { PAYMENT_LIST_PAGE } from '../../../components/notice/claim.pages.ts';
import { EXPENSE_REMINDER_TEXT } from '../../../components/notice/NoticeModal.tsx';
import { FakeSocket } from '../../../platform/socket/socket.testkit.ts';

configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../../platform/browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

const ui = { notification: { error: vi.fn() }, modal: { error: vi.fn(), confirm: vi.fn() }, message: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } };

const notice = (over: Partial<AnnouncementRecord>): AnnouncementRecord =>
  ({
    id: 'a1',
    titile: '通知',
    msgContent: '<p>正文</p>',
    msgAbstract: null,
    sender: 'admin',
    sendTime: '2026-01-05 10:00:00',
    priority: 'L',
    msgCategory: '1',
    msgType: 'USER',
    sendStatus: '1',
    openType: null,
    openPage: null,
    ...over,
  }) as AnnouncementRecord;

const feedOf = (annt: AnnouncementRecord[], sys: AnnouncementRecord[]): ListByUserResult => ({
  anntMsgList: annt,
  anntMsgTotal: annt.length,
  sysMsgList: sys,
  sysMsgTotal: sys.length,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderBell(feed: () => { status?: number; body: unknown }) {
  const reads: unknown[] = [];
  const fetchMock = fakeServer({
    'GET /sys/annountCement/listByUser': () => feed(),
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': (_url, init) => {
      reads.push(JSON.parse(String(init.body)));
      return { body: envelope(null) };
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <NoticeBell />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/analysis'] },
  );
  render(
    <AntApp>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  const feedCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/listByUser')).length;
  return { reads, feedCalls };
}

const signedIn = () =>
  startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');
const bell = () => screen.getByRole('button', { name: /^消息通知/ });
// antd gives every generated id the same value under test, so the dialog is found by its title text.
const noticeDialog = () =>
  waitFor(
    () =>
      screen.getAllByRole('dialog').find((d) => d.querySelector('.ant-modal-title')?.textContent === '通知消息') ??
      Promise.reject(new Error('no notice dialog')),
  );

beforeEach(() => {
  localStorage.clear();
  clearLocalSession();
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  bindFeedback(ui as unknown as Feedback);
  signedIn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  bindFeedback(null);
});

describe('§2 announcement bell popover', () => {
  it('a count badge; the 300 px popover has 通知(n) and 系统消息(n) tabs whose items show title, publish time and priority tag (L 一般, M 重要, H 紧急)', async () => {
    const feed = feedOf(
      [notice({ id: 'a1', titile: '系统升级通知', priority: 'H' }), notice({ id: 'a2', titile: '年度会议', priority: 'M', sendTime: '2026-01-04 09:30:00' })],
      [notice({ id: 's1', titile: '账号已开通', msgCategory: '2' })],
    );
    renderBell(() => ({ body: envelope(feed) }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知（3条未读）'));
    expect(within(bell()).getByTitle('3')).toBeTruthy();

    fireEvent.click(bell());
    const panel = await screen.findByTestId('notice-panel');
    expect(within(panel).getByRole('tab', { name: '通知(2)' })).toBeTruthy();
    expect(within(panel).getByRole('tab', { name: '系统消息(1)' })).toBeTruthy();
    const items = within(panel)
      .getAllByRole('button')
      .filter((b) => b.textContent?.includes('发布时间'));
    expect(items.map((b) => b.textContent)).toEqual(['系统升级通知发布时间：2026-01-05 10:00:00紧急', '年度会议发布时间：2026-01-04 09:30:00重要']);
    const popover = document.querySelector('.notice-popover');
    expect(popover?.querySelector<HTMLElement>('[style*="width"]')?.style.width).toBe(`${NOTICE_POPOVER_WIDTH}px`);

    fireEvent.click(within(panel).getByRole('tab', { name: '系统消息(1)' }));
    expect(await within(panel).findByText('账号已开通')).toBeTruthy();
    expect(within(panel).getByText('一般')).toBeTruthy();
  });

  it('empty feed: no badge count, 暂无消息 in both tabs', async () => {
    const { feedCalls } = renderBell(() => ({ body: envelope(feedOf([], [])) }));
    await waitFor(() => expect(feedCalls()).toBe(1));
    expect(bell().getAttribute('aria-label')).toBe('消息通知');
    fireEvent.click(bell());
    const panel = await screen.findByTestId('notice-panel');
    expect(within(panel).getByRole('tab', { name: '通知(0)' })).toBeTruthy();
    expect(within(panel).getByText('暂无消息')).toBeTruthy();
  });

  it(
    'clicking an item marks it read (editByAnntIdAndUserId with anntId) and opens the notice modal; 去处理 goes to openPage',
    { timeout: 20_000 },
    async () => {
      let feed = feedOf(
        [notice({ id: 'a9', titile: '请补充报销材料', msgContent: '<p>第一批线索已结案</p>', openType: 'url', openPage: PAYMENT_LIST_PAGE })],
        [],
      );
      const { reads, feedCalls } = renderBell(() => ({ body: envelope(feed) }));
      fireEvent.click(await screen.findByRole('button', { name: '消息通知（1条未读）' }));
      feed = feedOf([], []);
      fireEvent.click(await screen.findByText('请补充报销材料'));

      const dialog = await noticeDialog();
      expect(within(dialog).getByText('第一批线索已结案')).toBeTruthy();
      expect(within(dialog).getByText('发布人：admin')).toBeTruthy();
      expect(within(dialog).getByText(EXPENSE_REMINDER_TEXT)).toBeTruthy();
      await waitFor(() => expect(reads).toEqual([{ anntId: 'a9' }]));
      // the bell reloads after the mark: the badge drops
      await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知'));
      expect(feedCalls()).toBeGreaterThanOrEqual(2);

      fireEvent.click(within(dialog).getByRole('button', { name: /去\s*处\s*理/ }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PAYMENT_LIST_PAGE));
    },
  );

  it('查看更多 goes to /isps/userAnnouncement; a user whose menu lacks 我的消息 gets no such link', async () => {
    useSession.setState({
      menu: [
        {
          id: 'm',
          path: '/isps',
          name: 'isps',
          route: '1',
          component: 'layouts/RouteView',
          meta: { keepAlive: false, internalOrExternal: false, title: '个人办公' },
          children: [
            {
              id: 'u',
              path: '/isps/userAnnouncement',
              name: 'ua',
              route: '1',
              component: 'system/UserAnnouncementList',
              meta: { keepAlive: false, internalOrExternal: false, title: '我的消息' },
            },
          ],
        },
      ],
    });
    renderBell(() => ({ body: envelope(feedOf([], [])) }));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: /查看更多/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/isps/userAnnouncement'));
    cleanup();

    useSession.setState({ menu: [] });
    renderBell(() => ({ body: envelope(feedOf([], [])) }));
    fireEvent.click(bell());
    await screen.findAllByText('暂无消息');
    expect(screen.queryByRole('button', { name: /查看更多/ })).toBeNull();
    useSession.setState({ menu: null });
  });
});

describe('§4 / §7 live delivery and polling', () => {
  it('the socket opens for the signed-in user with the token as subprotocol; a `user` message reloads the bell at once; logout closes it', async () => {
    let feed = feedOf([], []);
    const { feedCalls } = renderBell(() => ({ body: envelope(feed) }));
    await waitFor(() => expect(feedCalls()).toBe(1));
    const socket = FakeSocket.last;
    expect(socket.url).toBe(`ws://${window.location.host}/jeecg-boot/websocket/${adminInfo.id}`);
    expect(socket.protocols).toEqual(['tok-1']);
    act(() => socket.open());

    feed = feedOf([notice({ id: 'n1', titile: '刚发布的通知' })], []);
    act(() => socket.receive({ cmd: 'user', msgId: 'n1', msgTxt: '刚发布的通知', userId: adminInfo.id }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知（1条未读）'));
    expect(feedCalls()).toBe(2);

    await act(() => logout());
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('§9 the feed is polled every 6 s; a failed load stops the polling without a word (§8)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let failing = false;
    const { feedCalls } = renderBell(() =>
      failing ? { status: 500, body: { success: false, message: '服务器错误', code: 500 } } : { body: envelope(feedOf([], [])) },
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(feedCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(feedCalls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(feedCalls()).toBe(3);

    failing = true;
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(feedCalls()).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS * 5));
    expect(feedCalls()).toBe(4);
    expect(ui.notification.error).not.toHaveBeenCalled();
    expect(ui.message.warning).not.toHaveBeenCalled();
  });
  it('§8 a feed the server refuses (success:false) stops the polling without a word, though the app tells other refused loads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { feedCalls } = renderBell(() => ({ body: envelope(null, { success: false, code: 500, message: '通知加载失败' }) }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(feedCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS * 3));
    expect(feedCalls()).toBe(1);
    expect(ui.notification.error).not.toHaveBeenCalled();
    expect(ui.message.warning).not.toHaveBeenCalled();
  });
});
