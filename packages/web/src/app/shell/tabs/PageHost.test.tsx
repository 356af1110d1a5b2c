import { HOME_PATH } from '@sbwq/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageHost } from './PageHost.tsx';
import { reloadTab, resetTabs, useTabs } from './tabs.store.ts';

const renders: Record<string, number> = {};
const count = (name: string) => (renders[name] = (renders[name] ?? 0) + 1);

/**
 * A page with state that reads the router's location. React may call such a component of a hidden
 * page when the router's context changes (lazy context propagation) and then drop the result: what
 * a re-render would show is whether anything below it renders — `Body` counts that.
 */
function Counter({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  const { pathname } = useLocation();
  return <Body name={name} clicks={clicks} pathname={pathname} onClick={() => setClicks((n) => n + 1)} />;
}

function Body({ name, clicks, pathname, onClick }: { name: string; clicks: number; pathname: string; onClick: () => void }) {
  count(name);
  return (
    <button type="button" onClick={onClick}>
      {`${name} ${clicks} @${pathname}`}
    </button>
  );
}

/** A page that reads no router context at all. */
function Plain() {
  count('plain');
  return <p>plain page</p>;
}

function start(tabsEnabled = true) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <PageHost tabsEnabled={tabsEnabled} />,
        children: [
          { path: HOME_PATH, element: <Counter name="home" />, handle: { title: '首页' } },
          { path: '/a', element: <Counter name="a" />, handle: { title: 'A', keepAlive: true } },
          { path: '/b', element: <Counter name="b" />, handle: { title: 'B', keepAlive: true } },
          { path: '/c', element: <Counter name="c" />, handle: { title: 'C', keepAlive: false } },
          { path: '/p', element: <Plain />, handle: { title: 'P', keepAlive: true } },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const go = (path: string) => act(() => router.navigate(path));
  return { go };
}

const click = (name: RegExp) => fireEvent.click(screen.getByText(name));

beforeEach(() => {
  resetTabs();
  for (const key of Object.keys(renders)) delete renders[key];
});
afterEach(cleanup);

describe('§2 tabs: keepAlive pages and switching', () => {
  it('each visited page gets a tab; the list starts with the home tab', async () => {
    const { go } = start();
    await screen.findByText('a 0 @/a');
    await go('/b');
    await go('/c?q=1');
    expect(useTabs.getState().tabs.map((tab) => [tab.key, tab.title, tab.keepAlive])).toEqual([
      [HOME_PATH, '首页', false],
      ['/a', 'A', true],
      ['/b', 'B', true],
      ['/c?q=1', 'C', false],
    ]);
  });

  it('a keepAlive page keeps its state while another tab is shown, and is hidden meanwhile', async () => {
    const { go } = start();
    click(await screen.findByText('a 0 @/a').then(() => /^a /));
    click(/^a /);
    expect(screen.getByText('a 2 @/a')).toBeTruthy();
    await go('/b');
    expect(await screen.findByText('b 0 @/b')).toBeTruthy();
    // still mounted, not shown, and it still sees its own location
    const hidden = screen.getByText('a 2 @/a', { ignore: false });
    expect(hidden.closest('[data-page="/a"]')?.getAttribute('style') ?? '').toMatch(/display: none/);
    await go('/a');
    expect(screen.getByText('a 2 @/a')).toBeTruthy();
  });

  it('§10 switching tabs re-renders no other tab', async () => {
    const { go } = start();
    await screen.findByText('a 0 @/a');
    await go('/p');
    await go('/b');
    await go('/c');
    await screen.findByText('c 0 @/c');
    // each switch may render the page it shows (it gets its new location), never another one
    for (const [path, shown] of [
      ['/a', 'a'],
      ['/b', 'b'],
      ['/p', 'plain'],
      ['/c', 'c'],
      ['/b', 'b'],
      ['/a', 'a'],
    ] as const) {
      const before = { ...renders };
      await go(path);
      expect(screen.getByText(shown === 'plain' ? 'plain page' : new RegExp(`^${shown} \\d+ @${path}$`))).toBeTruthy();
      for (const other of ['a', 'b', 'c', 'plain']) {
        if (other !== shown) expect(renders[other], `${other} while opening ${path}`).toBe(before[other]);
      }
      expect(renders[shown] - (before[shown] ?? 0)).toBeLessThanOrEqual(1);
    }
    // a click in one page renders that page alone
    const before = { ...renders };
    click(/^a /);
    expect(renders.a).toBe(before.a + 1);
    expect(renders.b).toBe(before.b);
    expect(renders.plain).toBe(before.plain);
  });

  it('a page without keepAlive starts afresh when its tab is shown again', async () => {
    const { go } = start();
    await go('/c');
    click(await screen.findByText('c 0 @/c').then(() => /^c /));
    expect(screen.getByText('c 1 @/c')).toBeTruthy();
    await go('/a');
    expect(screen.queryByText(/^c /)).toBeNull();
    await go('/c');
    expect(await screen.findByText('c 0 @/c')).toBeTruthy();
  });

  it('刷新 remounts the page: its state starts afresh', async () => {
    start();
    click(await screen.findByText('a 0 @/a').then(() => /^a /));
    expect(screen.getByText('a 1 @/a')).toBeTruthy();
    act(() => reloadTab('/a'));
    expect(await screen.findByText('a 0 @/a')).toBeTruthy();
    expect(useTabs.getState().reloadingKey).toBe('/a');
  });

  it('a closed tab forgets its page', async () => {
    const { go } = start();
    click(await screen.findByText('a 0 @/a').then(() => /^a /));
    await go('/b');
    act(() => useTabs.setState({ tabs: useTabs.getState().tabs.filter((tab) => tab.key !== '/a') }));
    expect(screen.queryByText(/^a /)).toBeNull();
    await go('/a');
    expect(await screen.findByText('a 0 @/a')).toBeTruthy();
  });

  it('without tabs (single-page mode or mobile) only the current page is mounted', async () => {
    const { go } = start(false);
    await screen.findByText('a 0 @/a');
    await go('/b');
    await screen.findByText('b 0 @/b');
    expect(screen.queryByText(/^a /)).toBeNull();
    expect(useTabs.getState().tabs.map((tab) => tab.key)).toEqual(['/b']);
  });
});
