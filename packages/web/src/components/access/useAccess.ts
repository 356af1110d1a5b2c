import { StorageKey, type AuthItem, type MenuNode } from '@sbwq/contracts';
import { useMemo } from 'react';
import { useInRouterContext, useLocation } from 'react-router';
import { useSession } from '../../platform/session.ts';
import { session } from '../../platform/storage.ts';
import { buttonState, filterColumns, forbiddenColumns, hasButtonPermission, type AccessLists, type ButtonState } from './access.ts';

export type Access = {
  /** spec §6 button permission for a code such as `system:user:add` */
  can: (code: string) => boolean;
  /** shown, shown disabled (authorisation strategy "2") or removed */
  state: (code: string) => ButtonState;
  /** spec §6 column permission: the columns the user may see, for the fields under `prefix` */
  columns: <C extends { dataIndex?: unknown; key?: unknown }>(columns: C[], prefix: string) => C[];
};

function findByPath(nodes: MenuNode[], path: string): MenuNode | null {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findByPath(node.children ?? [], path);
    if (found) return found;
  }
  return null;
}

/** The lists the session stored at the last permission load (platform/session.ts). */
export function readAccessLists(routePermissions: AuthItem[] | null = null): AccessLists {
  return {
    routePermissions,
    auth: session.get<AuthItem[]>(StorageKey.userAuth) ?? [],
    allAuth: session.get<AuthItem[]>(StorageKey.sysAuth) ?? [],
  };
}

/**
 * The stored lists with the `meta.permissionList` of the menu entry the current page was opened from.
 * The lists are rewritten with every permission load, which also replaces the menu: read again then.
 */
function useAccessLists(): AccessLists {
  const menu = useSession((state) => state.menu);
  // A screen is always under the router; a bare component test is not, and has no route entries.
  const pathname = useInRouterContext() ? useLocation().pathname : null;
  return useMemo(() => readAccessLists(menu && pathname ? (findByPath(menu, pathname)?.meta?.permissionList ?? null) : null), [menu, pathname]);
}

/** ant-design-pro's `useAccess()`: what the signed-in user may do on the current page. */
export function useAccess(): Access {
  const lists = useAccessLists();
  return useMemo(
    () => ({
      can: (code) => hasButtonPermission(code, lists),
      state: (code) => buttonState(code, lists),
      columns: (columns, prefix) => filterColumns(columns, forbiddenColumns(prefix, lists)),
    }),
    [lists],
  );
}
