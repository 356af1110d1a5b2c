import type { MenuNode } from '@sbwq/contracts';
import type { MenuProps } from 'antd';
import { isExternalEntry, resolveMenuUrl } from '../routes/menuRoutes.ts';
import { IconByName } from '../../components/icon/icons.tsx';

export type MenuItem = Required<MenuProps>['items'][number];

/**
 * spec §2 "Menu": non-hidden items; items with children become submenus; an alwaysShow item stays a
 * single entry; a parent whose children are all hidden is hidden (spec §3). Keys are route paths.
 */
export function menuItemsFrom(nodes: MenuNode[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const node of nodes) {
    if (node.hidden || node.route === '0') continue;
    const label = node.meta?.title ?? node.name;
    const icon = node.meta?.icon ? <IconByName name={node.meta.icon} /> : undefined;
    const hasChildren = (node.children?.length ?? 0) > 0;
    if (hasChildren && !node.alwaysShow) {
      const children = menuItemsFrom(node.children ?? []);
      if (children.length === 0) continue;
      items.push({ key: node.path, label, icon, children });
      continue;
    }
    items.push({ key: node.path, label, icon });
  }
  return items;
}

/** Finds a menu entry by the key (path) antd hands back on click. */
export function findMenuNode(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findMenuNode(node.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

/** Paths of the submenus above `path`, to open them for the current page. */
export function submenuKeysFor(nodes: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.path === path) return trail;
    const found = submenuKeysFor(node.children ?? [], path, [...trail, node.path]);
    if (found) return found;
  }
  return null;
}

/** spec §2 "An item with a target opens as an external link". */
export function externalUrlOf(node: MenuNode): string | null {
  if (!isExternalEntry(node)) return null;
  return resolveMenuUrl(node.meta.url || node.path);
}
