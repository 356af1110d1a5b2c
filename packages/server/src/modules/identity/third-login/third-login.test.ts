import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BINDING_PATH, Msg, SsoMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { sysUser } from '../user/user.table.ts';
import { startOidcProvider } from './oidc.testkit.ts';
import { sysThirdBinding } from './third-login.table.ts';

const ORIGIN = 'http://sbwq.test';

describe('§7 third-party login through OpenID Connect: GET /thirdLogin/getLoginUser/{token}, against a real provider (oidc-provider)', async () => {
  const idp = await startOidcProvider([`${ORIGIN}/jeecg-boot/thirdLogin/callback/demo`, `${ORIGIN}/jeecg-boot/thirdLogin/callback/strict`]);
  const strict = idp.env('strict', '严格');
  const t = await createTestApp({
    PUBLIC_URL: ORIGIN,
    ...idp.env('demo', '演示身份'),
    ...strict,
    OIDC_PROVIDERS: 'demo,strict',
    OIDC_STRICT_BIND_ON_LOGIN: '0',
  });
  afterAll(() => idp.close());
  const db = t.database.db;
  const ip = '10.8.0.1';

  /** The browser's trip: our render route, the provider's pages, back to our callback; answers the fragment of the landing page. */
  async function roundTrip(provider: string, login: string, opts: { cookie?: boolean | string; authorizationUrl?: string } = {}) {
    let authorizationUrl = opts.authorizationUrl;
    let cookie = typeof opts.cookie === 'string' ? opts.cookie : '';
    if (!authorizationUrl) {
      const start = await t.inject({ url: t.api(`/thirdLogin/render/${provider}`), remoteAddress: ip });
      expect(start.statusCode).toBe(302);
      cookie = String(start.headers['set-cookie']).split(';')[0];
      authorizationUrl = String(start.headers.location);
      const params = new URL(authorizationUrl).searchParams;
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('nonce')).toBeTruthy();
      expect(params.get('state')).toBeTruthy();
    }
    const callback = await idp.signIn(authorizationUrl, login);
    expect(callback.href.startsWith(`${ORIGIN}/jeecg-boot/thirdLogin/callback/${provider}?`)).toBe(true);
    const res = await t.inject({ url: callback.pathname + callback.search, headers: opts.cookie === false ? {} : { cookie }, remoteAddress: ip });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    return { path: location.split('#')[0], hash: new URLSearchParams(location.split('#')[1] ?? ''), callback };
  }
  const getLoginUser = (token: string) => t.inject({ url: t.api(`/thirdLogin/getLoginUser/${token}`), remoteAddress: ip });
  const bindAccount = (payload: object) => t.inject({ method: 'POST', url: t.api('/thirdLogin/bindAccount'), payload, remoteAddress: ip });

  it('a first sign-in asks to bind an existing account: a wrong password is refused as a login is and keeps the ticket; the right one binds and signs in; the next sign-in goes straight through a token good once', async () => {
    const first = await roundTrip('demo', 'alice');
    expect(first.path).toBe('/user/login');
    const bindToken = first.hash.get('thirdBind') ?? '';
    expect(bindToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    expect(json(await bindAccount({ bindToken, username: 'admin', password: 'Wrong1234' }))).toMatchObject({ success: false, message: Msg.badCredentials });
    const bound = json(await bindAccount({ bindToken, username: 'admin', password: ADMIN_PASSWORD }));
    expect(bound).toMatchObject({ success: true, code: 200, message: SsoMsg.bound });
    expect(bound.result.userInfo.username).toBe('admin');
    expect(json(await bindAccount({ bindToken, username: 'admin', password: ADMIN_PASSWORD }))).toMatchObject({
      success: false,
      message: SsoMsg.thirdLoginExpired,
    });

    const again = await roundTrip('demo', 'alice');
    const token = again.hash.get('thirdToken') ?? '';
    const res = await getLoginUser(token);
    expect(json(res)).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(json(res).result.userInfo.username).toBe('admin');
    expect(res.body).not.toMatch(/password|salt|\$argon2|alice/);
    expect(json(await t.request(json(res).result.token, 'GET', '/sys/user/getCurrentUserDeparts')).success).toBe(true);
    expect(json(await getLoginUser(token))).toMatchObject({ success: false, message: SsoMsg.thirdLoginExpired });
  });

  it('binding a first sign-in follows the password login rules: after three wrong passwords a captcha is required, even for the right one; no user is ever created', async () => {
    await t.createUser({ username: 'oidc-lock', password: 'Right12345' });
    const users = (await db.select().from(sysUser)).length;
    const { hash } = await roundTrip('demo', 'mallory');
    const bindToken = hash.get('thirdBind') ?? '';
    const attempt = (password: string, at: string) =>
      t.inject({ method: 'POST', url: t.api('/thirdLogin/bindAccount'), payload: { bindToken, username: 'oidc-lock', password }, remoteAddress: at });
    let last;
    for (let i = 0; i < 3; i++) last = json(await attempt(`Wrong${i}xyz`, `10.8.1.${i}`));
    expect(last).toMatchObject({ success: false, message: Msg.badCredentials, result: { needCaptcha: true } });
    expect(json(await attempt('Right12345', '10.8.1.9'))).toMatchObject({ success: false, message: Msg.captchaRequired });
    expect((await db.select().from(sysUser)).length).toBe(users);
  });

  it('the callback refuses a sign-in this browser did not start (no state cookie: login CSRF), a replayed callback, and a provider that refuses unknown subjects', async () => {
    const start = await t.inject({ url: t.api('/thirdLogin/render/demo'), remoteAddress: ip });
    const stolen = await roundTrip('demo', 'alice', { authorizationUrl: String(start.headers.location), cookie: false });
    expect(stolen.hash.get('thirdError')).toBe('refused');
    expect(stolen.hash.get('thirdToken')).toBeNull();

    const once = await roundTrip('demo', 'alice');
    expect(once.hash.get('thirdToken')).toBeTruthy();
    const replay = await t.inject({ url: once.callback.pathname + once.callback.search, remoteAddress: ip });
    expect(String(replay.headers.location)).toContain('thirdError=expired');

    expect((await roundTrip('strict', 'carol')).hash.get('thirdError')).toBe('notBound');
    const unknown = await t.inject({ url: t.api('/thirdLogin/render/nope'), remoteAddress: ip });
    expect(String(unknown.headers.location)).toContain('thirdError=providerUnknown');
  });

  const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0];

  it("OIDC binding is tied to the browser: an attacker's bind address completed in the victim's browser (no state cookie, or its own) binds nothing", async () => {
    await t.createUser({ username: 'oidc-attacker', password: 'Attack1234' });
    const attacker = t.as(await t.loginAs('oidc-attacker', 'Attack1234', '10.8.3.1'));
    const started = json(await attacker('POST', '/thirdLogin/bindStart', { provider: 'strict' }));
    expect(started.success).toBe(true);

    const noCookie = await roundTrip('strict', 'victim-at-idp', { authorizationUrl: started.result.url, cookie: false });
    expect(noCookie.hash.get('thirdError')).toBe('refused');
    expect(noCookie.hash.get('thirdBound')).toBeNull();

    const again = json(await attacker('POST', '/thirdLogin/bindStart', { provider: 'strict' }));
    const victimsOwn = cookieOf(await t.inject({ url: t.api('/thirdLogin/render/strict'), remoteAddress: ip }));
    const otherCookie = await roundTrip('strict', 'victim-at-idp', { authorizationUrl: again.result.url, cookie: victimsOwn });
    expect(otherCookie.hash.get('thirdError')).toBe('refused');

    expect(await db.select().from(sysThirdBinding).where(eq(sysThirdBinding.subject, 'victim-at-idp'))).toHaveLength(0);
    expect((await roundTrip('strict', 'victim-at-idp')).hash.get('thirdError')).toBe('notBound');
  });

  it("账号绑定: the provider's answer is not bound until the signed-in user confirms it; the pending token is good once, for that user's session only; cancel binds nothing", async () => {
    await t.createUser({ username: 'oidc-bob', password: 'BobPass123' });
    const bobToken = await t.loginAs('oidc-bob', 'BobPass123', '10.8.2.1');
    const bob = t.as(bobToken);
    expect(json(await bob('GET', '/thirdLogin/bindings')).result).toEqual([]);

    const start = await bob('POST', '/thirdLogin/bindStart', { provider: 'strict' });
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/^sbwq_oidc_state=[\w-]+; Path=\/jeecg-boot\/thirdLogin\/callback; HttpOnly; SameSite=Lax/);
    const back = await roundTrip('strict', 'bob-at-idp', { authorizationUrl: json(start).result.url, cookie: cookieOf(start) });
    expect(back.path).toBe(ACCOUNT_BINDING_PATH);
    const pending = back.hash.get('thirdConfirm') ?? '';
    expect(pending).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await db.select().from(sysThirdBinding).where(eq(sysThirdBinding.subject, 'bob-at-idp'))).toHaveLength(0);

    expect(json(await bob('POST', '/thirdLogin/bindPending', { token: pending })).result).toEqual({
      provider: 'strict',
      providerLabel: '严格',
      subject: 'bob-at-idp',
      displayName: 'bob-at-idp（测试）',
      email: null,
      username: 'oidc-bob',
    });
    // another user, or Bob's own other session, cannot take it
    const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD, '10.8.2.2'));
    expect(json(await admin('POST', '/thirdLogin/bindConfirm', { token: pending }))).toMatchObject({ success: false, message: SsoMsg.bindPendingExpired });
    const bobElsewhere = t.as(await t.loginAs('oidc-bob', 'BobPass123', '10.8.2.3'));
    expect(json(await bobElsewhere('POST', '/thirdLogin/bindPending', { token: pending }))).toMatchObject({
      success: false,
      message: SsoMsg.bindPendingExpired,
    });
    expect(json(await bobElsewhere('POST', '/thirdLogin/bindConfirm', { token: pending }))).toMatchObject({
      success: false,
      message: SsoMsg.bindPendingExpired,
    });

    expect(json(await bob('POST', '/thirdLogin/bindConfirm', { token: pending }))).toMatchObject({ success: true, message: SsoMsg.bound });
    expect(json(await bob('POST', '/thirdLogin/bindConfirm', { token: pending }))).toMatchObject({ success: false, message: SsoMsg.bindPendingExpired });
    const list = json(await bob('GET', '/thirdLogin/bindings')).result;
    expect(list).toEqual([expect.objectContaining({ provider: 'strict', providerLabel: '严格', displayName: 'bob-at-idp（测试）' })]);

    // a subject bound to another user is refused when the provider answers, before any confirmation
    const taken = await bob('POST', '/thirdLogin/bindStart', { provider: 'demo' });
    const refused = await roundTrip('demo', 'alice', { authorizationUrl: json(taken).result.url, cookie: cookieOf(taken) });
    expect(refused.path).toBe(ACCOUNT_BINDING_PATH);
    expect(refused.hash.get('thirdError')).toBe('boundToOther');

    // cancelled: nothing bound, the token is gone
    const other = await bob('POST', '/thirdLogin/bindStart', { provider: 'demo' });
    const cancelled =
      (await roundTrip('demo', 'bob-second', { authorizationUrl: json(other).result.url, cookie: cookieOf(other) })).hash.get('thirdConfirm') ?? '';
    expect(json(await bob('POST', '/thirdLogin/bindCancel', { token: cancelled }))).toMatchObject({ success: true, message: SsoMsg.bindCancelled });
    expect(json(await bob('POST', '/thirdLogin/bindConfirm', { token: cancelled }))).toMatchObject({ success: false, message: SsoMsg.bindPendingExpired });
    expect(await db.select().from(sysThirdBinding).where(eq(sysThirdBinding.subject, 'bob-second'))).toHaveLength(0);

    expect(json(await admin('POST', '/thirdLogin/unbind', { id: list[0].id }))).toMatchObject({ success: false, message: SsoMsg.bindingNotFound });
    expect(json(await bob('POST', '/thirdLogin/unbind', { id: list[0].id }))).toMatchObject({ success: true, message: SsoMsg.unbound });
    expect(await db.select().from(sysThirdBinding).where(eq(sysThirdBinding.id, list[0].id))).toHaveLength(0);
    expect((await roundTrip('strict', 'bob-at-idp')).hash.get('thirdError')).toBe('notBound');
  });

  it("with an https PUBLIC_URL the state cookie of a sign-in and of 账号绑定 is Secure, and the redirect address is PUBLIC_URL's whatever the Host header says", async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://sbwq.example.org', ...idp.env('demo', '演示身份') });
    const render = await secure.inject({ url: secure.api('/thirdLogin/render/demo'), headers: { host: 'evil.test' }, remoteAddress: ip });
    expect(String(render.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/);
    expect(new URL(String(render.headers.location)).searchParams.get('redirect_uri')).toBe('https://sbwq.example.org/jeecg-boot/thirdLogin/callback/demo');
    const admin = secure.as(await secure.loginAs('admin', ADMIN_PASSWORD, '10.8.4.1'));
    const bind = await admin('POST', '/thirdLogin/bindStart', { provider: 'demo' });
    expect(String(bind.headers['set-cookie'])).toMatch(
      /^sbwq_oidc_state=[\w-]+; Path=\/jeecg-boot\/thirdLogin\/callback; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/,
    );
  });
});
