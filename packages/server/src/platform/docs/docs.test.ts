import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

describe('OpenAPI page generated from the route schemas', () => {
  it('is open in development and lists the login route with its Chinese summary', async () => {
    const t = await createTestApp();
    const res = await t.inject({ url: t.api('/doc/json') });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/jeecg-boot/sys/login'].post.summary).toBe('账号密码登录');
    expect(doc.paths['/jeecg-boot/sys/login'].post.requestBody).toBeDefined();
    expect((await t.inject({ url: t.api('/doc') })).statusCode).toBeLessThan(400);
  });

  it('in production only a signed-in administrator sees it (header, or ?token= kept in a cookie)', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    expect((await t.inject({ url: t.api('/doc/json') })).statusCode).toBe(401);
    await t.createUser({ username: 'notadmin', password: 'Notadmin123' });
    const user = await t.loginAs('notadmin', 'Notadmin123');
    expect((await t.inject({ url: t.api('/doc/json'), headers: { 'X-Access-Token': user } })).statusCode).toBe(403);
    const admin = await t.loginAs('admin', 'Admin12345');
    expect((await t.inject({ url: t.api('/doc/json'), headers: { 'X-Access-Token': admin } })).statusCode).toBe(200);
    const page = await t.inject({ url: t.api(`/doc?token=${admin}`) });
    expect(page.statusCode).toBe(200);
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    const viaCookie = await t.inject({ url: t.api('/doc/json'), headers: { cookie: cookie.split(';')[0] } });
    expect(viaCookie.statusCode).toBe(200);
  });
});
