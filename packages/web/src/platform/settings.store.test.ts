import { Msg, StorageKey } from '@sbwq/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { local, STORAGE_NAMESPACE } from './storage.ts';
import { changePrimaryColor } from '../app/shell/settings/changePrimaryColor.ts';
import { coupled, defaultSettings, reloadSettings, updateSettings, useSettings } from './settings.store.ts';

const stored = (key: string) => JSON.parse(localStorage.getItem(STORAGE_NAMESPACE + key) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});

describe('§3 settings defaults', () => {
  it('light theme, side menu, Fixed width, nothing fixed or hidden, no colour weak, multipage on, #1890FF', () => {
    expect(useSettings.getState()).toEqual({
      navTheme: 'light',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: false,
      fixSiderbar: false,
      autoHideHeader: false,
      colorWeak: false,
      multipage: true,
      primaryColor: '#1890FF',
      highContrast: false,
      darkMode: false,
    });
  });

  it('§3 every setting persists under its JeecgBoot local-storage key, without expiry', () => {
    updateSettings({ navTheme: 'dark', layout: 'topmenu', contentWidth: 'Fluid', colorWeak: true, multipage: false });
    updateSettings({ fixedHeader: true, autoHideHeader: true });
    expect(stored(StorageKey.theme)).toEqual({ value: 'dark', expire: null });
    expect(stored('DEFAULT_THEME').value).toBe('dark');
    expect(stored('DEFAULT_LAYOUT_MODE').value).toBe('topmenu');
    expect(stored('DEFAULT_CONTENT_WIDTH_TYPE').value).toBe('Fluid');
    expect(stored('DEFAULT_COLOR_WEAK').value).toBe(true);
    expect(stored('DEFAULT_MULTI_PAGE').value).toBe(false);
    expect(stored('DEFAULT_FIXED_HEADER').value).toBe(true);
    expect(stored('DEFAULT_FIXED_HEADER_HIDDEN').value).toBe(true);
    updateSettings({ highContrast: true });
    expect(stored('DEFAULT_HIGH_CONTRAST')).toEqual({ value: true, expire: null });
    reloadSettings();
    expect(useSettings.getState()).toMatchObject({ navTheme: 'dark', layout: 'topmenu', fixedHeader: true, autoHideHeader: true, highContrast: true });
  });

  it('stored values of the wrong kind fall back to the defaults', () => {
    local.set(StorageKey.theme, 'purple', null);
    local.set(StorageKey.color, 'red', null);
    local.set(StorageKey.multipage, 'yes', null);
    reloadSettings();
    expect(useSettings.getState()).toEqual(defaultSettings);
  });
});

describe('§4 settings coupling', () => {
  it('§4 turning fixed header off turns auto-hide off', () => {
    updateSettings({ fixedHeader: true, autoHideHeader: true });
    updateSettings({ fixedHeader: false });
    expect(useSettings.getState()).toMatchObject({ fixedHeader: false, autoHideHeader: false });
    expect(stored(StorageKey.autoHideHeader).value).toBe(false);
  });

  it('§4 auto-hide needs a fixed header', () => {
    updateSettings({ autoHideHeader: true });
    expect(useSettings.getState().autoHideHeader).toBe(false);
  });

  it('§4 the fixed sidebar is forced off in top-menu layout', () => {
    updateSettings({ layout: 'topmenu' });
    updateSettings({ fixSiderbar: true });
    expect(useSettings.getState().fixSiderbar).toBe(false);
  });

  it('§4 the fixed sidebar is turned off on every layout change', () => {
    updateSettings({ fixSiderbar: true });
    expect(useSettings.getState().fixSiderbar).toBe(true);
    updateSettings({ layout: 'topmenu' });
    updateSettings({ layout: 'sidemenu' });
    expect(useSettings.getState()).toMatchObject({ layout: 'sidemenu', fixSiderbar: false });
    expect(stored(StorageKey.fixSiderbar).value).toBe(false);
  });

  it('§4 choosing the same layout again is no change', () => {
    expect(coupled({ ...defaultSettings, fixSiderbar: true }, { layout: 'sidemenu' }).fixSiderbar).toBe(true);
  });

  it('§4 coupling also holds for stored values (an old client may have written any combination)', () => {
    local.set(StorageKey.layout, 'topmenu', null);
    local.set(StorageKey.fixSiderbar, true, null);
    local.set(StorageKey.autoHideHeader, true, null);
    reloadSettings();
    expect(useSettings.getState()).toMatchObject({ fixSiderbar: false, autoHideHeader: false });
  });
});

describe('§4 theme colour change', () => {
  const notices = () => {
    const open = vi.fn();
    return { open, texts: () => open.mock.calls.map(([config]) => [config.type, config.content, config.duration]) };
  };

  it('shows 正在编译主题！ while the new colour applies, then stores it and lets the notice go', () => {
    const message = notices();
    let painted: () => void = () => undefined;
    changePrimaryColor('#722ED1', message as never, (done) => (painted = done));
    expect(message.texts()).toEqual([['loading', Msg.compilingTheme, 0]]);
    expect(useSettings.getState().primaryColor).toBe('#722ED1');
    expect(stored(StorageKey.color)).toEqual({ value: '#722ED1', expire: null });
    painted();
    // the same notice (one key), now timed
    expect(message.open.mock.calls[1][0]).toMatchObject({ key: message.open.mock.calls[0][0].key, type: 'loading' });
    expect(message.open.mock.calls[1][0].duration).toBeGreaterThan(0);
  });

  it('§8 a colour that cannot be applied shows Failed to update theme and keeps the old one', () => {
    const message = notices();
    changePrimaryColor('not-a-colour', message as never, () => undefined);
    expect(message.texts()[1]).toEqual(['error', 'Failed to update theme', 3]);
    expect(useSettings.getState().primaryColor).toBe('#1890FF');
  });
});
