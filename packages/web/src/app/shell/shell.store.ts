import { StorageKey } from '@sbwq/contracts';
import { create } from 'zustand';
import { local } from '../../platform/storage.ts';

/** Shell state: the sidebar (spec §3 "sidebar opened" by default, kept without expiry as JeecgBoot's) and the mobile drawer. */
type ShellState = {
  sidebarOpened: boolean;
  mobileMenuOpen: boolean;
  settingsOpen: boolean;
};

export const useShell = create<ShellState>()(() => ({
  sidebarOpened: local.get<boolean>(StorageKey.sidebarType) ?? true,
  mobileMenuOpen: false,
  settingsOpen: false,
}));

export function setSidebarOpened(sidebarOpened: boolean): void {
  local.set(StorageKey.sidebarType, sidebarOpened, null);
  useShell.setState({ sidebarOpened });
}

export function toggleSidebar(): void {
  setSidebarOpened(!useShell.getState().sidebarOpened);
}

export function setMobileMenuOpen(mobileMenuOpen: boolean): void {
  useShell.setState({ mobileMenuOpen });
}

export function setSettingsOpen(settingsOpen: boolean): void {
  useShell.setState({ settingsOpen });
}
