import type { Depart, LoginBody, LoginResult, PermissionResult, UpdatePasswordBody, UserInfo } from '@sbwq/contracts';
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

export function getUserPermissions(token: string) {
  return http.get<PermissionResult>('/sys/permission/getUserPermissionByToken', { token });
}

export function putSelectDepart(orgCode: string, username: string) {
  return http.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });
}

export type CurrentUserDeparts = { list: Depart[]; orgCode: string | null };

export function getCurrentUserDeparts(signal?: AbortSignal) {
  return http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts', undefined, { signal });
}

/** spec §5 change password (JEECG-API §5.1: PUT; answers success and message). */
export function putUpdatePassword(body: UpdatePasswordBody) {
  return http.put<null>('/sys/user/updatePassword', body);
}
