import type { Envelope, MenuNode } from '@sbwq/contracts';
import { vi } from 'vitest';

/**
 * A fetch stand-in answering by "METHOD /path" (api base stripped; a key ending in `*` matches any
 * path with that prefix), for component and router tests.
 */
export type Route = (url: URL, init: RequestInit) => { status?: number; body: unknown };

export function envelope<T>(result: T, extra: Partial<Omit<Envelope, 'result'>> = {}): Envelope<T> {
  return { success: true, message: '', code: 200, result, timestamp: 0, ...extra };
}

export function fakeServer(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname.replace(/^\/jeecg-boot/, '')}`;
    const route = routes[key] ?? Object.entries(routes).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    if (!route) return new Response(JSON.stringify({ message: `no fake for ${key}` }), { status: 404 });
    const { status = 200, body } = route(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const homeMenu: MenuNode[] = [
  {
    id: '9502685863ab87f0ad1134142788a385',
    route: '1',
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    meta: { keepAlive: false, internalOrExternal: false, title: '首页', icon: 'home' },
  },
];

export const adminInfo = {
  id: 'u1',
  username: 'admin',
  realname: '系统管理员',
  orgCode: 'A01',
  phone: null,
  email: 'admin@example.org',
};
