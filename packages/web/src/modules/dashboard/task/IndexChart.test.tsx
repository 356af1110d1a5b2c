import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, type Route } from '../../../test/fakeServer.ts';
import { IndexChart } from './IndexChart.tsx';

// the canvas is ECharts' business; here the option handed to it is what is checked
vi.mock('../../../components/chart/EChart.tsx', () => ({
  EChart: ({ option, ariaLabel }: { option: unknown; ariaLabel: string }) => <pre aria-label={ariaLabel}>{JSON.stringify(option)}</pre>,
}));

function show(answer: Route) {
  const fetchMock = fakeServer({ 'GET /sys/api/taskThroughput': answer });
  const router = createMemoryRouter([{ path: '*', element: <IndexChart /> }], { initialEntries: ['/dashboard/indexChart'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dashboard/IndexChart 任务统计 (spec §2 view group dashboard: task/chart index)', () => {
  it('asks for this month, charts the answer and lists the busy days and each 初审人 in tables', async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 6, 10), toFake: ['Date'] });
    const fetchMock = show(() => ({
      body: envelope({
        days: [
          { date: '2026-03-01', decisions: 0, approved: 0, rejected: 0 },
          { date: '2026-03-02', decisions: 1200, approved: 1199, rejected: 1 },
        ],
        reviewers: [{ reviewerId: 'u1', reviewerName: '张审', batches: 3, approvedBatches: 2, avgDaysToApprove: 1.8, closedBatches: 0, avgDaysToClose: null }],
      }),
    }));
    expect((await screen.findByLabelText('每日处理量')).textContent).toContain('"data":["03-01","03-02"]');
    expect(screen.getByLabelText('初审人平均处理天数').textContent).toContain('"data":[1.8]');
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect([url.searchParams.get('startDate'), url.searchParams.get('endDate')]).toEqual(['2026-03-01', '2026-03-06']);
    const dayRow = screen.getByText('2026-03-02').closest('tr')!;
    expect([...dayRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2026-03-02', '1,200', '1,199', '1']);
    expect(screen.queryByText('2026-03-01')).toBeNull();
    const reviewerRow = screen.getByText('张审').closest('tr')!;
    expect([...within(reviewerRow).getAllByRole('cell')].map((td) => td.textContent)).toEqual(['张审', '3', '2', '1.8 天', '0', '—']);
  });

  it('a range with no work: both charts and both tables say 暂无数据', async () => {
    show(() => ({ body: envelope({ days: [{ date: '2026-03-01', decisions: 0, approved: 0, rejected: 0 }], reviewers: [] }) }));
    await screen.findByText('统计范围');
    await vi.waitFor(() => expect(screen.getAllByText('暂无数据').length).toBeGreaterThanOrEqual(4));
    expect(screen.queryByLabelText('每日处理量')).toBeNull();
  });
});
