import { WELCOME_TEXT } from '@sbwq/contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import styles from './AppHeader.module.css';
import { Brand } from './Brand.tsx';
import type { Device } from './useDevice.ts';
import { UserMenu } from './UserMenu.tsx';

type Props = { device: Device; collapsed: boolean; onToggle: () => void };

/** spec §2 "Main layout" header: logo linking to the dashboard, welcome text, user dropdown. */
export function AppHeader({ device, collapsed, onToggle }: Props) {
  const mobile = device === 'mobile';
  return (
    <Layout.Header className={styles.header}>
      <Brand className={styles.brand} />
      <button
        type="button"
        className={styles.trigger}
        onClick={onToggle}
        aria-label={collapsed ? '展开菜单' : '收起菜单'}
      >
        {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      </button>
      {device === 'desktop' && <span className={styles.welcome}>{WELCOME_TEXT}</span>}
      <div className={styles.right}>
        <UserMenu compact={mobile} />
      </div>
    </Layout.Header>
  );
}
