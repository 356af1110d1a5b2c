import { SESSION_TTL_MS, StorageKey } from '@sbwq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { local, STORAGE_NAMESPACE } from './storage.ts';
import { getTenantId, getToken, setToken } from './token.ts';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('§9 session data is kept 7 days locally', () => {
  it('stores {value, expire} under the JeecgBoot key, expiring 604800000 ms later', () => {
    setToken('tok');
    const raw = JSON.parse(localStorage.getItem(`${STORAGE_NAMESPACE}${StorageKey.accessToken}`) ?? 'null');
    expect(raw).toEqual({ value: 'tok', expire: Date.now() + SESSION_TTL_MS });
    expect(SESSION_TTL_MS).toBe(604_800_000);
  });

  it('reads the token until 7 days have passed, then forgets it', () => {
    setToken('tok');
    vi.setSystemTime(Date.now() + SESSION_TTL_MS);
    expect(getToken()).toBe('tok');
    vi.setSystemTime(Date.now() + 1);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(`${STORAGE_NAMESPACE}${StorageKey.accessToken}`)).toBeNull();
  });

  it('values stored without expiry stay, and broken entries read as absent', () => {
    local.set('k', 1, null);
    vi.setSystemTime(Date.now() + 10 * SESSION_TTL_MS);
    expect(local.get('k')).toBe(1);
    localStorage.setItem(`${STORAGE_NAMESPACE}bad`, '{not json');
    expect(local.get('bad')).toBeNull();
  });

  it('§7 tenant id defaults to 0', () => {
    expect(getTenantId()).toBe('0');
    local.set(StorageKey.tenantId, '3');
    expect(getTenantId()).toBe('3');
  });
});
