import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { memo, useCallback, useContext, useLayoutEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router';
import { fullPathOf, useRememberedTitle } from '../../../platform/pageTitle.ts';
import styles from './MultiTab.module.css';
import { closeLeft, closeOthers, closeRight, closeTab, type Tab, type TabsChange } from './tabs.rules.ts';
import { applyTabsChange, reloadTab, useTabs } from './tabs.store.ts';

type Action = 'reload' | 'closeLeft' | 'closeRight' | 'closeOthers';

const contextItems: MenuProps['items'] = [
  { key: 'reload', icon: <ReloadOutlined />, label: '刷新' },
  { key: 'closeLeft', icon: <ArrowLeftOutlined />, label: '关闭左侧' },
  { key: 'closeRight', icon: <ArrowRightOutlined />, label: '关闭右侧' },
  { key: 'closeOthers', icon: <CloseOutlined />, label: '关闭其他' },
];

/**
 * The tab bar of multi-page mode (spec §2 "Tabs"): one tab per visited page; × closes (not the home
 * tab, not the last one); the right-click menu refreshes or closes to the left, right or all others.
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

  return (
    <div className={styles.bar}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => key !== activeKey && void navigate(key)}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          const current = liveKey();
          apply(closeTab(useTabs.getState().tabs, key, current), current);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: true,
          label: <TabLabel tab={tab} reloading={tab.key === reloadingKey} onAction={onAction} />,
        }))}
        tabBarStyle={{ margin: 0 }}
        locale={{ removeAriaLabel: '关闭', dropdownAriaLabel: '更多页签', addAriaLabel: '新增' }}
      />
    </div>
  );
}

type TabLabelProps = { tab: Tab; reloading: boolean; onAction: (tab: Tab, action: Action) => void };

const TabLabel = memo(function TabLabel({ tab, reloading, onAction }: TabLabelProps) {
  const title = useRememberedTitle(tab.key) ?? tab.title;
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{ items: contextItems, onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        onAction(tab, key as Action);
      } }}
    >
      <span className={reloading ? `${styles.label} ${styles.reloading}` : styles.label} data-reloading={reloading || undefined}>
        {title}
      </span>
    </Dropdown>
  );
});
