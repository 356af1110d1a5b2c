import type { LoginResult, Trace } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalSession, startSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { RequestTrace } from './RequestTrace.tsx';

const trace = (path: string, status: number): Trace => ({
  time: '2026-11-26T08:00:00.000Z',
  method: 'GET',
  path,
  route: path,
  status,
  durationMs: 4.5,
  username: 'admin',
});

beforeEach(() => {
  clearLocalSession();
  startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');
});
afterEach(cleanup);

describe('请求追踪 (issue: the last 200 requests, filtered by status and path)', () => {
  it('lists what the server traced and narrows it by the path typed', { timeout: 30_000 }, async () => {
    fakeServer({
      'GET /sys/monitor/traces': () => ({
        body: envelope({ process: 'host:1:ab', records: [trace('/jeecg-boot/sys/user/list', 401), trace('/jeecg-boot/sys/role/list', 200)] }),
      }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RequestTrace />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('/jeecg-boot/sys/user/list', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('/jeecg-boot/sys/role/list')).toBeTruthy();
    expect(screen.getByText(/进程 host:1:ab 最近 200 个请求中的 2 个/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('路径包含'), { target: { value: 'ROLE' } });
    expect(screen.queryByText('/jeecg-boot/sys/user/list')).toBeNull();
    expect(screen.getByText('/jeecg-boot/sys/role/list')).toBeTruthy();
  });

  it('leaves the bell’s and the 待我审批 polling out by default; the box shows them again (issue 36)', { timeout: 30_000 }, async () => {
    fakeServer({
      'GET /sys/monitor/traces': () => ({
        body: envelope({
          process: 'host:1:ab',
          records: [
            trace('/jeecg-boot/sys/annountCement/listByUser', 200),
            trace('/jeecg-boot/rights/approval/todoCount', 200),
            trace('/jeecg-boot/sys/role/list', 200),
          ],
        }),
      }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RequestTrace />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('/jeecg-boot/sys/role/list', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('/jeecg-boot/sys/annountCement/listByUser')).toBeNull();
    expect(screen.queryByText('/jeecg-boot/rights/approval/todoCount')).toBeNull();
    const box = screen.getByRole('checkbox', { name: '隐藏消息与待办的定时查询' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(screen.getByText('/jeecg-boot/sys/annountCement/listByUser')).toBeTruthy();
    expect(screen.getByText('/jeecg-boot/rights/approval/todoCount')).toBeTruthy();
  });
});
