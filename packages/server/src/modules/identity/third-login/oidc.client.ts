import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../../platform/auth/sso-config.ts';

// An identity provider's discovery document rarely changes; asking for it on every sign-in would make
// each sign-in wait on it. Kept per process, dropped after a failure or an hour.
const DISCOVERY_TTL_MS = 3_600_000;
const REQUEST_TIMEOUT_S = 10;
const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** The provider's client configuration (openid-client), discovered from its issuer. Plain http only for a provider on this machine. */
export function providerClient(provider: OidcProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.name} ${provider.issuer} ${provider.clientId}`;
  const cached = configs.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(provider.issuer);
  // client_secret_basic: the token endpoint authentication every OpenID provider must accept (its default).
  const config = oidc.discovery(issuer, provider.clientId, undefined, oidc.ClientSecretBasic(provider.clientSecret), {
    timeout: REQUEST_TIMEOUT_S,
    ...(issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  configs.set(key, { at: Date.now(), config });
  config.catch(() => configs.delete(key));
  return config;
}

export type AuthorizationStart = { url: string; codeVerifier: string; state: string; nonce: string };

/** The provider's authorization address for an authorization-code request with PKCE (S256), state and nonce. */
export async function authorizationUrl(provider: OidcProviderConfig, redirectUri: string): Promise<AuthorizationStart> {
  const config = await providerClient(provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.scope,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, codeVerifier, state, nonce };
}

export type OidcIdentity = { subject: string; displayName: string | null; email: string | null };

/**
 * Exchanges the callback's code (with the PKCE verifier) and checks the ID token: signature, issuer,
 * audience, nonce, and the state of the callback. Throws on any failure.
 */
export async function finishAuthorization(
  provider: OidcProviderConfig,
  callbackUrl: URL,
  checks: { codeVerifier: string; state: string; nonce: string },
): Promise<OidcIdentity> {
  const config = await providerClient(provider);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('no subject in the ID token');
  const nameOf = (c: Record<string, unknown>) => [c.name, c.preferred_username, c.email].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  let name = nameOf(claims);
  if (!name) {
    // Many providers put the profile only in the userinfo answer; the name is for the user's eyes, so
    // its absence never stops a sign-in.
    name = await oidc
      .fetchUserInfo(config, tokens.access_token, claims.sub)
      .then(nameOf)
      .catch(() => undefined);
  }
  const email = typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim().slice(0, 200) : null;
  return { subject: claims.sub, displayName: name?.trim().slice(0, 200) ?? null, email };
}
