import { DEFAULT_API_BASE } from '@sbwq/contracts';

/** Deployment settings the server answers at /app-config.js (loaded before the app, as CSP forbids inline scripts). */
export type FooterConfig = {
  copyright: string;
  organiser: string;
  phone: string;
  email: string;
  icp: string;
};

export type AppConfig = {
  apiBase: string;
  staticDomain: string;
  footer: FooterConfig;
};

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<Omit<AppConfig, 'footer'>> & { footer?: Partial<FooterConfig> };
  }
}

const defaults: AppConfig = {
  apiBase: DEFAULT_API_BASE,
  staticDomain: `${DEFAULT_API_BASE}/sys/common/static`,
  footer: { copyright: '', organiser: '', phone: '', email: '', icp: '' },
};

/** Read on every call, not cached at import, so tests can set `window.__APP_CONFIG__` per case. */
export function appConfig(): AppConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  return {
    apiBase: trimSlash(raw?.apiBase || defaults.apiBase),
    staticDomain: trimSlash(raw?.staticDomain || defaults.staticDomain),
    footer: { ...defaults.footer, ...raw?.footer },
  };
}

/** spec §7: static file URLs are the static domain plus the path, unless the path already starts with http. */
export function staticUrl(path: string): string {
  if (/^https?:/i.test(path)) return path;
  return `${appConfig().staticDomain}/${path.replace(/^\/+/, '')}`;
}

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '');
}
