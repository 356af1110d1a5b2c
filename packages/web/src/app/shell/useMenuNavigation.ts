import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openInNewWindow } from '../../platform/browser.ts';
import { useSession } from '../../platform/session.ts';
import { externalUrlOf, findMenuNode, menuItemsFrom } from './menuItems.tsx';

/** What the side and the top menu share: items from the server menu, the selected page, and clicks. */
export function useMenuNavigation(onNavigate?: () => void) {
  const menu = useSession((state) => state.menu);
  const nodes = useMemo(() => menu ?? [], [menu]);
  const items = useMemo(() => menuItemsFrom(nodes), [nodes]);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const handleClick = ({ key }: { key: string }) => {
    const node = findMenuNode(nodes, key);
    const url = node ? externalUrlOf(node) : null;
    if (url) {
      // spec §2 "An item with a target opens as an external link"
      openInNewWindow(url);
      return;
    }
    onNavigate?.();
    if (key !== pathname) void navigate(key);
  };

  return { nodes, items, pathname, handleClick };
}
