import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment (README)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, apiBase: '/jeecg-boot', databaseUrl: null, seedDemo: true, redisUrl: null, redisPrefix: 'sbwq', safeOpenHosts: [], adminPassword: null });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      API_BASE: 'api/',
      ADMIN_PASSWORD: 'Secret123',
      SEED_DEMO: '0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'sbwq-test',
      SAFE_OPEN_HOSTS: ' Docs.Example.org, portal.example.org:8443 ,',
    });
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      apiBase: '/api',
      adminPassword: 'Secret123',
      seedDemo: false,
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'sbwq-test',
      safeOpenHosts: ['docs.example.org', 'portal.example.org:8443'],
    });
  });

  it('refuses a bad PORT or a non-postgres DATABASE_URL with a Chinese message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' })).toThrow(/REDIS_PREFIX/);
  });
});
