import { describe, expect, it } from 'vitest';
import { declaredAccess } from './access.ts';
import { createTestApp, json } from '../../test/harness.ts';

describe('access hook (ARCHITECTURE security model: every route declares its access)', async () => {
  const t = await createTestApp();

  it('every registered route declares exactly one of public, signedIn, permission, adminOnly', () => {
    const undeclared = t.routes
      .filter((r) => declaredAccess(r.config as Record<string, unknown> | undefined).length !== 1)
      .map((r) => `${String(r.method)} ${r.url}`);
    expect(t.routes.length).toBeGreaterThan(5);
    expect(undeclared).toEqual([]);
  });

  it('declaredAccess reports a route without a declaration, so the check above can fail', () => {
    expect(declaredAccess({})).toEqual([]);
    expect(declaredAccess(undefined)).toEqual([]);
    expect(declaredAccess({ public: true, permission: 'a:b:c' })).toHaveLength(2);
  });

  it('§8 a missing token answers HTTP 401; an unknown token answers HTTP 500 with Token失效', async () => {
    const missing = await t.inject({ method: 'GET', url: t.api('/sys/permission/getUserPermissionByToken') });
    expect(missing.statusCode).toBe(401);
    expect(json(missing).success).toBe(false);
    const bad = await t.inject({
      method: 'GET',
      url: t.api('/sys/permission/getUserPermissionByToken'),
      headers: { 'X-Access-Token': 'x'.repeat(43) },
    });
    expect(bad.statusCode).toBe(500);
    expect(json(bad).message).toContain('Token失效');
  });

  it('security headers are sent on every answer, and no CORS header without an allow-list', async () => {
    const res = await t.inject({ method: 'GET', url: t.api('/sys/randomImage/123'), headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
