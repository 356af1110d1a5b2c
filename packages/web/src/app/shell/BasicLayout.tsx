import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@sbwq/contracts';
import { Drawer, Layout } from 'antd';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useContext, useEffect, useRef } from 'react';
import { queryClient } from '../queryClient.ts';
import { AppHeader } from './AppHeader.tsx';
import { Brand } from './Brand.tsx';
import styles from './BasicLayout.module.css';
import { GlobalFooter } from './GlobalFooter.tsx';
import { PageBreadcrumb } from './PageBreadcrumb.tsx';
import { SettingDrawer } from './settings/SettingDrawer.tsx';
import { useSettings } from '../../platform/settings.store.ts';
import { setMobileMenuOpen, setSidebarOpened, toggleSidebar, useShell } from './shell.store.ts';
import { SideMenu } from './SideMenu.tsx';
import brandStyles from './SiderBrand.module.css';
import { MultiTab } from './tabs/MultiTab.tsx';
import { PageHost } from './tabs/PageHost.tsx';
import { useAutoHideHeader } from './useAutoHideHeader.ts';
import { useDevice } from '../../platform/useDevice.ts';

// Dates are shown and picked only in the signed-in app, so the login page does not load dayjs.
dayjs.locale('zh-cn');

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The signed-in shell (spec §2 "Main layout"): side menu (a drawer on mobile) or top menu, header,
 * tabs, breadcrumb, content and footer, arranged by the settings drawer (spec §3, §4).
 * The query cache comes with it, not with the login page; a test that brings its own
 * client keeps it.
 */
export function BasicLayout() {
  const outer = useContext(QueryClientContext);
  if (outer) return <Shell />;
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const device = useDevice();
  const settings = useSettings();
  const sidebarOpened = useShell((state) => state.sidebarOpened);
  const mobileMenuOpen = useShell((state) => state.mobileMenuOpen);
  const mobile = device === 'mobile';
  const sidemenu = settings.layout === 'sidemenu';
  const collapsed = mobile ? !mobileMenuOpen : !sidebarOpened;
  const tabsEnabled = settings.multipage && !mobile;
  const headerVisible = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const fixedWidth = !mobile && !sidemenu && settings.contentWidth === 'Fixed';
  const dark = settings.navTheme === 'dark';

  // spec §4 "Device": entering mobile closes the menu; back on desktop the sidebar opens.
  const lastDevice = useRef(device);
  useEffect(() => {
    if (lastDevice.current === device) return;
    lastDevice.current = device;
    setMobileMenuOpen(false);
    if (device === 'desktop') setSidebarOpened(true);
  }, [device]);

  const handleToggle = () => (mobile ? setMobileMenuOpen(!mobileMenuOpen) : toggleSidebar());

  return (
    <Layout
      className={styles.root}
      hasSider={!mobile && sidemenu}
      data-layout={settings.layout}
      data-theme={settings.navTheme}
      data-content-width={settings.contentWidth}
      data-device={device}
    >
      {mobile ? (
        <Drawer
          placement="left"
          open={mobileMenuOpen}
          onClose={() => setMobileMenuOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          title={<Brand theme={settings.navTheme} />}
          className={dark ? styles.darkDrawer : undefined}
          styles={{ header: { padding: '12px 16px' }, body: { padding: 0 } }}
        >
          <SideMenu theme={settings.navTheme} onNavigate={() => setMobileMenuOpen(false)} />
        </Drawer>
      ) : (
        sidemenu && (
          <Layout.Sider
            theme={settings.navTheme}
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
            collapsible
            collapsed={collapsed}
            trigger={null}
            className={cx(styles.sider, settings.fixSiderbar && styles.siderFixed)}
            data-fixed={settings.fixSiderbar || undefined}
          >
            <Brand className={cx(brandStyles.brand, collapsed && brandStyles.collapsed)} collapsed={collapsed} theme={settings.navTheme} />
            <SideMenu collapsed={collapsed} theme={settings.navTheme} />
          </Layout.Sider>
        )
      )}
      <Layout className={styles.main}>
        <AppHeader device={device} settings={settings} collapsed={collapsed} visible={headerVisible} onToggle={handleToggle} />
        {tabsEnabled && (
          <div className={cx(styles.tabs, fixedWidth && styles.fixedWidth)}>
            <MultiTab />
          </div>
        )}
        <Layout.Content className={styles.content}>
          <div className={cx(fixedWidth && styles.fixedWidth)}>
            <PageBreadcrumb />
            {/* the tabs are kept while the bar is hidden below its breakpoint, so widening again shows them all */}
            <PageHost tabsEnabled={settings.multipage} />
          </div>
        </Layout.Content>
        <GlobalFooter />
      </Layout>
      <SettingDrawer />
    </Layout>
  );
}
