import { LOGIN_PATH, SsoErrorMsg, ThirdHash, type SsoErrorCode } from '@sbwq/contracts';
import { appConfig } from './config.ts';
import { local, session } from './storage.ts';

/** What app-config.js says about single sign-on (server: platform/web/web.ts). */
export type SsoSettings = {
  casServerUrl: string | null;
  publicUrl: string | null;
  providers: { name: string; label: string }[];
};

export function ssoSettings(): SsoSettings {
  const raw = (typeof window === 'undefined' ? undefined : (window.__APP_CONFIG__ as { sso?: Partial<SsoSettings> } | undefined))?.sso;
  return {
    casServerUrl: raw?.casServerUrl || null,
    publicUrl: raw?.publicUrl || null,
    providers: Array.isArray(raw?.providers) ? raw.providers : [],
  };
}

/** The CAS service: the login page at the address users open, where the CAS server brings the ticket back. */
export function casService(settings = ssoSettings()): string {
  return `${settings.publicUrl ?? window.location.origin}${LOGIN_PATH}`;
}

export const casLoginUrl = (settings = ssoSettings()) => `${settings.casServerUrl}/login?service=${encodeURIComponent(casService(settings))}`;

// Remembered across the trip to the CAS server or the provider, which keeps no address of ours but the service.
const REDIRECT_KEY = 'SSO_REDIRECT';
// A session from CAS ends the CAS session too at logout (spec §4 "CAS logout").
const CAS_SESSION_KEY = 'SSO_CAS_SESSION';

export function rememberRedirect(target: string | null): void {
  if (target) session.set(REDIRECT_KEY, target);
  else session.remove(REDIRECT_KEY);
}

export function takeRedirect(): string | null {
  const target = session.get<string>(REDIRECT_KEY);
  session.remove(REDIRECT_KEY);
  return target;
}

export function markCasSession(): void {
  local.set(CAS_SESSION_KEY, true);
}

/**
 * Where the browser goes after logout: the CAS server's logout (back to our login page), when the
 * session came from CAS and CAS is still configured; else the login page.
 */
export function afterLogoutUrl(): string {
  const fromCas = local.get<boolean>(CAS_SESSION_KEY) === true;
  local.remove(CAS_SESSION_KEY);
  const settings = ssoSettings();
  if (!fromCas || !settings.casServerUrl) return LOGIN_PATH;
  return `${settings.casServerUrl}/logout?service=${encodeURIComponent(casService(settings))}`;
}

export type ThirdLanding =
  | { kind: 'token'; token: string }
  | { kind: 'bind'; token: string; provider: string }
  | { kind: 'confirm'; token: string }
  | { kind: 'error'; message: string }
  | null;

/** Reads what the provider's callback put in the address's fragment, and takes it out of the address. */
export function takeThirdLanding(): ThirdLanding {
  const found = readThirdLanding();
  if (found) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return found;
}

/** What the provider's callback put in the address's fragment, leaving the address as it is. */
export function readThirdLanding(): ThirdLanding {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const provider = hash.get(ThirdHash.provider) ?? '';
  const found: ThirdLanding = hash.has(ThirdHash.token)
    ? { kind: 'token', token: hash.get(ThirdHash.token) ?? '' }
    : hash.has(ThirdHash.bind)
      ? { kind: 'bind', token: hash.get(ThirdHash.bind) ?? '', provider }
      : hash.has(ThirdHash.confirm)
        ? { kind: 'confirm', token: hash.get(ThirdHash.confirm) ?? '' }
        : hash.has(ThirdHash.error)
          ? { kind: 'error', message: SsoErrorMsg[hash.get(ThirdHash.error) as SsoErrorCode] ?? SsoErrorMsg.refused }
          : null;
  return found;
}

export const providerLabel = (name: string) => ssoSettings().providers.find((p) => p.name === name)?.label ?? name;

/** The provider's sign-in, through our render route (a full page change). */
export function thirdLoginUrl(provider: string): string {
  return `${appConfig().apiBase}/thirdLogin/render/${encodeURIComponent(provider)}`;
}
