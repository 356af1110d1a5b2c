import { HOME_PATH, Msg } from '@sbwq/contracts';

/**
 * The rules of the multi-page tabs (spec §2 "Tabs", §8 "Move first item left / last item right"),
 * as pure functions over the tab list. A tab is keyed by the page's full path (path + query), as
 * JeecgBoot's TabLayout keys them; the home tab is the one for /dashboard/analysis.
 */
export type Tab = {
  key: string;
  title: string;
  keepAlive: boolean;
  /** Bumped by 刷新: the page remounts. */
  version: number;
};

export type TabPage = Omit<Tab, 'version'>;

export type TabsChange = {
  tabs: Tab[];
  /** The tab to show afterwards (the current one unless it was closed). */
  activeKey: string;
  /** Why nothing happened, for a warning. */
  warning?: string;
};

export const isHomeTab = (key: string) => key === HOME_PATH;

const toTab = (page: TabPage): Tab => ({ ...page, version: 0 });

/**
 * A page was opened. Without tabs (single-page mode or mobile) the list is that page alone. A fresh
 * list starts with the home tab; the home tab always goes first; other pages are appended once.
 */
export function visitTab(tabs: Tab[], page: TabPage, enabled: boolean, home: TabPage): Tab[] {
  const index = tabs.findIndex((tab) => tab.key === page.key);
  if (!enabled) return [index >= 0 ? { ...tabs[index], ...page } : toTab(page)];
  if (index >= 0) {
    const current = tabs[index];
    if (current.title === page.title && current.keepAlive === page.keepAlive) return tabs;
    return tabs.map((tab, i) => (i === index ? { ...tab, ...page } : tab));
  }
  if (isHomeTab(page.key)) return [toTab(page), ...tabs];
  if (tabs.length === 0) return [toTab(home), toTab(page)];
  return [...tabs, toTab(page)];
}

/** The × of a tab: the home tab and the last tab stay; closing the active tab shows its neighbour. */
export function closeTab(tabs: Tab[], key: string, activeKey: string): TabsChange {
  if (isHomeTab(key)) return { tabs, activeKey, warning: Msg.homeTabNotClosable };
  if (tabs.length <= 1) return { tabs, activeKey, warning: Msg.lastTabNotClosable };
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { tabs, activeKey };
  const rest = tabs.filter((_, i) => i !== index);
  const nextActive = key === activeKey ? rest[Math.min(index, rest.length - 1)].key : activeKey;
  return { tabs: rest, activeKey: nextActive };
}

/** 关闭左侧: nothing to the left (the first tab, or only the home tab) is 未知的操作. */
export function closeLeft(tabs: Tab[], key: string, activeKey: string): TabsChange {
  const index = tabs.findIndex((tab) => tab.key === key);
  const rest = tabs.filter((tab, i) => i >= index || isHomeTab(tab.key));
  if (index <= 0 || rest.length === tabs.length) return { tabs, activeKey, warning: Msg.unknownOperation };
  return { tabs: rest, activeKey: keepActive(rest, activeKey, key) };
}

/** 关闭右侧: nothing to the right (the last tab) is 已到最后~. */
export function closeRight(tabs: Tab[], key: string, activeKey: string): TabsChange {
  const index = tabs.findIndex((tab) => tab.key === key);
  const rest = tabs.filter((tab, i) => i <= index || isHomeTab(tab.key));
  if (index < 0 || rest.length === tabs.length) return { tabs, activeKey, warning: Msg.alreadyLast };
  return { tabs: rest, activeKey: keepActive(rest, activeKey, key) };
}

/** 关闭其他: all but this tab and the home tab. */
export function closeOthers(tabs: Tab[], key: string, activeKey: string): TabsChange {
  if (!tabs.some((tab) => tab.key === key)) return { tabs, activeKey };
  const rest = tabs.filter((tab) => tab.key === key || isHomeTab(tab.key));
  if (rest.length === tabs.length) return { tabs, activeKey };
  return { tabs: rest, activeKey: keepActive(rest, activeKey, key) };
}

/** 刷新: the page remounts. */
export function refreshTab(tabs: Tab[], key: string): Tab[] {
  return tabs.map((tab) => (tab.key === key ? { ...tab, version: tab.version + 1 } : tab));
}

function keepActive(rest: Tab[], activeKey: string, fallback: string): string {
  return rest.some((tab) => tab.key === activeKey) ? activeKey : fallback;
}
