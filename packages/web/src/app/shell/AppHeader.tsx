import { WELCOME_TEXT } from '@sbwq/contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import styles from './AppHeader.module.css';
import { Brand } from './Brand.tsx';
import { LogoutLink } from './LogoutLink.tsx';
import { NoticeBell } from './notice/NoticeBell.tsx';
import { TodoEntry } from './notice/TodoEntry.tsx';
import type { Settings } from '../../platform/settings.store.ts';
import { setSettingsOpen } from './shell.store.ts';
import { TopMenu } from './TopMenu.tsx';
import type { Device } from '../../platform/useDevice.ts';
import { UserMenu } from './UserMenu.tsx';

type Props = {
  device: Device;
  settings: Pick<Settings, 'layout' | 'navTheme' | 'contentWidth' | 'fixedHeader'>;
  collapsed: boolean;
  /** false while auto-hidden after scrolling (spec §4) */
  visible: boolean;
  onToggle: () => void;
};

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * spec §2 "Main layout" header: the logo linking to the dashboard, the welcome text (side-menu
 * layout) or the top menu, 待审批 (what waits for the user's decision), the notice bell, the user dropdown, 退出登录 and the settings button.
 */
export function AppHeader({ device, settings, collapsed, visible, onToggle }: Props) {
  const mobile = device === 'mobile';
  const topmenu = settings.layout === 'topmenu' && !mobile;
  const dark = topmenu && settings.navTheme === 'dark';
  return (
    <Layout.Header
      className={cx(styles.header, settings.fixedHeader && styles.fixed, !visible && styles.hidden, dark && styles.dark)}
      data-fixed={settings.fixedHeader || undefined}
      aria-hidden={!visible || undefined}
    >
      <div className={cx(styles.inner, topmenu && settings.contentWidth === 'Fixed' && styles.fixedWidth)}>
        {mobile && <Brand className={styles.mobileBrand} compact />}
        {topmenu && <Brand className={styles.topBrand} theme={settings.navTheme} />}
        {!topmenu && (
          <button type="button" className={styles.trigger} onClick={onToggle} aria-label={collapsed ? '展开菜单' : '收起菜单'}>
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </button>
        )}
        {topmenu ? <TopMenu theme={settings.navTheme} /> : !mobile && <span className={styles.welcome}>{WELCOME_TEXT}</span>}
        <div className={styles.right}>
          <TodoEntry />
          <NoticeBell />
          <UserMenu compact={mobile} />
          <LogoutLink compact={mobile} />
          <button type="button" className={styles.action} onClick={() => setSettingsOpen(true)} aria-label="系统设置" title="系统设置">
            <SettingOutlined />
          </button>
        </div>
      </div>
    </Layout.Header>
  );
}
