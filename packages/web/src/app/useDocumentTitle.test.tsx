import { act, cleanup, render, screen } from '@testing-library/react';
import { Outlet, createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetPageTitles, rememberedTitle, setPageTitle, usePageTitle } from '../platform/pageTitle.ts';
import { STORAGE_NAMESPACE } from '../platform/storage.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

function Root() {
  useDocumentTitle();
  return <Outlet />;
}

function Detail() {
  usePageTitle('用户详情：张三');
  return <p>detail</p>;
}

function start(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/a', element: <p>a</p>, handle: { title: '用户管理' } },
          { path: '/detail', element: <Detail />, handle: { title: '用户详情' } },
          { path: '/none', element: <p>none</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  forgetPageTitles();
});
afterEach(cleanup);

describe('§2 document title', () => {
  it('is the page title · 商标维权服务系统, from the matched route', async () => {
    const router = start('/a');
    await screen.findByText('a');
    expect(document.title).toBe('用户管理 · 商标维权服务系统');
    await act(() => router.navigate('/none'));
    expect(document.title).toBe('商标维权服务系统');
  });

  it('§2 a title a page gives itself is remembered per route, also across a reload', async () => {
    const router = start('/detail');
    await screen.findByText('detail');
    expect(document.title).toBe('用户详情：张三 · 商标维权服务系统');
    expect(JSON.parse(localStorage.getItem(`${STORAGE_NAMESPACE}route:title:/detail`) ?? 'null')).toEqual({
      value: '用户详情：张三',
      expire: null,
    });
    await act(() => router.navigate('/a'));
    expect(document.title).toBe('用户管理 · 商标维权服务系统');
    // a fresh start (the memory is gone, local storage is not)
    cleanup();
    forgetPageTitles();
    expect(rememberedTitle('/detail')).toBe('用户详情：张三');
    expect(rememberedTitle('/detail?id=2')).toBeNull();
  });

  it('a remembered title of one route leaves the others alone, and updates the title at once', async () => {
    start('/a');
    await screen.findByText('a');
    act(() => setPageTitle('/other', '别的页面'));
    expect(document.title).toBe('用户管理 · 商标维权服务系统');
    act(() => setPageTitle('/a', '我的用户'));
    expect(document.title).toBe('我的用户 · 商标维权服务系统');
  });
});
