import { LOGIN_PATH } from '@sbwq/contracts';

/** Only same-site paths may be redirect targets: `//host` or `https://…` would leave the app. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return null;
  return value;
}
