import { DEFAULT_PRIMARY_COLOR, StorageKey } from '@sbwq/contracts';
import { create } from 'zustand';
import { local } from './storage.ts';

/**
 * The settings drawer's preferences (spec §3 "Settings defaults", §4 "Settings coupling"), each kept
 * under its JeecgBoot local-storage key without expiry, as JeecgBoot's `Vue.ls.set(key, value)` does.
 */
export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export type Settings = {
  navTheme: NavTheme;
  layout: LayoutMode;
  /** Only matters in the top-menu layout (as in ant-design-pro). */
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  colorWeak: boolean;
  multipage: boolean;
  primaryColor: string;
  /** Our own addition (JeecgBoot has none): every colour darkened until text meets WCAG 2.1 AA. */
  highContrast: boolean;
  /** Our own addition too (issue 36): the whole app on dark surfaces, its text at WCAG 2.1 AA. */
  darkMode: boolean;
};

export const defaultSettings: Settings = {
  navTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multipage: true,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  highContrast: false,
  darkMode: false,
};

/** Named as JeecgBoot names its settings keys, though JeecgBoot has no such setting. */
export const HIGH_CONTRAST_KEY = 'DEFAULT_HIGH_CONTRAST';
/** Likewise for the dark theme. */
export const DARK_MODE_KEY = 'DEFAULT_DARK_MODE';

export const settingKeys: Record<keyof Settings, string> = {
  navTheme: StorageKey.theme,
  layout: StorageKey.layout,
  contentWidth: StorageKey.contentWidth,
  fixedHeader: StorageKey.fixedHeader,
  fixSiderbar: StorageKey.fixSiderbar,
  autoHideHeader: StorageKey.autoHideHeader,
  colorWeak: StorageKey.colorWeak,
  multipage: StorageKey.multipage,
  primaryColor: StorageKey.color,
  highContrast: HIGH_CONTRAST_KEY,
  darkMode: DARK_MODE_KEY,
};

const COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export function isColor(value: unknown): value is string {
  return typeof value === 'string' && COLOR_PATTERN.test(value);
}

const valid: { [K in keyof Settings]: (value: unknown) => value is Settings[K] } = {
  navTheme: (v): v is NavTheme => v === 'dark' || v === 'light',
  layout: (v): v is LayoutMode => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v): v is ContentWidth => v === 'Fixed' || v === 'Fluid',
  fixedHeader: (v): v is boolean => typeof v === 'boolean',
  fixSiderbar: (v): v is boolean => typeof v === 'boolean',
  autoHideHeader: (v): v is boolean => typeof v === 'boolean',
  colorWeak: (v): v is boolean => typeof v === 'boolean',
  multipage: (v): v is boolean => typeof v === 'boolean',
  primaryColor: isColor,
  highContrast: (v): v is boolean => typeof v === 'boolean',
  darkMode: (v): v is boolean => typeof v === 'boolean',
};

/**
 * spec §4 "Settings coupling", applied to a requested change:
 * - turning fixed header off turns hide-header-on-scroll off (and it can only be on with a fixed header);
 * - the fixed sidebar is forced off in the top-menu layout and on every layout change.
 */
export function coupled(current: Settings, change: Partial<Settings>): Settings {
  const next = { ...current, ...change };
  if (change.layout !== undefined && change.layout !== current.layout) next.fixSiderbar = false;
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (!next.fixedHeader) next.autoHideHeader = false;
  return next;
}

/** Stored values that are missing or not of the expected kind fall back to the spec §3 defaults. */
export function readSettings(): Settings {
  const stored = { ...defaultSettings };
  for (const key of Object.keys(settingKeys) as (keyof Settings)[]) {
    const value = local.get<unknown>(settingKeys[key]);
    if (valid[key](value)) (stored as Record<keyof Settings, unknown>)[key] = value;
  }
  return coupled(stored, {});
}

export const useSettings = create<Settings>()(() => readSettings());

/** Changes settings with the §4 coupling and persists every value that changed. */
export function updateSettings(change: Partial<Settings>): Settings {
  const current = useSettings.getState();
  const next = coupled(current, change);
  for (const key of Object.keys(settingKeys) as (keyof Settings)[]) {
    if (next[key] !== current[key] || key in change) local.set(settingKeys[key], next[key], null);
  }
  useSettings.setState(next, true);
  return next;
}

/** Sets the primary colour; throws for anything that is not a #rrggbb colour (spec §8 "Theme failure"). */
export function setPrimaryColor(color: string): void {
  if (!isColor(color)) throw new Error(`not a colour: ${color}`);
  updateSettings({ primaryColor: color.toUpperCase() });
}

/** Test hook: re-read the stored settings. */
export function reloadSettings(): void {
  useSettings.setState(readSettings(), true);
}
