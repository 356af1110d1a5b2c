import { Menu } from 'antd';
import type { NavTheme } from '../../platform/settings.store.ts';
import { useMenuNavigation } from './useMenuNavigation.ts';

/** The top-menu layout's menu (spec §2 "side menu … or top menu"): submenus open as dropdowns. */
export function TopMenu({ theme }: { theme: NavTheme }) {
  const { items, pathname, handleClick } = useMenuNavigation();
  return (
    <Menu
      mode="horizontal"
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      onClick={handleClick}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent', lineHeight: '54px' }}
    />
  );
}
