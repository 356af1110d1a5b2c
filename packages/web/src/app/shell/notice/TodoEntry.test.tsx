import { NOTICE_POLL_MS, type LoginResult, type MenuNode } from '@sbwq/contracts';
import { act, cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalSession, startSession, useSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { renderInApp } from '../../../test/render.tsx';
import { TodoEntry } from './TodoEntry.tsx';

configure({ asyncUtilTimeout: 5_000 });

const page = (path: string, title: string): MenuNode =>
  ({ id: path, path, name: path, route: '1', component: 'x', meta: { keepAlive: false, internalOrExternal: false, title } }) as MenuNode;
const menuWith = (...children: MenuNode[]): MenuNode[] => [{ ...page('/rights/approval', '审批'), component: 'layouts/RouteView', children }] as MenuNode[];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderEntry(counts: number[]) {
  let call = 0;
  const fetchMock = fakeServer({ 'GET /rights/approval/todoCount': () => ({ body: envelope(counts[Math.min(call++, counts.length - 1)]) }) });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <TodoEntry />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/analysis'] },
  );
  renderInApp(<RouterProvider router={router} />);
  return { calls: () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/todoCount')).length };
}

beforeEach(() => {
  localStorage.clear();
  clearLocalSession();
  startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'rev');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('header 待审批: what waits for the signed-in user, linking to 待我审批 (issue: staff see what waits for them)', () => {
  it('shows the count, follows the 6 s poll as submissions arrive and decisions are made, and opens 待我审批', async () => {
    useSession.setState({ menu: menuWith(page('/rights/approval/todo', '待我审批')) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = renderEntry([3, 4, 0]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('button', { name: '待我审批（3项待审批）' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(screen.getByRole('button', { name: '待我审批（4项待审批）' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_POLL_MS));
    expect(screen.getByRole('button', { name: '待我审批' })).toBeTruthy();
    expect(server.calls()).toBe(3);
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: '待我审批' }));
    expect(screen.getByTestId('where').textContent).toBe('/rights/approval/todo');
  });

  it('a user whose menu lacks 待我审批 (an organisation user) sees no entry and sends no call', async () => {
    useSession.setState({ menu: menuWith(page('/rights/approval/list', '审批记录')) });
    const server = renderEntry([5]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('header-todo')).toBeNull();
    expect(server.calls()).toBe(0);
  });
});
