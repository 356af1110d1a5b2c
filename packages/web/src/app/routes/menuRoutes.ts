import type { AuthItem, MenuNode } from '@sbwq/contracts';
import { createElement, type ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { appConfig } from '../../platform/config.ts';
import { IframePage, isLayoutComponent, normalizeComponent, screens, UnknownScreen } from './screens.ts';

/** What the shell reads from a route: title for the document and tabs, trail for the breadcrumb. */
export type Crumb = { title: string; path: string };
export type RouteHandle = {
  title: string;
  crumbs?: Crumb[];
  menuId?: string;
  /** the menu row's route name (JEECG-API §3.1 `name`) */
  name?: string;
  icon?: string;
  /** the page an internal link shows in a frame */
  url?: string;
  permissionList?: AuthItem[];
  internalOrExternal?: boolean;
  /** the page keeps its state while another tab is shown (spec §2 "Tabs") */
  keepAlive?: boolean;
  /** no breadcrumb header above the page */
  hiddenHeaderContent?: boolean;
};

type Resolve = (component: string) => ComponentType | undefined;

const resolveFromRegistry: Resolve = (component) => screens[component];

/**
 * JeecgBoot menu urls may embed `{{ window._CONFIG['domianURL'] }}` (the API address) or
 * `staticDomainURL`; JeecgBoot evaluated them. Here only those two names are known; nothing is evaluated.
 */
export function resolveMenuUrl(url: string): string {
  return url.replace(/\{\{([^}]*)\}\}/g, (_, expression: string) => {
    const { apiBase, staticDomain } = appConfig();
    const absolute = (path: string) => (/^https?:/i.test(path) ? path : `${window.location.origin}${path}`);
    if (/staticDomainURL/.test(expression)) return absolute(staticDomain);
    if (/domianURL|domainURL/.test(expression)) return absolute(apiBase);
    return '';
  });
}

const isHttp = (value: string | undefined) => Boolean(value && /^(https?:\/\/|\{\{)/i.test(value));

/**
 * A menu entry that opens another site in a new window (spec §2 "An item with a target opens as an
 * external link"): `meta.internalOrExternal` with an address (JEECG-API §3.1: path is then the
 * address's md5 and meta.url the address).
 */
export function isExternalEntry(node: MenuNode): boolean {
  return Boolean(node.meta?.internalOrExternal && (isHttp(node.meta.url) || isHttp(node.path)));
}

/** An internal link: a page of another address shown in a frame inside the layout. */
export function frameUrlOf(node: MenuNode): string | null {
  if (node.meta?.internalOrExternal || !isHttp(node.meta?.url)) return null;
  return resolveMenuUrl(node.meta.url ?? '');
}

/**
 * spec §2 "Menu-derived routes": the server menu becomes flat child routes of the `/` route. Flat,
 * because JeecgBoot menus nest children whose paths do not extend their parent's; the nesting
 * survives in `handle.crumbs`.
 * - entries whose `route` is "0" are skipped with everything below them;
 * - hidden entries are routes too (they are only left out of the side menu);
 * - an alwaysShow entry is its own page: it redirects to its own path, i.e. never to a child;
 * - a layout entry (RouteView …) with children leads to its first routed child;
 * - a component this build lacks renders the 页面不存在 screen instead of failing;
 * - an internal link (an address, not internalOrExternal) shows that address in a frame; an external
 *   one gets no route: the menu opens it in a new window.
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
  const meta = node.meta ?? ({} as Partial<MenuNode['meta']>);
  const handle: RouteHandle = {
    title: meta.title ?? node.name,
    crumbs,
    menuId: node.id,
    name: node.name,
    icon: meta.icon,
    url: meta.url,
    permissionList: meta.permissionList,
    internalOrExternal: meta.internalOrExternal,
    keepAlive: meta.keepAlive === true,
    hiddenHeaderContent: meta.hiddenHeaderContent === true,
  };
  const base = { id: `menu-${node.id}`, path: node.path, handle };

  const frame = frameUrlOf(node);
  if (frame) return { ...base, element: createElement(IframePage, { url: frame, title: handle.title }) };

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
