import { StorageKey } from '@sbwq/contracts';
import { create } from 'zustand';
import { local } from '../../platform/storage.ts';

/** Shell preferences (spec §3 settings: sidebar opened by default), kept without expiry like JeecgBoot's. */
type ShellState = {
  sidebarOpened: boolean;
  /** On tablets the sidebar starts closed whatever the stored preference (spec §4 "Device"). */
  tabletSidebarOpened: boolean;
  mobileMenuOpen: boolean;
};

export const useShell = create<ShellState>()(() => ({
  sidebarOpened: local.get<boolean>(StorageKey.sidebarType) ?? true,
  tabletSidebarOpened: false,
  mobileMenuOpen: false,
}));

export function toggleTabletSidebar(): void {
  useShell.setState((state) => ({ tabletSidebarOpened: !state.tabletSidebarOpened }));
}

export function toggleSidebar(): void {
  const sidebarOpened = !useShell.getState().sidebarOpened;
  local.set(StorageKey.sidebarType, sidebarOpened, null);
  useShell.setState({ sidebarOpened });
}

export function setMobileMenuOpen(mobileMenuOpen: boolean): void {
  useShell.setState({ mobileMenuOpen });
}
