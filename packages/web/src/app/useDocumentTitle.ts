import { SYSTEM_TITLE } from '@sbwq/contracts';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { fullPathOf, useRememberedTitle } from '../platform/pageTitle.ts';
import type { RouteHandle } from './routes/menuRoutes.ts';

/** The deepest matched route's handle that has a title. */
export function handleOf(matches: { handle: unknown }[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return null;
}

export function pageTitleOf(matches: { handle: unknown }[]): string | null {
  return handleOf(matches)?.title ?? null;
}

/** spec §2 "Document title: page title + ' · ' + system title". */
export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} · ${SYSTEM_TITLE}` : SYSTEM_TITLE;
}

/** The page's title: the one it gave itself (remembered per route, spec §2), else its route's. */
export function usePageTitleOfRoute(): string | null {
  const matches = useMatches();
  const remembered = useRememberedTitle(fullPathOf(useLocation()));
  return remembered ?? pageTitleOf(matches);
}

export function useDocumentTitle(): void {
  const title = documentTitle(usePageTitleOfRoute());
  useEffect(() => {
    document.title = title;
  }, [title]);
}
