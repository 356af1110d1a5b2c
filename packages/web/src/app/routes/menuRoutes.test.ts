import type { MenuNode } from '@sbwq/contracts';
import { isValidElement, type ComponentType, type ReactElement } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuToRoutes, resolveMenuUrl } from './menuRoutes.ts';
import { IframePage, normalizeComponent, screens, UnknownScreen } from './screens.ts';

const node = (id: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  route: '1',
  path,
  name: path.slice(1).replace(/\//g, '-'),
  component: 'dashboard/Analysis',
  meta: { keepAlive: false, internalOrExternal: false, title: `T${id}` },
  ...extra,
});

const Known: ComponentType = () => null;
const resolve = (component: string) => (component === 'dashboard/Analysis' ? Known : undefined);

const byPath = (routes: RouteObject[], path: string) => routes.find((r) => r.path === path);
const elementType = (route?: RouteObject) => (route?.element as ReactElement | undefined)?.type;

async function redirectOf(route?: RouteObject): Promise<string | null> {
  const loader = route?.loader;
  if (typeof loader !== 'function') return null;
  const response = (await loader({} as LoaderFunctionArgs, undefined)) as Response;
  return response.headers.get('Location');
}

describe('§2 menu-derived routes', () => {
  it('a leaf becomes a flat route under / with its screen, title and crumbs', () => {
    const routes = menuToRoutes([node('1', '/dashboard/analysis')], resolve);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      id: 'menu-1',
      path: '/dashboard/analysis',
      handle: { title: 'T1', crumbs: [{ title: 'T1', path: '/dashboard/analysis' }], menuId: '1' },
    });
    expect(elementType(routes[0])).toBe(Known);
  });

  it('entries whose route is "0" are skipped with their children', () => {
    const menu = [node('1', '/a', { route: '0', children: [node('2', '/a/b')] }), node('3', '/c')];
    expect(menuToRoutes(menu, resolve).map((r) => r.path)).toEqual(['/c']);
  });

  it('hidden entries are still routes (they are only left out of the menu)', () => {
    expect(menuToRoutes([node('1', '/secret', { hidden: true })], resolve).map((r) => r.path)).toEqual(['/secret']);
  });

  it('a layout parent leads to its first routed child; children keep the parent in their crumbs', async () => {
    const menu = [
      node('p', '/isystem', {
        component: 'layouts/RouteView',
        children: [node('x', '/isystem/hidden', { route: '0' }), node('c', '/isystem/user')],
      }),
    ];
    const routes = menuToRoutes(menu, resolve);
    expect(await redirectOf(byPath(routes, '/isystem'))).toBe('/isystem/user');
    expect(byPath(routes, '/isystem/user')?.handle.crumbs).toEqual([
      { title: 'Tp', path: '/isystem' },
      { title: 'Tc', path: '/isystem/user' },
    ]);
  });

  it('alwaysShow entries redirect to their own path: they render themselves, never a child', async () => {
    const menu = [node('p', '/report', { alwaysShow: true, redirect: '/report/a', children: [node('c', '/report/a')] })];
    const parent = byPath(menuToRoutes(menu, resolve), '/report');
    expect(await redirectOf(parent)).toBeNull();
    expect(elementType(parent)).toBe(Known);
  });

  it('a top-level redirect is followed', async () => {
    const menu = [node('p', '/old', { redirect: '/new' })];
    expect(await redirectOf(byPath(menuToRoutes(menu, resolve), '/old'))).toBe('/new');
  });

  it('an unknown component renders the 页面不存在 screen, not a crash', () => {
    const route = menuToRoutes([node('1', '/x', { component: 'system/NoSuchList' })], resolve)[0];
    const element = route.element as ReactElement<{ component: string }>;
    expect(isValidElement(element)).toBe(true);
    expect(element.type).toBe(UnknownScreen);
    expect(element.props.component).toBe('system/NoSuchList');
  });

  it('external links get no route; duplicate paths keep the first entry', () => {
    const menu = [
      node('e', '/5d41402abc4b2a76b9719d911017c592', {
        component: 'layouts/IframePageView',
        meta: { keepAlive: false, internalOrExternal: true, title: '外链', url: 'https://example.org' },
      }),
      node('1', '/a'),
      node('2', '/a', { component: 'system/Other' }),
    ];
    const routes = menuToRoutes(menu, resolve);
    expect(routes.map((r) => r.id)).toEqual(['menu-1']);
  });

  it('component paths in JeecgBoot spellings resolve to the registry', () => {
    expect(normalizeComponent('/views/dashboard/Analysis.vue')).toBe('dashboard/Analysis');
    expect(normalizeComponent('src/views/dashboard/Analysis')).toBe('dashboard/Analysis');
    expect(screens[normalizeComponent('dashboard/Analysis')]).toBeDefined();
  });
});

describe('§2 menu-derived routes: meta and links', () => {
  it('meta (title, icon, url, permissionList, keepAlive, internalOrExternal, hiddenHeaderContent) reaches the route handle', () => {
    const permissionList = [{ action: 'user:add', type: '2', describe: '添加' }];
    const route = menuToRoutes(
      [
        node('1', '/x', {
          meta: { title: 'X', icon: 'user', keepAlive: true, internalOrExternal: false, permissionList, hiddenHeaderContent: true },
        }),
      ],
      resolve,
    )[0];
    expect(route.handle).toMatchObject({
      title: 'X',
      name: 'x',
      icon: 'user',
      permissionList,
      keepAlive: true,
      internalOrExternal: false,
      hiddenHeaderContent: true,
    });
  });

  it('an internal link (an address, not internalOrExternal) renders that address in a frame inside the layout', () => {
    const route = menuToRoutes(
      [
        node('f', '/0a1b2c', {
          component: 'layouts/IframePageView',
          meta: { keepAlive: false, internalOrExternal: false, title: '内嵌', url: 'https://example.org/report' },
        }),
      ],
      resolve,
    )[0];
    const element = route.element as ReactElement<{ url: string; title: string }>;
    expect(element.type).toBe(IframePage);
    expect(element.props).toEqual({ url: 'https://example.org/report', title: '内嵌' });
  });

  it('JeecgBoot address templates resolve to the configured API and static addresses; nothing is evaluated', () => {
    window.__APP_CONFIG__ = { apiBase: '/api', staticDomain: 'https://files.example.org/static' };
    expect(resolveMenuUrl("{{ window._CONFIG['domianURL'] }}/druid/")).toBe(`${window.location.origin}/api/druid/`);
    expect(resolveMenuUrl("{{ window._CONFIG['staticDomainURL'] }}/a.pdf")).toBe('https://files.example.org/static/a.pdf');
    expect(resolveMenuUrl('{{ alert(1) }}/x')).toBe('/x');
    delete window.__APP_CONFIG__;
  });
});
