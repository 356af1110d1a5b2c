import type { MenuNode } from '@sbwq/contracts';
import { createElement, type ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { isLayoutComponent, normalizeComponent, screens, UnknownScreen } from './screens.ts';

/** What the shell reads from a route: title for the document and tabs, trail for the breadcrumb. */
export type Crumb = { title: string; path: string };
export type RouteHandle = {
  title: string;
  crumbs?: Crumb[];
  menuId?: string;
  keepAlive?: boolean;
  hiddenHeaderContent?: boolean;
};

type Resolve = (component: string) => ComponentType | undefined;

const resolveFromRegistry: Resolve = (component) => screens[component];

/** A menu entry that points at another site (JEECG-API §3.1: path is the url's md5, meta.url the url). */
export function isExternalEntry(node: MenuNode): boolean {
  return Boolean(node.meta?.url && /^https?:\/\//i.test(node.meta.url));
}

/**
 * spec §2 "Menu-derived routes": the server menu becomes flat child routes of the `/` route. Flat,
 * because JeecgBoot menus nest children whose paths do not extend their parent's; the nesting
 * survives in `handle.crumbs`.
 * - entries whose `route` is "0" are skipped with everything below them;
 * - hidden entries are routes too (they are only left out of the side menu);
 * - an alwaysShow entry is its own page: it redirects to its own path, i.e. never to a child;
 * - a layout entry (RouteView …) with children leads to its first routed child;
 * - a component this build lacks renders the 页面不存在 screen instead of failing.
 */
export function menuToRoutes(menu: MenuNode[], resolve: Resolve = resolveFromRegistry): RouteObject[] {
  const routes: RouteObject[] = [];
  const seen = new Set<string>();

  const walk = (nodes: MenuNode[], trail: Crumb[]) => {
    for (const node of nodes) {
      if (node.route === '0' || isExternalEntry(node)) continue;
      const title = node.meta?.title ?? node.name ?? '';
      const crumbs = node.path ? [...trail, { title, path: node.path }] : trail;
      const children = (node.children ?? []).filter((child) => child.route !== '0' && !isExternalEntry(child));
      if (node.path && !seen.has(node.path)) {
        const route = toRoute(node, crumbs, children, resolve);
        if (route) {
          seen.add(node.path);
          routes.push(route);
        }
      }
      walk(children, crumbs);
    }
  };

  walk(menu, []);
  return routes;
}

function toRoute(node: MenuNode, crumbs: Crumb[], children: MenuNode[], resolve: Resolve): RouteObject | null {
  const handle: RouteHandle = {
    title: node.meta?.title ?? node.name,
    crumbs,
    menuId: node.id,
    keepAlive: node.meta?.keepAlive,
    hiddenHeaderContent: node.meta?.hiddenHeaderContent,
  };
  const base = { id: `menu-${node.id}`, path: node.path, handle };

  const target = node.alwaysShow ? null : node.redirect;
  if (target && target !== node.path) return { ...base, loader: () => redirect(target) };

  if (!isLayoutComponent(node.component)) {
    const name = normalizeComponent(node.component);
    const Screen = resolve(name);
    return { ...base, element: Screen ? createElement(Screen) : createElement(UnknownScreen, { component: name }) };
  }

  const first = children.find((child) => child.path);
  if (first) return { ...base, loader: () => redirect(first.path) };
  return null;
}
