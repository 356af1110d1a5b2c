import { chinaToday } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import type { ChartClick } from '../../../components/chart/EChart.tsx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, type Route } from '../../../test/fakeServer.ts';
import { grantCodes } from '../../../test/render.tsx';
import { AnalysisPanels } from './AnalysisPanels.tsx';

configure({ asyncUtilTimeout: 5_000 });

// the canvas is ECharts' business; here the option handed to it is what is checked, and a click is
// the event ECharts would hand over for a bar
const chartClicks = new Map<string, (event: ChartClick) => void>();
vi.mock('../../../components/chart/EChart.tsx', () => ({
  EChart: ({ option, ariaLabel, onClick }: { option: unknown; ariaLabel: string; onClick?: (event: ChartClick) => void }) => {
    if (onClick) chartClicks.set(ariaLabel, onClick);
    return <pre aria-label={ariaLabel}>{JSON.stringify(option)}</pre>;
  },
}));

const STAFF_CODES = ['rights:approval:todo', 'finance:pool:list', 'rights:right:list'];
const expiry = { today: '2026-11-25', expiringSoon: 3, inGracePeriod: 1, expired: 0, authExpired: 2, months: [{ month: '2026-11', count: 3 }] };
const status = (staff: boolean) => ({ staff, nextStep: 'done', nextStepText: '' });

