import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Msg, SsoMsg } from '@sbwq/contracts';
import { createTestApp, json } from '../../../test/harness.ts';
import { loadSsoConfig } from '../../../platform/auth/sso-config.ts';
import { loadConfig } from '../../../platform/config.ts';
import { sysLog } from '../../operations/log/log.table.ts';
import { sysUser } from '../user/user.table.ts';
import { parseServiceResponse } from './cas.service.ts';
import { startFakeCas } from './cas.testkit.ts';

describe('§1 §7 CAS single sign-on: GET /cas/client/validateLogin against a CAS protocol server (JEECG-API §2.6)', async () => {
  const cas = await startFakeCas();
  const t = await createTestApp({ CAS_SERVER_URL: cas.url, PUBLIC_URL: 'http://sbwq.test' });
  afterAll(() => cas.close());
  const service = 'http://sbwq.test/user/login';
  const validate = (query: Record<string, string>) =>
    t.inject({ url: t.api(`/cas/client/validateLogin?${new URLSearchParams(query)}`), remoteAddress: '10.7.0.1' });

  it('a ticket for our service signs in the local account of the CAS user: code 200, token, userInfo, departs; the token opens the API; a login log row', async () => {
    const res = await validate({ ticket: cas.issueTicket('admin', service), service });
    const body = json(res);
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(body.result.userInfo).toMatchObject({ username: 'admin' });
    expect(body.result.departs).toHaveLength(1);
    expect(res.body).not.toMatch(/password|salt|\$argon2/);
    const me = json(await t.request(body.result.token, 'GET', '/sys/user/getCurrentUserDeparts'));
    expect(me.success).toBe(true);
    const logs = await t.database.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 1), like(sysLog.logContent, '%登录成功[单点登录]%')));
    expect(logs).toHaveLength(1);
    expect(logs[0].requestUrl ?? '').not.toContain('ST-');
  });

  it('a ticket is good once; a ticket of another service is refused without asking the CAS server; a ticket issued for another of our addresses fails at the CAS server', async () => {
    const ticket = cas.issueTicket('admin', service);
    expect(json(await validate({ ticket, service })).success).toBe(true);
    expect(json(await validate({ ticket, service }))).toMatchObject({ success: false, message: SsoMsg.ticketRefused });

    const asked = cas.validations;
    const foreign = json(await validate({ ticket: cas.issueTicket('admin', 'http://evil.test/'), service: 'http://evil.test/' }));
    expect(foreign).toMatchObject({ success: false, message: SsoMsg.serviceMismatch });
    expect(cas.validations).toBe(asked);

    const mismatch = json(await validate({ ticket: cas.issueTicket('admin', service), service: 'http://sbwq.test/' }));
    expect(mismatch).toMatchObject({ success: false, message: SsoMsg.ticketRefused });
    expect(json(await validate({ ticket: 'ST-unknown', service }))).toMatchObject({ success: false, message: SsoMsg.ticketRefused });
    expect(json(await validate({ service }))).toMatchObject({ success: false, message: SsoMsg.ticketRequired });
  });

  it('the stock client\'s site-root service and the spec\'s `token` parameter are accepted (spec §7 "query params (token, service)")', async () => {
    const root = 'http://sbwq.test/';
    const body = json(await validate({ token: cas.issueTicket('admin', root), service: root }));
    expect(body).toMatchObject({ success: true, code: 200 });
  });

  it('a CAS user without a local account is refused and none is created; a frozen account is refused', async () => {
    expect(json(await validate({ ticket: cas.issueTicket('nobody-here', service), service }))).toMatchObject({
      success: false,
      message: SsoMsg.casUserUnknown,
    });
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'nobody-here'))).toHaveLength(0);
    await t.createUser({ username: 'cas-frozen', password: 'Frozen1234', status: 2 });
    expect(json(await validate({ ticket: cas.issueTicket('cas-frozen', service), service }))).toMatchObject({ success: false, message: Msg.userFrozen });
  });

  it('the answer is read with an XML parser: entities decoded, document types refused, anything but a serviceResponse refused', async () => {
    const ok = parseServiceResponse(
      '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user> 10086 </cas:user></cas:authenticationSuccess></cas:serviceResponse>',
    );
    expect(ok).toEqual({ ok: true, user: '10086' });
    expect(
      parseServiceResponse(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>a&amp;b</cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toEqual({ ok: true, user: 'a&b' });
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>&b;</cas:user></cas:authenticationSuccess></cas:serviceResponse>';
    expect(parseServiceResponse(bomb).ok).toBe(false);
    expect(parseServiceResponse('<html><body>admin</body></html>').ok).toBe(false);
    expect(
      parseServiceResponse(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>',
      ),
    ).toEqual({ ok: false, code: 'INVALID_TICKET', message: 'no' });

    cas.nextAnswer = '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user>admin</cas:user>';
    expect(json(await validate({ ticket: cas.issueTicket('admin', service), service }))).toMatchObject({ success: false, message: SsoMsg.ticketRefused });
  });

  it('PUBLIC_URL is required whenever CAS or OIDC is on, in every NODE_ENV: the service and redirect address never come from the Host header', async () => {
    const env = { ADMIN_PASSWORD: 'Admin-test-1234', DATA_DIR: '/nonexistent', APP_SECRET: 'test-only-app-secret-0123456789abcdef0123' };
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadConfig({ ...env, NODE_ENV, CAS_SERVER_URL: 'https://cas.example.org/cas' })).toThrow(/必须设置 PUBLIC_URL/);
      expect(() =>
        loadConfig({
          ...env,
          NODE_ENV,
          OIDC_PROVIDERS: 'demo',
          OIDC_DEMO_ISSUER: 'https://id.example.org',
          OIDC_DEMO_CLIENT_ID: 'x',
          OIDC_DEMO_CLIENT_SECRET: 'y',
        }),
      ).toThrow(/必须设置 PUBLIC_URL/);
    }
    expect(loadSsoConfig({ CAS_SERVER_URL: 'https://cas.example.org/cas/', PUBLIC_URL: 'https://sbwq.example.org' }).cas).toEqual({
      serverUrl: 'https://cas.example.org/cas',
      protocol: 3,
    });
    expect(() => loadSsoConfig({ OIDC_PROVIDERS: 'demo', OIDC_DEMO_ISSUER: 'https://id.example.org', PUBLIC_URL: 'https://sbwq.example.org' })).toThrow(
      /OIDC_DEMO_CLIENT_ID/,
    );

    // a ticket issued to the address a forged Host names is not one for our service
    const forged = await t.inject({
      url: t.api(
        `/cas/client/validateLogin?${new URLSearchParams({ ticket: cas.issueTicket('admin', 'http://evil.test/user/login'), service: 'http://evil.test/user/login' })}`,
      ),
      headers: { host: 'evil.test' },
      remoteAddress: '10.7.0.2',
    });
    expect(json(forged)).toMatchObject({ success: false, message: SsoMsg.serviceMismatch });
  });
});
