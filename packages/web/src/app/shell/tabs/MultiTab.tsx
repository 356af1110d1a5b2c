import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, EllipsisOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { memo, useCallback, useContext, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router';
import { fullPathOf, useRememberedTitle } from '../../../platform/pageTitle.ts';
import styles from './MultiTab.module.css';
import { closeLeft, closeOthers, closeRight, closeTab, type Tab, type TabsChange } from './tabs.rules.ts';
import { applyTabsChange, reloadTab, useTabs } from './tabs.store.ts';

const contextItems: MenuProps['items'] = [
  { key: 'reload', icon: <ReloadOutlined />, label: '刷新' },
  { key: 'closeLeft', icon: <ArrowLeftOutlined />, label: '关闭左侧' },
  { key: 'closeRight', icon: <ArrowRightOutlined />, label: '关闭右侧' },
  { key: 'closeOthers', icon: <CloseOutlined />, label: '关闭其他' },
];

type Action = 'reload' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers';

/**
 * The tab bar of multi-page mode (spec §2 "Tabs"): one tab per visited page; × closes (not the home
 * tab, not the last one); the right-click menu refreshes or closes to the left, right or all others.
 *
 * By keyboard (WAI-ARIA tabs pattern): Tab reaches the current tab, ←/→ move between tabs, Enter opens
 * one, Delete closes it, Shift+F10 (or the menu key) opens its menu. A tablist may hold only tabs: the
 * × is drawn inside the tab's label and hidden from assistive technology (Delete does its work), and
 * antd's 更多页签 button (shown when the tabs overflow) is left outside the list's role.
 */
export function MultiTab() {
  const tabs = useTabs((state) => state.tabs);
  const reloadingKey = useTabs((state) => state.reloadingKey);
  const activeKey = fullPathOf(useLocation());
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const navigate = useNavigate();
  const { message } = App.useApp();

  /*
   * The router commits a finished navigation to React in a transition, so a click can arrive while
   * this render still shows the previous page; closing must act on the page the router is on now.
   */
  const liveKey = () => (dataRouter ? fullPathOf(dataRouter.router.state.location) : activeKey);

  const apply = (change: TabsChange, current: string) => {
    if (change.warning) {
      message.warning(change.warning);
      return;
    }
    applyTabsChange(change);
    if (change.activeKey !== current) void navigate(change.activeKey);
  };

  const handleAction = (tab: Tab, action: Action) => {
    const current = liveKey();
    const tabs = useTabs.getState().tabs;
    switch (action) {
      case 'reload':
        if (tab.key !== current) void navigate(tab.key);
        reloadTab(tab.key);
        return;
      case 'close':
        apply(closeTab(tabs, tab.key, current), current);
        return;
      case 'closeLeft':
        apply(closeLeft(tabs, tab.key, current), current);
        return;
      case 'closeRight':
        apply(closeRight(tabs, tab.key, current), current);
        return;
      case 'closeOthers':
        apply(closeOthers(tabs, tab.key, current), current);
        return;
    }
  };

  // Labels are memoised: hand them a callback that never changes.
  const actionRef = useRef(handleAction);
  useLayoutEffect(() => {
    actionRef.current = handleAction;
  });
  const onAction = useCallback((tab: Tab, action: Action) => actionRef.current(tab, action), []);

  const barRef = useRef<HTMLDivElement>(null);
  // rc-tabs puts role=tablist on the whole bar, 更多页签 button included; the list of tabs is the list.
  useLayoutEffect(() => {
    const nav = barRef.current?.querySelector('.ant-tabs-nav');
    const list = nav?.querySelector('.ant-tabs-nav-list');
    if (!nav || !list || list.getAttribute('role') === 'tablist') return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', 'horizontal');
    list.setAttribute('aria-label', '已打开的页面');
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') !== 'tab') return;
    const all = Array.from(barRef.current?.querySelectorAll('[role="tab"]') ?? []);
    const tab = useTabs.getState().tabs[all.indexOf(target)];
    if (!tab) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // the focused tab may be gone: focus follows to the tab to be shown, found by its place in the new
      // list (its aria-selected waits for the navigation, which may still be loading that screen)
      const next = closeTab(useTabs.getState().tabs, tab.key, liveKey()).activeKey;
      onAction(tab, 'close');
      requestAnimationFrame(() => {
        const at = useTabs.getState().tabs.findIndex((t) => t.key === next);
        barRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[at]?.focus();
      });
    } else if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      const label = target.querySelector('[data-tab-label]');
      const box = label?.getBoundingClientRect();
      if (label && box) {
        label.dispatchEvent(new window.MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: box.left, clientY: box.bottom }));
      }
    }
  };

  return (
    <div className={styles.bar} ref={barRef} onKeyDown={handleKeyDown}>
      <Tabs
        type="card"
        size="small"
        activeKey={activeKey}
        onChange={(key) => key !== activeKey && void navigate(key)}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: <TabLabel tab={tab} reloading={tab.key === reloadingKey} onAction={onAction} />,
        }))}
        tabBarStyle={{ margin: 0 }}
        more={{ icon: <EllipsisOutlined aria-label="更多页签" /> }}
        locale={{ dropdownAriaLabel: '更多页签' }}
      />
    </div>
  );
}

type TabLabelProps = { tab: Tab; reloading: boolean; onAction: (tab: Tab, action: Action) => void };

const TabLabel = memo(function TabLabel({ tab, reloading, onAction }: TabLabelProps) {
  const title = useRememberedTitle(tab.key) ?? tab.title;
  const handleClose = (event: MouseEvent) => {
    // not also a click on the tab, which would open the page being closed
    event.stopPropagation();
    onAction(tab, 'close');
  };
  return (
    <>
      <Dropdown
        trigger={['contextMenu']}
        autoFocus
        menu={{
          items: contextItems,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onAction(tab, key as Action);
          },
        }}
      >
        <span className={reloading ? `${styles.label} ${styles.reloading}` : styles.label} data-reloading={reloading || undefined} data-tab-label>
          {title}
        </span>
      </Dropdown>
      <span className={styles.close} aria-hidden data-tab-close title="关闭（Delete）" onClick={handleClose}>
        <CloseOutlined />
      </span>
    </>
  );
});
