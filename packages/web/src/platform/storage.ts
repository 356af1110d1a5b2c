import { SESSION_TTL_MS } from '@sbwq/contracts';

/**
 * Local storage in JeecgBoot's format (vue-ls): key prefixed with `pro__`, value stored as
 * `{"value": …, "expire": <epoch ms> | null}`, so a session written by one client reads in the other.
 */
export const STORAGE_NAMESPACE = 'pro__';

type Stored<T> = { value: T; expire: number | null };

export const local = {
  get<T>(key: string): T | null {
    const raw = safe(() => localStorage.getItem(STORAGE_NAMESPACE + key));
    if (raw == null) return null;
    let stored: Stored<T>;
    try {
      stored = JSON.parse(raw) as Stored<T>;
    } catch {
      return null;
    }
    if (stored === null || typeof stored !== 'object' || !('value' in stored)) return null;
    if (stored.expire !== null && stored.expire !== undefined && stored.expire < Date.now()) {
      this.remove(key);
      return null;
    }
    return stored.value;
  },
  /** ttlMs defaults to the spec §9 session lifetime (7 days); pass null to keep it forever. */
  set<T>(key: string, value: T, ttlMs: number | null = SESSION_TTL_MS): void {
    const stored: Stored<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
    safe(() => localStorage.setItem(STORAGE_NAMESPACE + key, JSON.stringify(stored)));
  },
  remove(key: string): void {
    safe(() => localStorage.removeItem(STORAGE_NAMESPACE + key));
  },
};

/** Session storage as JeecgBoot uses it for the button-auth lists: plain JSON, no prefix, no expiry. */
export const session = {
  get<T>(key: string): T | null {
    const raw = safe(() => sessionStorage.getItem(key));
    if (raw == null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set<T>(key: string, value: T): void {
    safe(() => sessionStorage.setItem(key, JSON.stringify(value)));
  },
  remove(key: string): void {
    safe(() => sessionStorage.removeItem(key));
  },
};

/** Storage throws in private modes and when full; the app then runs without persistence rather than crashing. */
function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
