import { MONITOR_REFRESH_MS, type LoginResult, type MonitorToday } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../platform/socket/socket.testkit.ts';
import { clearLocalSession, startSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { Monitor } from './Monitor.tsx';

const figures = (decisions: number): MonitorToday => ({
  today: '2026-03-05',
  batchesSubmitted: 2,
  claimsSubmitted: 1,
  decisions,
  payments: { count: 3, amount: '12345.6' },
  onlineUsers: 7,
});

function show(answers: MonitorToday[]) {
  let reads = 0;
  fakeServer({ 'GET /sys/api/monitorToday': () => ({ body: envelope(answers[Math.min(reads++, answers.length - 1)]) }) });
  const router = createMemoryRouter([{ path: '*', element: <Monitor /> }], { initialEntries: ['/dashboard/monitor'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { reads: () => reads };
}
const card = (title: string) => screen.findByRole('link', { name: `${title}：查看列表` });

beforeEach(() => {
  clearLocalSession();
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
  startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dashboard/Monitor 业务监控 (spec §2 view group dashboard: monitor)', () => {
  it("shows today's submissions, decisions, payments (money with 2 decimals) and users online, each card opening its list on the same day", async () => {
    show([figures(4)]);
    const batches = await card('今日提交线索批次');
    expect(await within(batches).findByText('2')).toBeTruthy();
    expect(batches.getAttribute('href')).toBe('/rights/batch/list?submitTime_begin=2026-03-05&submitTime_end=2026-03-05');
    const claims = await card('今日提交报销单');
    expect(within(claims).getByText('1')).toBeTruthy();
    expect(claims.getAttribute('href')).toBe('/finance/claim/list?submitTime_begin=2026-03-05&submitTime_end=2026-03-05');
    const decisions = await card('今日审批处理');
    expect(within(decisions).getByText('4')).toBeTruthy();
    expect(decisions.getAttribute('href')).toBe('/rights/approval/list?approveTime_begin=2026-03-05&approveTime_end=2026-03-05');
    const paid = await card('今日付款');
    expect(within(paid).getByText('金额 12,345.60 元')).toBeTruthy();
    expect(paid.getAttribute('href')).toBe('/finance/payment/list?payDate_begin=2026-03-05&payDate_end=2026-03-05&status=5');
    expect(screen.getByText('在线用户').closest('.ant-card')?.textContent).toContain('7人');
  });

  it('a notice on the socket re-reads the figures without a reload', async () => {
    const { reads } = show([figures(4), figures(5)]);
    expect(await within(await card('今日审批处理')).findByText('4')).toBeTruthy();
    const socket = FakeSocket.last;
    act(() => {
      socket.open();
      socket.receive({ cmd: 'user', msgId: 'n1', msgTxt: '线索批次已审核通过', userId: adminInfo.id });
    });
    expect(await within(await card('今日审批处理')).findByText('5')).toBeTruthy();
    expect(reads()).toBe(2);
  });
  it("the server's monitor ping (a submission, decision or payment committed) re-reads the figures at once", async () => {
    const { reads } = show([figures(4), figures(6)]);
    expect(await within(await card('今日审批处理')).findByText('4')).toBeTruthy();
    const socket = FakeSocket.last;
    act(() => {
      socket.open();
      socket.receive({ cmd: 'monitor', msgTxt: '业务数据已更新' });
    });
    expect(await within(await card('今日审批处理')).findByText('6')).toBeTruthy();
    expect(reads()).toBe(2);
  });

  it(`re-reads every ${MONITOR_REFRESH_MS / 1000} s while shown, with no notice`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'setTimeout', 'clearInterval', 'clearTimeout'] });
    const { reads } = show([figures(4), figures(6)]);
    expect(await within(await card('今日审批处理')).findByText('4')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MONITOR_REFRESH_MS + 100);
    });
    expect(await within(await card('今日审批处理')).findByText('6')).toBeTruthy();
    expect(reads()).toBe(2);
  });
});
