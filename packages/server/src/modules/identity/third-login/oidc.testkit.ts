import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package with its development sign-in pages, where
 * any login name signs in), on a port of its own, for the tests: server and e2e. Its accounts' subject
 * is the login name; their name claim `<login>（测试）`.
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the environment that names it to the app as provider `name` */
  env: (name: string, label: string) => Record<string, string>;
  /** Drives the provider's sign-in and consent pages over HTTP as a browser would; answers the callback address it redirects to. */
  signIn: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
};

export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'sbwq-test';
  const clientSecret = 'sbwq-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, name: `${id}（测试）` }) }),
    claims: { openid: ['sub'], profile: ['name'] },
    pkce: { required: () => true },
    cookies: { keys: ['sbwq-oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());

  const signIn = async (authorizationUrl: string, login: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let next = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      if (!next.href.startsWith(issuer)) return next;
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } });
      remember(res);
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next);
        continue;
      }
      const page = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page (${res.status}): ${page.slice(0, 300)}`);
      const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
      const posted = await fetch(new URL(action.replaceAll('&amp;', '&'), next), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      remember(posted);
      const to = posted.headers.get('location');
      if (!to) throw new Error(`the provider did not redirect after ${prompt} (${posted.status})`);
      next = new URL(to, next);
    }
    throw new Error('too many redirects at the provider');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    env: (name, label) => ({
      OIDC_PROVIDERS: name,
      [`OIDC_${name.toUpperCase()}_ISSUER`]: issuer,
      [`OIDC_${name.toUpperCase()}_CLIENT_ID`]: clientId,
      [`OIDC_${name.toUpperCase()}_CLIENT_SECRET`]: clientSecret,
      [`OIDC_${name.toUpperCase()}_LABEL`]: label,
      [`OIDC_${name.toUpperCase()}_SCOPE`]: 'openid profile',
    }),
    signIn,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
