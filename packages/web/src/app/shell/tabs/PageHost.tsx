import { HOME_PATH } from '@sbwq/contracts';
import { Activity, memo, Suspense, useContext, useLayoutEffect, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_DataRouterStateContext, UNSAFE_LocationContext, useLocation, useMatches, useOutlet } from 'react-router';
import { fullPathOf } from '../../../platform/pageTitle.ts';
import { useSession } from '../../../platform/session.ts';
import { PageLoading } from '../../PageLoading.tsx';
import { handleOf } from '../../useDocumentTitle.ts';
import { findMenuNode } from '../menuItems.tsx';
import type { Tab } from './tabs.rules.ts';
import { trackVisit, useTabs } from './tabs.store.ts';

type LocationValue = ContextType<typeof UNSAFE_LocationContext>;
type RouterStateValue = ContextType<typeof UNSAFE_DataRouterStateContext>;

type Kept = { element: ReactNode; locationKey: string; location: LocationValue; routerState: RouterStateValue };

/**
 * The content area of the main layout (spec §2 "Tabs"): it records each visited page as a tab and
 * renders the current page. A keepAlive page whose tab is open stays mounted while another tab is
 * shown (React `<Activity>` hides it and keeps its state); other pages unmount when left. Each page
 * sees the location it was opened at and is shielded from the router's context changes, so opening
 * another page re-renders no kept page; its element is reused while its location is the same, so
 * re-renders of the layout pass it by.
 */
export function PageHost({ tabsEnabled }: { tabsEnabled: boolean }) {
  const outlet = useOutlet();
  const locationValue = useContext(UNSAFE_LocationContext);
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const handle = handleOf(useMatches());
  const tabs = useTabs((state) => state.tabs);
  const menu = useSession((state) => state.menu);
  const [cache, setCache] = useState<ReadonlyMap<string, Kept>>(() => new Map());

  const key = fullPathOf(location);
  const title = handle?.title ?? '';
  const keepAlive = handle?.keepAlive === true;
  const homeKeepAlive = findMenuNode(menu ?? [], HOME_PATH)?.meta?.keepAlive === true;

  useLayoutEffect(() => {
    trackVisit({ key, title, keepAlive }, tabsEnabled, homeKeepAlive);
  }, [key, title, keepAlive, tabsEnabled, homeKeepAlive]);

  const shown = keptPages(cache, key, { element: outlet, locationKey: location.key, location: locationValue, routerState }, tabs);
  // Adjusted while rendering, as React advises for state derived from the previous render: React
  // renders again at once with the new pages and never shows the old ones.
  if (shown !== cache) setCache(shown);

  return (
    <>
      {Array.from(shown, ([pageKey, kept]) => {
        const version = tabs.find((tab) => tab.key === pageKey)?.version ?? 0;
        return (
          <KeptPage
            key={`${pageKey}#${version}`}
            pageKey={pageKey}
            active={pageKey === key}
            element={kept.element}
            location={kept.location}
            routerState={kept.routerState}
          />
        );
      })}
    </>
  );
}

/**
 * The pages to keep after a render: the shown page (its element reused while its location is the same),
 * and the keepAlive pages whose tab is still open. The same map when nothing changed.
 */
function keptPages(cache: ReadonlyMap<string, Kept>, key: string, shown: Kept, tabs: readonly Tab[]): ReadonlyMap<string, Kept> {
  let next: Map<string, Kept> | null = null;
  const edit = () => (next ??= new Map(cache));
  const current = cache.get(key);
  if (!current || current.locationKey !== shown.locationKey) {
    edit().set(key, shown);
  } else if (current.routerState !== shown.routerState) {
    // The shown page follows the router's state (pending navigations, revalidation); a hidden one keeps
    // the state it was left with.
    edit().set(key, { ...current, routerState: shown.routerState });
  }
  for (const kept of cache.keys()) {
    if (kept !== key && !tabs.some((tab) => tab.key === kept && tab.keepAlive)) edit().delete(kept);
  }
  return next ?? cache;
}

type KeptPageProps = {
  pageKey: string;
  active: boolean;
  element: ReactNode;
  location: LocationValue;
  routerState: RouterStateValue;
};

const KeptPage = memo(function KeptPage({ pageKey, active, element, location, routerState }: KeptPageProps) {
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <div data-page={pageKey}>
        <UNSAFE_DataRouterStateContext.Provider value={routerState}>
          <UNSAFE_LocationContext.Provider value={location}>
            <Suspense fallback={<PageLoading />}>{element}</Suspense>
          </UNSAFE_LocationContext.Provider>
        </UNSAFE_DataRouterStateContext.Provider>
      </div>
    </Activity>
  );
});
