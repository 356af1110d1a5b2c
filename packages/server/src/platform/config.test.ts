import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment (README)', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      apiBase: '/jeecg-boot',
      databaseUrl: null,
      seedDemo: true,
      redisUrl: null,
      redisPrefix: 'sbwq',
      safeOpenHosts: [],
      adminPassword: null,
      workers: 1,
    });
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
    expect(() => loadConfig({ DATASOURCE_SECRET: 'too-short' })).toThrow('DATASOURCE_SECRET 至少需要32个字符');
    expect(loadConfig({ DATASOURCE_SECRET: ` ${'k'.repeat(32)} ` }).datasourceSecret).toBe('k'.repeat(32));
    expect(loadConfig({}).datasourceSecret).toBeNull();
    expect(() => loadConfig({ APP_SECRET: 'too-short' })).toThrow('APP_SECRET 至少需要32个字符');
    expect(loadConfig({ APP_SECRET: ` ${'s'.repeat(32)} ` }).appSecret).toBe('s'.repeat(32));
    expect(loadConfig({}).appSecret).toBeNull();
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' })).toThrow(/REDIS_PREFIX/);
  });

  it('reads WORKERS as a number or auto (the cores available), and refuses several processes without PostgreSQL or Redis (issue #24)', () => {
    const shared = { DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ ...shared, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...shared, WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    // one process needs neither
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ ...shared, WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ ...shared, WORKERS: 'two' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ REDIS_URL: shared.REDIS_URL, WORKERS: '2' })).toThrow(/内置数据库（PGlite）只能由一个进程使用.*DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: shared.DATABASE_URL, WORKERS: '2' })).toThrow(/需要 Redis.*REDIS_URL/);
    if (os.availableParallelism() > 1) expect(() => loadConfig({ WORKERS: 'auto' })).toThrow(/DATABASE_URL/);
  });
});