function show(codes: string[], routes: Record<string, Route>) {
  grantCodes(codes);
  fakeServer(routes);
  const router = createMemoryRouter([{ path: '*', element: <AnalysisPanels /> }], { initialEntries: ['/dashboard/analysis'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const cardLink = (name: string) => screen.findByRole('link', { name: `${name}：查看列表` });

afterEach(() => {
  cleanup();
  chartClicks.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('分析页 panels (spec §2 dashboard analysis, §9 number and money display)', () => {
  it('staff: 待我审批, 资金池余额 (exact sum, 2 decimals), 即将到期, each linking to its filtered list; the charts get the answers', async () => {
    show(STAFF_CODES, {
      'GET /rights/org/status': () => ({ body: envelope(status(true)) }),
      'GET /rights/approval/todoCount': () => ({ body: envelope(1234) }),
      'GET /sys/api/capitalPoolStatisticalList': () => ({
        body: envelope([
          { poolId: 'p1', poolName: '专项一', total: '0', balance: '1000000.10', frozen: '5.00', used: '1.00' },
          { poolId: 'p2', poolName: '专项二', total: '0', balance: '0.20', frozen: '0.00', used: '0.00' },
        ]),
      }),
      'GET /sys/api/poolLines': () => ({ body: envelope([]) }),
      'GET /sys/api/rightExpiryStatistics': () => ({ body: envelope(expiry) }),
    });
    const todo = await cardLink('待我审批');
    expect(todo.getAttribute('href')).toBe('/rights/approval/todo');
    expect(await within(todo).findByText('1,234')).toBeTruthy();
    const pool = await cardLink('资金池余额（元）');
    expect(await within(pool).findByText('1,000,000.30')).toBeTruthy();
    expect(within(pool).getByText('2 个资金池，冻结 5.00 元')).toBeTruthy();
    const soon = await cardLink('12个月内到期商标');
    expect(soon.getAttribute('href')).toBe('/rights/right/list?expiryFlag=expiringSoon');
    expect(await within(soon).findByText('另有宽展期 1 件；授权过期 2 件（按授权期限另计）')).toBeTruthy();
    expect((await screen.findByLabelText('资金池统计')).textContent).toContain('"data":["专项一","专项二"]');
    expect(await screen.findByText('暂无数据')).toBeTruthy(); // the pool lines of this month: none
    expect(screen.queryByText('被驳回的权利')).toBeNull();
  });

  it('an organisation user: their rights expiring and what waits on them next, no pool or approval figures', async () => {
    show(['rights:right:list', 'rights:bank:list'], {
      'GET /rights/org/status': () => ({ body: envelope(status(false)) }),
      'GET /sys/api/rightExpiryStatistics': () => ({ body: envelope(expiry) }),
      'GET /rights/bank/list': (url) => ({
        body: envelope({ records: [], total: url.searchParams.get('auditStatus') === '2' ? 1 : -1, size: 1, current: 1, pages: 1 }),
      }),
      'GET /rights/right/list': (url) => ({
        body: envelope({ records: [], total: { '2': 4, '3': 7, '0': 0 }[url.searchParams.get('auditStatus') ?? ''] ?? -1, size: 1, current: 1, pages: 1 }),
      }),
    });
    const rejected = await cardLink('被驳回的权利');
    expect(rejected.getAttribute('href')).toBe('/rights/right/list?auditStatus=2');
    expect(await within(rejected).findByText('4')).toBeTruthy();
    expect(within(rejected).getByText('下一步：修改后重新提交审核')).toBeTruthy();
    expect(await within(await cardLink('未提交的权利')).findByText('7')).toBeTruthy();
    const bank = await cardLink('被驳回的银行账户');
    expect(bank.getAttribute('href')).toBe('/rights/org/bank?auditStatus=2');
    expect(await within(bank).findByText('1')).toBeTruthy();
    expect(await cardLink('12个月内到期商标')).toBeTruthy();
    expect(screen.queryByText('待我审批')).toBeNull();
    expect(screen.queryByText('资金池余额（元）')).toBeNull();
  });

  it('a panel whose call the user may not make is not shown (staff with 待我审批 only)', async () => {
    show(['rights:approval:todo'], {
      'GET /rights/org/status': () => ({ body: envelope(status(true)) }),
      'GET /rights/approval/todoCount': () => ({ body: envelope(0) }),
    });
    expect(await cardLink('待我审批')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByText('资金池统计')).toBeNull();
  });

  it('an organisation not yet certified sees no figures (the notice above leads to its next step)', async () => {
    show(['rights:right:list'], {
      'GET /rights/org/status': () => ({ body: envelope({ ...status(false), nextStep: 'certify' }) }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('§7 线索申请: total, passed and 通过率 from threadedApplyNum / threadedApplyPassNum, linking to the batches it counts (submitted: drafts left out); the monthly chart gets both series', async () => {
    show(['rights:threaded:list'], {
      'GET /rights/org/status': () => ({ body: envelope(status(true)) }),
      'GET /sys/api/threadedApplyNum': () => ({ body: envelope(1200) }),
      'GET /sys/api/threadedApplyPassNum': () => ({ body: envelope(900) }),
      'GET /sys/api/monthThreadedApplyNum': () => ({
        body: envelope([
          { month: '2026-10', num: 7 },
          { month: '2026-11', num: 4 },
        ]),
      }),
      'GET /sys/api/monthThreadedApplyPassNum': () => ({ body: envelope([{ month: '2026-11', num: 3 }]) }),
    });
    const card = await cardLink('线索申请总数');
    expect(card.getAttribute('href')).toBe(`/rights/batch/list?submitTime_end=${chinaToday()}`);
    expect(await within(card).findByText('1,200')).toBeTruthy();
    expect(await within(card).findByText('已提交，不含草稿；通过 900 批，通过率 75.0%')).toBeTruthy();
    const chart = await screen.findByLabelText('月度线索申请与通过（近12个月）');
    expect(chart.textContent).toContain('"data":[7,4]');
    expect(chart.textContent).toContain('"data":[0,3]');
  });

  it('月度线索申请与通过: a 申请 bar opens the batches submitted that month, a 通过 bar those approved (审核时间) that month: what each bar counts', async () => {
    const router = show(['rights:threaded:list'], {
      'GET /rights/org/status': () => ({ body: envelope(status(true)) }),
      'GET /sys/api/threadedApplyNum': () => ({ body: envelope(5) }),
      'GET /sys/api/threadedApplyPassNum': () => ({ body: envelope(3) }),
      'GET /sys/api/monthThreadedApplyNum': () => ({
        body: envelope([
          { month: '2026-10', num: 2 },
          { month: '2026-11', num: 3 },
        ]),
      }),
      'GET /sys/api/monthThreadedApplyPassNum': () => ({
        body: envelope([
          { month: '2026-10', num: 1 },
          { month: '2026-11', num: 2 },
        ]),
      }),
    });
    const title = '月度线索申请与通过（近12个月）';
    await screen.findByLabelText(title);
    const click = (event: ChartClick) => act(() => chartClicks.get(title)!(event));
    await click({ name: '2026-11', seriesName: '通过', seriesIndex: 1, dataIndex: 1 });
    expect(router.state.location.pathname + router.state.location.search).toBe('/rights/batch/list?approveTime_begin=2026-11-01&approveTime_end=2026-11-30');
    await click({ name: '2026-10', seriesName: '申请', seriesIndex: 0, dataIndex: 0 });
    expect(router.state.location.pathname + router.state.location.search).toBe('/rights/batch/list?submitTime_begin=2026-10-01&submitTime_end=2026-10-31');
  });

  it('待付款 for finance: the payment queue counted with its amount (2 decimals), linking to 付款管理 on that queue (待付款 and 付款失败)', async () => {
    show(['finance:payment:list'], {
      'GET /rights/org/status': () => ({ body: envelope(status(true)) }),
      'GET /sys/api/pendingPaymentSummary': () => ({ body: envelope({ count: 1203, amount: '1234567.8' }) }),
    });
    const card = await cardLink('待付款');
    expect(card.getAttribute('href')).toBe('/finance/payment/list?status=4%2C6');
    expect(await within(card).findByText('1,203')).toBeTruthy();
    expect(await within(card).findByText('含付款失败；核定金额合计 1,234,567.80 元')).toBeTruthy();
  });

  it('an organisation user: the money it was paid for its claims this year, from its own row of agencyCApplyStatisticsList, linking to its claims paid (付款日期) this year', async () => {
    const asked: unknown[] = [];
    show(['finance:claim:list'], {
      'GET /rights/org/status': () => ({ body: envelope(status(false)) }),
      'POST /sys/api/agencyCApplyStatisticsList': (_url, init) => {
        asked.push(JSON.parse(String(init.body)));
        return {
          body: envelope({
            records: [{ orgId: 'o1', orgName: '甲所', applyNum: 3, passNum: 2, amount: '12000.5', paidAmount: '8000' }],
            total: 1,
            size: 10,
            current: 1,
            pages: 1,
          }),
        };
      },
    });
    const card = await cardLink('本年已获报销（元）');
    // the sum asked for and the list opened cover the same days
    expect(asked[0]).toMatchObject({ startDate: `${chinaToday().slice(0, 4)}-01-01`, endDate: chinaToday() });
    const year = chinaToday().slice(0, 4);
    expect(card.getAttribute('href')).toBe(`/finance/claim/list?status=5&payDate_begin=${year}-01-01&payDate_end=${chinaToday()}`);
    expect(await within(card).findByText('8,000.00')).toBeTruthy();
    expect(await within(card).findByText('本年申请报销 12,000.50 元')).toBeTruthy();
  });
});
