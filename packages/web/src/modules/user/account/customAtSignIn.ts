import { useSession } from '../../../platform/session.ts';

/**
 * 个性化 "loaded at sign-in" (issue #27): each new session (password, phone, single sign-on: every
 * sign-in goes through `startSession`) takes the options saved on the server, so another browser gets
 * them; a reload keeps this browser's own drawer changes. Returns the unsubscribe. The account calls
 * (and the contract's schemas they carry) load at the first sign-in, not with the login page (issue 35).
 */
export function applyCustomAtSignIn(): () => void {
  let seen = useSession.getState().token;
  return useSession.subscribe((state) => {
    if (state.token === seen) return;
    seen = state.token;
    const token = state.token;
    if (token) void import('./account.api.ts').then((api) => api.applySaved(token));
  });
}
