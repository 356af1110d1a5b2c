import { SYSTEM_TITLE } from '@sbwq/contracts';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from './routes/menuRoutes.ts';

/** spec §2 "Document title: page title + ' · ' + system title", from the deepest route that has one. */
export function pageTitleOf(matches: { handle: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return null;
}

export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} · ${SYSTEM_TITLE}` : SYSTEM_TITLE;
}

export function useDocumentTitle(): void {
  const matches = useMatches();
  const title = documentTitle(pageTitleOf(matches));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
