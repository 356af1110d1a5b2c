import type { LoginResult } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalSession, startSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { Analysis } from './Analysis.tsx';

function renderAt(hour: number) {
  vi.useFakeTimers({ now: new Date(2026, 2, 2, hour, 30), toFake: ['Date'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Analysis />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  clearLocalSession();
  startSession({ token: 't', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');
  fakeServer({
    'GET /sys/user/getCurrentUserDeparts': () => ({
      body: envelope({
        list: [
          { id: 'd1', orgCode: 'A01', departName: '信息部' },
          { id: 'd2', orgCode: 'A02', departName: '财务部' },
        ],
        orgCode: 'A01',
      }),
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dashboard/Analysis', () => {
  it.each([
    [8, '早上好'],
    [10, '上午好'],
    [12, '中午好'],
    [15, '下午好'],
    [21, '晚上好'],
  ])('§9 greets by the hour (%i h → %s) with the realname', (hour, greeting) => {
    renderAt(hour);
    expect(screen.getByText(`${greeting}，系统管理员，欢迎你`)).toBeTruthy();
  });

  it('shows the current department by name and all the user belongs to', async () => {
    renderAt(15);
    expect(await screen.findByText('信息部')).toBeTruthy();
    expect(screen.getByText('信息部、财务部')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
  });
});
