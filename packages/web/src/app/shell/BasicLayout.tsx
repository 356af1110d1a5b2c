import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@sbwq/contracts';
import { Drawer, Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../PageLoading.tsx';
import { AppHeader } from './AppHeader.tsx';
import { Brand } from './Brand.tsx';
import styles from './BasicLayout.module.css';
import { GlobalFooter } from './GlobalFooter.tsx';
import { setMobileMenuOpen, toggleSidebar, toggleTabletSidebar, useShell } from './shell.store.ts';
import { SideMenu } from './SideMenu.tsx';
import { useDevice } from './useDevice.ts';

/**
 * The signed-in shell (spec §2 "Main layout"): header, side menu (a drawer on phones), content and
 * footer. Tabs, breadcrumb and the settings drawer attach here.
 */
export function BasicLayout() {
  const device = useDevice();
  const { sidebarOpened, tabletSidebarOpened, mobileMenuOpen } = useShell();
  const mobile = device === 'mobile';
  const collapsed = mobile ? !mobileMenuOpen : device === 'tablet' ? !tabletSidebarOpened : !sidebarOpened;

  const handleToggle = () => {
    if (mobile) setMobileMenuOpen(!mobileMenuOpen);
    else if (device === 'tablet') toggleTabletSidebar();
    else toggleSidebar();
  };

  return (
    <Layout className={styles.root}>
      <AppHeader device={device} collapsed={collapsed} onToggle={handleToggle} />
      <Layout>
        {mobile ? (
          <Drawer
            placement="left"
            open={mobileMenuOpen}
            onClose={() => setMobileMenuOpen(false)}
            size={SIDEBAR_WIDTH}
            closable={false}
            title={<Brand />}
            styles={{ header: { padding: '12px 16px' }, body: { padding: 0 } }}
          >
            <SideMenu onNavigate={() => setMobileMenuOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            theme="light"
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
            collapsible
            collapsed={collapsed}
            trigger={null}
            className={styles.sider}
          >
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout className={styles.main}>
          <Layout.Content className={styles.content}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <GlobalFooter />
        </Layout>
      </Layout>
    </Layout>
  );
}
