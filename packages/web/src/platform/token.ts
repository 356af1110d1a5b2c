import { DEFAULT_TENANT_ID, StorageKey } from '@sbwq/contracts';
import { local } from './storage.ts';

/** The access token and tenant id, read by the http client and the session alike (spec §3, §7). */
export function getToken(): string | null {
  return local.get<string>(StorageKey.accessToken) || null;
}

export function setToken(token: string): void {
  local.set(StorageKey.accessToken, token);
}

export function clearToken(): void {
  local.remove(StorageKey.accessToken);
}

export function getTenantId(): string {
  const stored = local.get<string | number>(StorageKey.tenantId);
  return stored === null || stored === '' ? DEFAULT_TENANT_ID : String(stored);
}
