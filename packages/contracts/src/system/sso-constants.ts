// No zod here: the login page imports these words without the sign-on schemas (issue 35).

/**
 * Single sign-on (spec §1 "Sign-in can run through a central single sign-on service (CAS)", §7
 * `GET /cas/client/validateLogin`, `GET /thirdLogin/getLoginUser/{id}`) and the third-party bindings of
 * 账户设置 · 账号绑定. Messages the server answers and the web shows.
 */
export const SsoMsg = {
  casNotConfigured: '未配置单点登录（CAS），请使用账号密码登录',
  ticketRequired: 'ticket不能为空',
  serviceMismatch: '单点登录的 service 地址与本系统不一致',
  ticketRefused: '单点登录票据无效或已使用，请重新登录',
  casUnreachable: '无法连接单点登录服务器，请稍后再试',
  casUserUnknown: '该用户不存在，请联系管理员开通账号',
  userCancelled: '该用户已注销',
  providerUnknown: '未配置该第三方登录方式',
  providerUnreachable: '无法连接第三方登录服务，请稍后再试',
  thirdLoginExpired: '第三方登录已过期或已使用，请重新登录',
  thirdLoginRefused: '第三方登录未完成，请重新登录',
  notBound: '该第三方账号尚未绑定本系统账号，请使用账号密码登录后在「账户设置 · 账号绑定」中绑定',
  boundToOther: '该第三方账号已绑定其他用户',
  alreadyBound: '您已绑定该第三方登录方式，请先解绑',
  bound: '绑定成功',
  unbound: '解绑成功',
  bindingNotFound: '绑定记录不存在',
  bindCancelled: '已取消绑定',
  bindPendingExpired: '绑定请求已过期、已处理或不属于当前登录，请重新发起绑定',
} as const;

/** Where 账户设置 · 账号绑定 lives: a binding started there comes back to it. */
export const ACCOUNT_BINDING_PATH = '/account/settings/binding';

/**
 * What the provider's callback hands to the web page, in the address's fragment (never sent to a
 * server, never in a log): `thirdToken` (sign in with it once), `thirdBind` (a first sign-in: ask for the
 * account to bind), `thirdConfirm` (账号绑定: the provider answered; the signed-in user confirms or
 * cancels the binding), `thirdError` (a code of SsoErrorMsg), and `provider`.
 */
export const ThirdHash = { token: 'thirdToken', bind: 'thirdBind', confirm: 'thirdConfirm', error: 'thirdError', provider: 'provider' } as const;

/** The words of each `thirdError` code; a code the page does not know shows `refused`. */
export const SsoErrorMsg = {
  providerUnknown: SsoMsg.providerUnknown,
  unreachable: SsoMsg.providerUnreachable,
  expired: SsoMsg.thirdLoginExpired,
  refused: SsoMsg.thirdLoginRefused,
  notBound: SsoMsg.notBound,
  boundToOther: SsoMsg.boundToOther,
  alreadyBound: SsoMsg.alreadyBound,
} as const;
export type SsoErrorCode = keyof typeof SsoErrorMsg;
