import { ROUTE_TITLE_KEY_PREFIX } from '@sbwq/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { local } from './storage.ts';

/**
 * Page titles remembered per route (spec §2 "Page titles are remembered per route"): a screen that
 * names itself (`usePageTitle('用户详情：张三')`) keeps that name in its tab and the document title,
 * also after a reload, under JeecgBoot's key `route:title:<full path>` (no expiry).
 */
type Titles = { titles: Record<string, string | null> };

const useTitles = create<Titles>()(() => ({ titles: {} }));

export const fullPathOf = (location: { pathname: string; search: string }) => location.pathname + location.search;

/** The remembered title of a page, or null. */
export function rememberedTitle(fullPath: string): string | null {
  const known = useTitles.getState().titles;
  if (fullPath in known) return known[fullPath];
  const stored = local.get<string>(ROUTE_TITLE_KEY_PREFIX + fullPath);
  const title = typeof stored === 'string' && stored ? stored : null;
  // Cached without notifying: reading is no change.
  known[fullPath] = title;
  return title;
}

export function setPageTitle(fullPath: string, title: string): void {
  const text = title.trim();
  if (!text || rememberedTitle(fullPath) === text) return;
  local.set(ROUTE_TITLE_KEY_PREFIX + fullPath, text, null);
  useTitles.setState((state) => ({ titles: { ...state.titles, [fullPath]: text } }));
}

/** Subscribes to the remembered title of one page. */
export function useRememberedTitle(fullPath: string): string | null {
  return useTitles((state) => (fullPath in state.titles ? state.titles[fullPath] : rememberedTitle(fullPath)));
}

/** For screens: names the current page (its tab and the document title) and remembers the name. */
export function usePageTitle(title: string | null | undefined): void {
  const location = useLocation();
  const fullPath = fullPathOf(location);
  useEffect(() => {
    if (title) setPageTitle(fullPath, title);
  }, [fullPath, title]);
}

/** Test hook. */
export function forgetPageTitles(): void {
  useTitles.setState({ titles: {} }, true);
}
