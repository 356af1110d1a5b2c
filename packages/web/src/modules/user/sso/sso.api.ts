import type { LoginResult, ThirdBindAccountBody } from '@sbwq/contracts';
import type { LoginFailure } from '../../../platform/auth.api.ts';
import { http } from '../../../platform/http.ts';

/** spec §7 GET /cas/client/validateLogin: the ticket the CAS server put in the address, for our service. */
export function validateCasLogin(ticket: string, service: string) {
  return http.get<LoginResult | null>('/cas/client/validateLogin', { ticket, service });
}

/** spec §7 GET /thirdLogin/getLoginUser/{id}: the one-time token of the provider's callback. */
export function getThirdLoginUser(token: string) {
  return http.get<LoginResult | null>(`/thirdLogin/getLoginUser/${encodeURIComponent(token)}`);
}

/** A first third-party sign-in binds an existing account (its failures word themselves, as a login's). */
export function postThirdBindAccount(body: ThirdBindAccountBody) {
  return http.post<LoginResult | LoginFailure>('/thirdLogin/bindAccount', body);
}
