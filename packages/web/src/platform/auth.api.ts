import type { currentUserDepartsSchema, LoginBody, LoginResult, UpdatePasswordBody } from '@sbwq/contracts';
import type { z } from 'zod';
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

// The flow declarations carry their zod schemas, which the signed-out pages need not download (issue 35):
// the calls that use them load them on first use.
const flows = () => import('./auth.flows.ts');

export async function getUserPermissions(token: string, options?: { silent?: boolean }) {
  return (await flows()).permissionApi.mine({ token }, options);
}

export async function putSelectDepart(orgCode: string, username: string) {
  return (await flows()).sessionApi.selectDepart({ orgCode, username });
}

export type CurrentUserDeparts = z.infer<typeof currentUserDepartsSchema>;

export async function getCurrentUserDeparts(signal?: AbortSignal) {
  return (await flows()).sessionApi.currentDeparts(undefined, { signal });
}

/** spec §5 change password (JEECG-API §5.1: PUT; answers success and message). */
export async function putUpdatePassword(body: UpdatePasswordBody) {
  return (await flows()).sessionApi.updatePassword(body);
}
