import { LOGIN_PATH, Msg } from '@sbwq/contracts';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { loadPage } from '../../platform/browser.ts';
import { staticUrl } from '../../platform/config.ts';
import { logout, useSession } from '../../platform/session.ts';
import styles from './UserMenu.module.css';

/** The header's user dropdown (spec §2 "User dropdown"); more entries arrive with their dialogs. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { modal } = App.useApp();
  const userInfo = useSession((state) => state.userInfo);
  const username = useSession((state) => state.username);
  const name = userInfo?.realname || userInfo?.username || username || '';

  const handleLogout = () => {
    modal.confirm({
      title: '提示',
      content: Msg.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        loadPage(LOGIN_PATH);
      },
    });
  };

  const items: MenuProps['items'] = [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录' }];

  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => key === 'logout' && handleLogout() }}
      placement="bottomRight"
      trigger={['click', 'hover']}
    >
      <button type="button" className={styles.user} aria-label={`当前用户 ${name}`}>
        <Avatar size="small" src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined} icon={<UserOutlined />} />
        {!compact && <span className={styles.userName}>{name}</span>}
        <DownOutlined className={styles.userArrow} />
      </button>
    </Dropdown>
  );
}
