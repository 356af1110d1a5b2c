import { AccountRoute, Msg } from '@sbwq/contracts';
import { ClusterOutlined, DownOutlined, IdcardOutlined, SettingOutlined, SyncOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CurrentUserDeparts } from '../../platform/auth.api.ts';
import { staticUrl } from '../../platform/config.ts';
import { refreshDictCache } from '../../platform/dictCache.ts';
import { useSession } from '../../platform/session.ts';
import { currentUserDepartsKey, fetchCurrentUserDeparts } from '../../platform/useCurrentUserDeparts.ts';
import { DepartSwitchModal } from './user/DepartSwitchModal.tsx';
import { PasswordModal } from '../../components/password/PasswordModal.tsx';
import styles from './UserMenu.module.css';

type MenuKey = 'center' | 'settings' | 'password' | 'depart' | 'cache';

const items: MenuProps['items'] = [
  { key: 'center', icon: <IdcardOutlined />, label: '个人中心' },
  { key: 'settings', icon: <ToolOutlined />, label: '账户设置' },
  { type: 'divider' },
  { key: 'password', icon: <SettingOutlined />, label: '密码修改' },
  { key: 'depart', icon: <ClusterOutlined />, label: '切换部门' },
  { key: 'cache', icon: <SyncOutlined />, label: '清理缓存' },
];

/** The header's user dropdown (spec §2 "User dropdown": 密码修改, 切换部门, 清理缓存; 个人中心 and 账户设置 as stock's, issue #27). */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userInfo = useSession((state) => state.userInfo);
  const storedUsername = useSession((state) => state.username);
  const username = userInfo?.username || storedUsername || '';
  const name = userInfo?.realname || username;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departs, setDeparts] = useState<CurrentUserDeparts | null>(null);

  const handlePassword = () => {
    if (!username) {
      message.warning(Msg.noLoginUser);
      return;
    }
    setPasswordOpen(true);
  };

  // spec §4 "Department dialog: opens after the list loads; with no departments a warning shows and it stays closed".
  const handleDepart = async () => {
    try {
      const data = await queryClient.fetchQuery({ queryKey: currentUserDepartsKey, queryFn: fetchCurrentUserDeparts, staleTime: 0 });
      if (data.list.length === 0) {
        message.warning(Msg.noDeparts);
        return;
      }
      setDeparts(data);
    } catch {
      // the query client told the user (spec §8 notification)
    }
  };

  const handleCache = async () => {
    if (await refreshDictCache()) message.success(Msg.cacheRefreshed);
    else message.warning(Msg.cacheRefreshFailed);
  };

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    const actions: Record<MenuKey, () => void> = {
      center: () => void navigate(AccountRoute.center),
      settings: () => void navigate(AccountRoute.base),
      password: handlePassword,
      depart: () => void handleDepart(),
      cache: () => void handleCache(),
    };
    actions[key as MenuKey]?.();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick: handleClick }} placement="bottomRight" trigger={['click', 'hover']}>
        <button type="button" className={styles.user} aria-label={`当前用户 ${name}`}>
          <Avatar size="small" src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined} icon={<UserOutlined />} />
          {!compact && <span className={styles.userName}>{name}</span>}
          <DownOutlined className={styles.userArrow} />
        </button>
      </Dropdown>
      {passwordOpen && <PasswordModal username={username} onClose={() => setPasswordOpen(false)} />}
      {departs && <DepartSwitchModal departs={departs.list} orgCode={departs.orgCode} username={username} onClose={() => setDeparts(null)} />}
    </>
  );
}
