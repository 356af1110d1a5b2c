import { HOME_PATH, LOGIN_PATH, Msg, PUBLIC_PATHS } from '@sbwq/contracts';
import { redirect, type MiddlewareFunction, type PatchRoutesOnNavigationFunction } from 'react-router';
import { notifyError } from '../../platform/feedback.ts';
import { HttpError } from '../../platform/http.ts';
import { isPasswordChangeRequired, loadPermissions, logout, probeStoredSession } from '../../platform/session.ts';
import { getToken } from '../../platform/token.ts';

/** The id of the `/` route (spec §2: named dashboard) under which menu routes are added. */
export const APP_ROUTE_ID = 'dashboard';

/** Local text the spec does not name (reported to contracts). */
export const PERMISSION_LOAD_FAILED_TEXT = '获取用户权限失败，请重新登录';

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '/user' || (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** `/user/login?redirect=<original full path incl. query>` */
export function loginPathFor(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/**
 * spec §2 "Access rules", as the root route's middleware: it runs on every navigation and before any
 * loader, so no child redirect (`*` → /404, `/` → home) can overtake it.
 * Public paths need no token, but a signed-in user is sent from the login page to the dashboard;
 * anything else needs a token and the permission list, or goes to login with a redirect.
 */
export const accessMiddleware: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  const token = getToken();
  if (isPublicPath(url.pathname)) {
    // A stale token found here is dropped quietly (issue 36): the form stays as typed, with no dialog over it.
    if (token && url.pathname.replace(/\/+$/, '') === LOGIN_PATH && (await probeStoredSession()) === 'live') throw redirect(HOME_PATH);
    return;
  }
  const target = url.pathname + url.search;
  if (!token) throw redirect(loginPathFor(target));
  try {
    await loadPermissions();
  } catch (error) {
    // Cancelled because the page is being left: nothing failed, and a logout here would clear the
    // token the next page signs in with.
    if (error instanceof HttpError && error.kind === 'aborted') throw error;
    // A session that must change its password first (issue 40) keeps its token: the login page asks for it.
    if (isPasswordChangeRequired(error)) throw redirect(LOGIN_PATH);
    // An HTTP failure was already shown by the client (spec §8); say why for the others.
    if (!(error instanceof HttpError)) {
      const reason = error instanceof Error && error.message !== Msg.emptyMenu ? error.message : '';
      notifyError(reason ? `${PERMISSION_LOAD_FAILED_TEXT}（${reason}）` : PERMISSION_LOAD_FAILED_TEXT);
    }
    await logout();
    throw redirect(loginPathFor(target));
  }
};

let patchedForToken: string | null = null;

/**
 * spec §2 "The menu is turned into routes added dynamically": asked by the router whenever a path
 * matches no route or only the `*` catch-all. Failures are left to `accessMiddleware`, which runs next.
 */
export const discoverMenuRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const token = getToken();
  if (!token || patchedForToken === token) return;
  try {
    // The screens table comes with the first signed-in page, not with the login page.
    const [{ menu }, { menuToRoutes }] = await Promise.all([loadPermissions(), import('./menuRoutes.ts')]);
    if (getToken() !== token || patchedForToken === token) return;
    patch(APP_ROUTE_ID, menuToRoutes(menu));
    patchedForToken = token;
  } catch {
    return;
  }
};

/** Test hook: a fresh router starts with no menu routes. */
export function resetDiscoveredRoutes(): void {
  patchedForToken = null;
}
