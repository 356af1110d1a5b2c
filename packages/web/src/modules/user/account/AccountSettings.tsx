import { AccountRoute } from '@sbwq/contracts';
import { Card, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDevice } from '../../../platform/useDevice.ts';
import styles from './AccountSettings.module.css';

/** The groups of 账户设置, in stock JeecgBoot's order (spec §2: base, security, notification, custom). */
export const SETTING_GROUPS = [
  { key: 'base', path: AccountRoute.base, label: '基本设置' },
  { key: 'security', path: AccountRoute.security, label: '安全设置' },
  { key: 'binding', path: AccountRoute.binding, label: '账号绑定' },
  { key: 'notification', path: AccountRoute.notification, label: '新消息通知' },
  { key: 'custom', path: AccountRoute.custom, label: '个性化' },
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number]['key'];

/** 账户设置's frame: the groups on the left (on a phone, above), the chosen group's panel on the right. */
export function AccountSettingsLayout({ group, children }: { group: SettingGroup; children: ReactNode }) {
  const navigate = useNavigate();
  const mobile = useDevice() === 'mobile';
  const title = SETTING_GROUPS.find((g) => g.key === group)?.label;
  return (
    <Card styles={{ body: { padding: mobile ? 12 : '16px 0' } }}>
      <div className={styles.layout}>
        <nav className={styles.menu} aria-label="账户设置">
          <Menu
            mode={mobile ? 'horizontal' : 'inline'}
            selectedKeys={[group]}
            items={SETTING_GROUPS.map((g) => ({ key: g.key, label: g.label }))}
            onClick={({ key }) => void navigate(SETTING_GROUPS.find((g) => g.key === key)!.path)}
          />
        </nav>
        <section className={styles.panel} aria-labelledby="account-settings-title">
          <h2 id="account-settings-title" className={styles.title}>
            {title}
          </h2>
          {children}
        </section>
      </div>
    </Card>
  );
}
