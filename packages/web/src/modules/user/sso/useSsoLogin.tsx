import { Msg, type LoginResult } from '@sbwq/contracts';
import { useApp } from '../../../platform/useApp.ts';
import { withAntd } from '../../../platform/antdScope.tsx';
import { Spinner } from '../../../components/spinner/Spinner.tsx';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { loadPage } from '../../../platform/browser.ts';
import { getThirdLoginUser, validateCasLogin } from './sso.api.ts';
import {
  casLoginUrl,
  casService,
  markCasSession,
  readThirdLanding,
  rememberRedirect,
  ssoSettings,
  takeRedirect,
  takeThirdLanding,
  thirdLoginUrl,
} from '../../../platform/sso.ts';
import styles from './sso.module.css';

// Shown only with single sign-on configured or a provider's callback in the address: the plain login
// page does not download them (issue 35).
const CasFailed = lazy(withAntd(() => import('./CasFailed.tsx').then((m) => ({ default: m.CasFailed }))));
const SsoProviders = lazy(withAntd(() => import('./SsoProviders.tsx').then((m) => ({ default: m.SsoProviders }))));
const ThirdBindModal = lazy(withAntd(() => import('./ThirdBindModal.tsx').then((m) => ({ default: m.ThirdBindModal }))));

/** What the login page does with a session from CAS or a provider: the same as with a password login's answer. */
export type SignedIn = (result: LoginResult, target: string | null) => Promise<void>;

type CasState = { kind: 'off' } | { kind: 'leaving' } | { kind: 'validating' } | { kind: 'failed'; message: string };

// A ticket and a token are good once: React's development double effects must not spend them twice.
const spent = new Set<string>();

function initialCas(): CasState {
  const params = new URLSearchParams(window.location.search);
  // a provider's callback brought the browser here: that sign-in goes on, not a trip to CAS
  if (!ssoSettings().casServerUrl || params.get('local') === '1' || readThirdLanding()) return { kind: 'off' };
  return params.get('ticket') ? { kind: 'validating' } : { kind: 'leaving' };
}

/**
 * The login page's single sign-on (spec §1, §4 "A token in the address is validated"): with CAS the
 * page goes to the CAS server, and validates the ticket it brings back (`?local=1` keeps the password
 * form, for an account CAS does not know); the providers' buttons; what a provider's callback left in
 * the address (a one-time token, a first sign-in to bind, a refusal).
 */
export function useSsoLogin(onSignedIn: SignedIn): { screen: ReactNode | null; extra: ReactNode } {
  const { message } = useApp();
  const [cas, setCas] = useState<CasState>(initialCas);
  // the callback's fragment, read once; a first sign-in to bind opens its dialog at once
  const [landing] = useState(readThirdLanding);
  const [bind, setBind] = useState(landing?.kind === 'bind' ? { token: landing.token, provider: landing.provider } : null);
  const providers = ssoSettings().providers;

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (cas.kind === 'leaving') {
      rememberRedirect(params.get('redirect'));
      loadPage(casLoginUrl());
      return;
    }
    const ticket = params.get('ticket');
    if (cas.kind !== 'validating' || !ticket || spent.has(ticket)) return;
    spent.add(ticket);
    validateCasLogin(ticket, casService())
      .then(async (answer) => {
        if (String(answer.code) !== '200' || !answer.result) {
          setCas({ kind: 'failed', message: answer.message || Msg.loginFailed });
          return;
        }
        markCasSession();
        // the page underneath shows again: a user of several departments chooses one there
        setCas({ kind: 'off' });
        await onSignedIn(answer.result, takeRedirect());
      })
      .catch(() => setCas({ kind: 'failed', message: Msg.loginFailed }));
  }, [cas.kind, onSignedIn]);

  useEffect(() => {
    if (!landing) return;
    takeThirdLanding();
    if (landing.kind === 'error') message.error(landing.message);
    if (landing.kind === 'token' && !spent.has(landing.token)) {
      spent.add(landing.token);
      getThirdLoginUser(landing.token)
        .then(async (answer) => {
          if (String(answer.code) === '200' && answer.result) await onSignedIn(answer.result, takeRedirect());
          else message.error(answer.message || Msg.loginFailed);
        })
        .catch(() => undefined);
    }
  }, [landing, message, onSignedIn]);

  const handleProvider = (name: string) => {
    rememberRedirect(new URLSearchParams(window.location.search).get('redirect'));
    loadPage(thirdLoginUrl(name));
  };

  let screen: ReactNode = null;
  if (cas.kind === 'leaving' || cas.kind === 'validating') {
    screen = (
      <div className={styles.landing} role="status">
        <Spinner />
        <span>{cas.kind === 'leaving' ? '正在前往统一身份认证…' : '正在验证单点登录…'}</span>
      </div>
    );
  } else if (cas.kind === 'failed') {
    screen = (
      <Suspense fallback={null}>
        <CasFailed message={cas.message} />
      </Suspense>
    );
  }

  const extra = (
    <Suspense fallback={null}>
      {providers.length > 0 && <SsoProviders providers={providers} onChoose={handleProvider} />}
      {bind && (
        <ThirdBindModal
          bindToken={bind.token}
          provider={bind.provider}
          onCancel={() => setBind(null)}
          onSignedIn={(result) => onSignedIn(result, takeRedirect())}
        />
      )}
    </Suspense>
  );
  return { screen, extra };
}
