import { Menu } from 'antd';
import { useState } from 'react';
import type { NavTheme } from '../../platform/settings.store.ts';
import { submenuKeysFor } from './menuItems.tsx';
import { useMenuNavigation } from './useMenuNavigation.ts';

type Props = { collapsed?: boolean; theme?: NavTheme; onNavigate?: () => void };

/** The side menu built from the server menu (spec §2 "Menu"). */
export function SideMenu({ collapsed = false, theme = 'light', onNavigate }: Props) {
  const { nodes, items, pathname, handleClick } = useMenuNavigation(onNavigate);
  const [openKeys, setOpenKeys] = useState<string[]>(() => submenuKeysFor(nodes, pathname) ?? []);

  // Opening another page opens its submenus without closing the ones the user opened.
  const [seen, setSeen] = useState({ nodes, pathname });
  if (seen.nodes !== nodes || seen.pathname !== pathname) {
    setSeen({ nodes, pathname });
    const keys = submenuKeysFor(nodes, pathname);
    if (keys?.length) setOpenKeys((open) => Array.from(new Set([...open, ...keys])));
  }

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      // A collapsed sidebar shows submenus as popups; the open set is kept to restore on expansion (spec §2).
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={handleClick}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
