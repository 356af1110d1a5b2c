import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openInNewWindow } from '../../platform/browser.ts';
import { useSession } from '../../platform/session.ts';
import { externalUrlOf, findMenuNode, menuItemsFrom, submenuKeysFor } from './menuItems.tsx';

type Props = { collapsed?: boolean; onNavigate?: () => void };

/** The side menu built from the server menu (spec §2 "Menu"). */
export function SideMenu({ collapsed = false, onNavigate }: Props) {
  const menu = useSession((state) => state.menu);
  const nodes = useMemo(() => menu ?? [], [menu]);
  const items = useMemo(() => menuItemsFrom(nodes), [nodes]);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => submenuKeysFor(nodes, pathname) ?? []);

  // Opening another page opens its submenus without closing the ones the user opened.
  useEffect(() => {
    const keys = submenuKeysFor(nodes, pathname);
    if (keys?.length) setOpenKeys((open) => Array.from(new Set([...open, ...keys])));
  }, [nodes, pathname]);

  const handleClick = ({ key }: { key: string }) => {
    const node = findMenuNode(nodes, key);
    const url = node ? externalUrlOf(node) : null;
    if (url) {
      openInNewWindow(url);
      return;
    }
    onNavigate?.();
    if (key !== pathname) void navigate(key);
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      // A collapsed sidebar shows submenus as popups; the open set is kept to restore on expansion (spec §2).
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={handleClick}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
