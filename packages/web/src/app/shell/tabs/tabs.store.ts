import { HOME_PATH, RELOAD_HIGHLIGHT_MS } from '@sbwq/contracts';
import { create } from 'zustand';
import { refreshTab, visitTab, type Tab, type TabPage, type TabsChange } from './tabs.rules.ts';

/** The open tabs (spec §2 "Tabs"); not persisted, as in JeecgBoot: a page load starts again. */
type TabsState = {
  tabs: Tab[];
  /** The tab 刷新 highlights for 1.4 s (spec §9). */
  reloadingKey: string | null;
};

export const useTabs = create<TabsState>()(() => ({ tabs: [], reloadingKey: null }));

export const HOME_TAB_TITLE = '首页';

export function trackVisit(page: TabPage, enabled: boolean, homeKeepAlive = false): void {
  const home: TabPage = { key: HOME_PATH, title: HOME_TAB_TITLE, keepAlive: homeKeepAlive };
  const { tabs } = useTabs.getState();
  const next = visitTab(tabs, page, enabled, home);
  if (next !== tabs) useTabs.setState({ tabs: next });
}

export function applyTabsChange(change: TabsChange): void {
  if (change.tabs !== useTabs.getState().tabs) useTabs.setState({ tabs: change.tabs });
}

let highlightTimer: ReturnType<typeof setTimeout> | undefined;

export function reloadTab(key: string): void {
  clearTimeout(highlightTimer);
  useTabs.setState((state) => ({ tabs: refreshTab(state.tabs, key), reloadingKey: key }));
  highlightTimer = setTimeout(() => useTabs.setState({ reloadingKey: null }), RELOAD_HIGHLIGHT_MS);
}

/** Test hook. */
export function resetTabs(): void {
  clearTimeout(highlightTimer);
  useTabs.setState({ tabs: [], reloadingKey: null }, true);
}
