import { myPermissionFlow, userSessionFlow, type currentUserDepartsSchema, type LoginBody, type LoginResult, type UpdatePasswordBody } from '@sbwq/contracts';
import type { z } from 'zod';
import { flowApi } from './flowApi.ts';
import { http } from './http.ts';

/** Calls of spec §7 "Login and session" (shapes in JEECG-API §2, §3.1, §5.1). */

/** A failed login may ask for a captcha from then on (our server's addition to JEECG-API §2.2). */
export type LoginFailure = { needCaptcha?: boolean } | null;

export function postLogin(body: LoginBody) {
  // Login failures are business answers (HTTP 200, success false) the login screen words itself.
  return http.post<LoginResult | LoginFailure>('/sys/login', body);
}

export function getCaptcha(key: string) {
  return http.get<string>(`/sys/randomImage/${encodeURIComponent(key)}`);
}

export function postLogout(token: string) {
  // spec §4: logout finishes whatever this answers, so nothing is shown for a failure.
  return http.post<null>('/sys/logout', undefined, { headers: { 'X-Access-Token': token }, silent: true });
}

const session = flowApi(userSessionFlow);
const permissions = flowApi(myPermissionFlow);

export function getUserPermissions(token: string) {
  return permissions.mine({ token });
}

export function putSelectDepart(orgCode: string, username: string) {
  return session.selectDepart({ orgCode, username });
}

export type CurrentUserDeparts = z.infer<typeof currentUserDepartsSchema>;

export function getCurrentUserDeparts(signal?: AbortSignal) {
  return session.currentDeparts(undefined, { signal });
}

/** spec §5 change password (JEECG-API §5.1: PUT; answers success and message). */
export function putUpdatePassword(body: UpdatePasswordBody) {
  return session.updatePassword(body);
}
