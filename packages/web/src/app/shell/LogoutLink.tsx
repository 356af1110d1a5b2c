import { Msg } from '@sbwq/contracts';
import { LogoutOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { loadPage } from '../../platform/browser.ts';
import { logout } from '../../platform/session.ts';
import { afterLogoutUrl } from '../../platform/sso.ts';
import styles from './AppHeader.module.css';

/** spec §2 "A separate 退出登录 link asks 真的要注销登录吗 ?", then logs out as §4 says. */
export function LogoutLink({ compact = false }: { compact?: boolean }) {
  const { modal } = App.useApp();

  const handleLogout = () => {
    modal.confirm({
      title: '提示',
      content: Msg.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // a session from CAS ends the CAS session too (spec §4 "CAS logout")
        const next = afterLogoutUrl();
        await logout();
        loadPage(next);
      },
    });
  };

  return (
    <button type="button" className={styles.action} onClick={handleLogout} aria-label="退出登录" title="退出登录">
      <LogoutOutlined />
      {!compact && <span>退出登录</span>}
    </button>
  );
}
