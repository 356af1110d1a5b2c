import {
  Msg,
  ResultCode,
  StorageKey,
  type AuthItem,
  type Envelope,
  type LoginResult,
  type MenuNode,
  type PermissionResult,
  type UserInfo,
} from '@sbwq/contracts';
import { create } from 'zustand';
import { getUserPermissions, postLogout, type LoginFailure } from './auth.api.ts';
import { HttpError, onSessionEnd } from './http.ts';
import { local, session as sessionStore } from './storage.ts';
import { clearToken, getToken, setToken } from './token.ts';

/**
 * The signed-in session (spec §3 "Login session", §4 "Authentication", "Logout"). Token, user and
 * dictionaries persist 7 days in local storage; the button-auth lists live in session storage as
 * JeecgBoot keeps them; the menu is held in memory and fetched again on each page load.
 */
export type SessionState = {
  token: string | null;
  username: string | null;
  userInfo: UserInfo | null;
  menu: MenuNode[] | null;
};

export const useSession = create<SessionState>()(() => readStoredSession());

function readStoredSession(): SessionState {
  return {
    token: getToken(),
    username: local.get<string>(StorageKey.username),
    userInfo: local.get<UserInfo>(StorageKey.userInfo),
    menu: null,
  };
}

/** What the login screen does with an answer of POST /sys/login (spec §8 "Login result" rows). */
export type LoginOutcome =
  { kind: 'ok'; result: LoginResult } | { kind: 'goIndex' } | { kind: 'denied'; message: string } | { kind: 'failed'; message: string; needCaptcha: boolean };

export function interpretLogin(answer: Envelope<LoginResult | LoginFailure>): LoginOutcome {
  const code = String(answer.code);
  if (code === String(ResultCode.ok) && answer.result && 'token' in answer.result) {
    return { kind: 'ok', result: answer.result };
  }
  if (code === String(ResultCode.goIndex)) return { kind: 'goIndex' };
  if (code === String(ResultCode.noAuth)) return { kind: 'denied', message: answer.message };
  const failure = answer.result && !('token' in answer.result) ? answer.result : null;
  return { kind: 'failed', message: answer.message || Msg.loginFailed, needCaptcha: failure?.needCaptcha === true };
}

/** Stores what a successful login answered (JEECG-API §2.2 "What the frontend stores"). */
/**
 * Issue 40: while a session's password must be changed first (a weak imported JeecgBoot password), the
 * server refuses everything else with 403 and this message.
 */
export const isPasswordChangeRequired = (error: unknown): boolean =>
  error instanceof HttpError && error.kind === 'http' && error.status === 403 && error.message === Msg.passwordMustChange;

let passwordChangePending = false;

/** The stored session may only change its password (found by probeStoredSession: a reload amid the forced change). */
export const pendingPasswordChange = (): boolean => passwordChangePending;

export function startSession(result: LoginResult, username: string): void {
  passwordChangePending = false;
  setToken(result.token);
  local.set(StorageKey.username, username);
  local.set(StorageKey.userInfo, result.userInfo);
  local.set(StorageKey.dictCache, result.sysAllDictItems ?? {});
  permissionsLoad = null;
  useSession.setState({ token: result.token, username, userInfo: result.userInfo, menu: null });
}

/** spec §7 selectDepart: the answered userInfo is stored for 7 days. */
export function updateUserInfo(userInfo: UserInfo): void {
  local.set(StorageKey.userInfo, userInfo);
  useSession.setState({ userInfo });
}

let permissionsLoad: { token: string; promise: Promise<PermissionResult> } | null = null;

/**
 * spec §2 "On the first navigation after login": fetch the permission list once per token.
 * Rejects when the call fails or the menu is empty (spec §8 "Empty menu").
 */
export function loadPermissions(): Promise<PermissionResult> {
  const token = getToken();
  if (!token) return Promise.reject(new Error(Msg.unauthorized));
  if (permissionsLoad?.token === token) return permissionsLoad.promise;
  const promise = fetchPermissions(token, false);
  permissionsLoad = { token, promise };
  return promise;
}

/**
 * The login page opened with a stored token (issue 36): is that session still alive? Asked quietly — a
 * token the server no longer knows is no news to someone about to sign in, and a 登录已过期 dialog there
 * would cover the form. A dead token is dropped without a word ('dead'); 'unreachable' when the server
 * could not be asked (the token stays for the next try). A live answer is kept for the page it leads to.
 */
export async function probeStoredSession(): Promise<'live' | 'dead' | 'unreachable' | 'mustChange'> {
  const token = getToken();
  if (!token) return 'dead';
  const promise = fetchPermissions(token, true);
  permissionsLoad = { token, promise };
  try {
    await promise;
    return 'live';
  } catch (error) {
    if (permissionsLoad?.promise === promise) permissionsLoad = null;
    if (error instanceof HttpError && error.kind === 'aborted') throw error;
    if (error instanceof HttpError && error.kind !== 'http') return 'unreachable';
    // the session lives, but opens nothing before its new password: the login page asks for it again
    if (isPasswordChangeRequired(error)) {
      passwordChangePending = true;
      return 'mustChange';
    }
    await logout();
    return 'dead';
  }
}

async function fetchPermissions(token: string, silent: boolean): Promise<PermissionResult> {
  const answer = await getUserPermissions(token, { silent });
  if (!answer.success) throw new Error(answer.message || Msg.queryFailed);
  const result = answer.result;
  if (!result || !Array.isArray(result.menu) || result.menu.length === 0) throw new Error(Msg.emptyMenu);
  passwordChangePending = false;
  sessionStore.set<AuthItem[]>(StorageKey.userAuth, result.auth ?? []);
  sessionStore.set<AuthItem[]>(StorageKey.sysAuth, result.allAuth ?? []);
  if (getToken() === token) useSession.setState({ menu: result.menu });
  return result;
}

/** spec §4 Logout: local state goes first, then the server is told; its answer does not matter. */
export async function logout(): Promise<void> {
  const token = getToken() ?? useSession.getState().token;
  clearLocalSession();
  if (!token) return;
  await postLogout(token).catch(() => undefined);
}

export function clearLocalSession(): void {
  clearToken();
  local.remove(StorageKey.username);
  local.remove(StorageKey.userInfo);
  local.remove(StorageKey.dictCache);
  sessionStore.remove(StorageKey.userAuth);
  sessionStore.remove(StorageKey.sysAuth);
  permissionsLoad = null;
  passwordChangePending = false;
  useSession.setState({ token: null, username: null, userInfo: null, menu: null });
}

onSessionEnd(logout);
