import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Msg } from '@sbwq/contracts';
import { createTestApp, json } from '../../test/harness.ts';

describe('one process serves the SPA and the API', async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>商标维权服务系统</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.info(1)');
  const t = await createTestApp({ WEB_DIST: dist, API_BASE: '/api-x', FOOTER_PHONE: '010-12345678' });

  it('client routes get index.html so a reload of a deep link works', async () => {
    const res = await t.inject({ url: '/dashboard/analysis?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('商标维权服务系统');
  });

  it('assets are served with a long cache; a missing asset is a 404, not index.html', async () => {
    const res = await t.inject({ url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('path traversal out of the build folder is not served', async () => {
    for (const url of ['/..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await t.inject({ url });
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('API_BASE moves the API; unknown API paths answer the 404 envelope; app-config.js carries base and footer', async () => {
    expect(json(await t.inject({ url: '/api-x/sys/randomImage/1' })).success).toBe(true);
    const missing = await t.inject({ url: '/api-x/nope' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('路径不存在，请检查路径是否正确');
    // issue 36: the stock client's six monitor screens call Spring's Actuator; they are told why there is none
    for (const url of [
      '/api-x/actuator/metrics/system.cpu.count',
      '/api-x/actuator/httptrace',
      '/api-x/sys/actuator/redis/info',
      '/api-x/sys/actuator/redis/queryDiskInfo',
    ]) {
      const stock = await t.inject({ url });
      expect(stock.statusCode, url).toBe(501);
      expect(json(stock)).toMatchObject({ success: false, code: 501, message: Msg.actuatorUnserved });
    }
    const script = await t.inject({ url: '/app-config.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('"apiBase":"/api-x"');
    expect(script.body).toContain('010-12345678');
  });
});
