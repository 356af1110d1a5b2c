/**
 * Single sign-on settings (README「单点登录与第三方登录」): a CAS server, and OpenID Connect providers
 * named in OIDC_PROVIDERS, each with OIDC_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET (and optional
 * _LABEL, _SCOPE, _BIND_ON_LOGIN).
 */
export type OidcProviderConfig = {
  /** lower case, the path segment of its routes and the `provider` column of a binding */
  name: string;
  /** the button's text: 使用{label}登录 */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** an unknown subject may bind an existing account with its password at first sign-in (else: refused) */
  bindOnLogin: boolean;
};

export type SsoConfig = {
  /**
   * The address users open (`https://sbwq.example.org`): the CAS service and the OIDC redirect address
   * are built from it, never from the request's Host header (which a client chooses). Required whenever
   * CAS or OIDC is on (`ssoOrigin`); null only when neither is.
   */
  publicUrl: string | null;
  cas: { serverUrl: string; protocol: 2 | 3 } | null;
  oidc: OidcProviderConfig[];
};

const httpUrl = (name: string, value: string) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`环境变量 ${name} 必须是 http(s):// 开头的地址，当前为 "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`环境变量 ${name} 必须是 http(s):// 开头的地址，当前为 "${value}"`);
  return value.replace(/\/+$/, '');
};

export function loadSsoConfig(env: NodeJS.ProcessEnv): SsoConfig {
  const publicUrl = env.PUBLIC_URL?.trim() ? httpUrl('PUBLIC_URL', env.PUBLIC_URL.trim()) : null;
  if (publicUrl && new URL(publicUrl).pathname !== '/') throw new Error('环境变量 PUBLIC_URL 只写协议、主机和端口（如 https://sbwq.example.org），不带路径');
  const casUrl = env.CAS_SERVER_URL?.trim();
  const protocolText = env.CAS_PROTOCOL?.trim() || '3';
  if (protocolText !== '2' && protocolText !== '3') throw new Error(`环境变量 CAS_PROTOCOL 只能是 2 或 3，当前为 "${protocolText}"`);
  const cas = casUrl ? { serverUrl: httpUrl('CAS_SERVER_URL', casUrl), protocol: Number(protocolText) as 2 | 3 } : null;

  const names = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const oidc = names.map((name): OidcProviderConfig => {
    if (!/^[a-z][a-z0-9]{0,31}$/.test(name)) throw new Error(`OIDC_PROVIDERS 中的名称只能是小写字母开头的字母和数字（最多32个），当前为 "${name}"`);
    const key = (suffix: string) => `OIDC_${name.toUpperCase()}_${suffix}`;
    const required = (suffix: string) => {
      const value = env[key(suffix)]?.trim();
      if (!value) throw new Error(`OIDC_PROVIDERS 含 ${name}，但没有设置环境变量 ${key(suffix)}`);
      return value;
    };
    return {
      name,
      label: env[key('LABEL')]?.trim() || name,
      issuer: httpUrl(key('ISSUER'), required('ISSUER')),
      clientId: required('CLIENT_ID'),
      clientSecret: required('CLIENT_SECRET'),
      scope: env[key('SCOPE')]?.trim() || 'openid profile email',
      bindOnLogin: (env[key('BIND_ON_LOGIN')] ?? '1') !== '0',
    };
  });
  if (new Set(names).size !== names.length) throw new Error('OIDC_PROVIDERS 中有重复的名称');
  if (!publicUrl && (cas || oidc.length > 0)) {
    throw new Error(
      '启用 CAS_SERVER_URL 或 OIDC_PROVIDERS 时必须设置 PUBLIC_URL（用户访问本系统的地址，如 https://sbwq.example.org），否则回调地址取自请求头，可被伪造',
    );
  }
  return { publicUrl, cas, oidc };
}

/** The origin the CAS service and the OIDC redirect address are built from: PUBLIC_URL, which loadSsoConfig requires once either is on. */
export function ssoOrigin(sso: SsoConfig): string {
  if (!sso.publicUrl) throw new Error('single sign-on without PUBLIC_URL: loadSsoConfig refuses this configuration');
  return sso.publicUrl;
}
