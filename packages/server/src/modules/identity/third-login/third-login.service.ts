import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import {
  Msg,
  SsoErrorMsg,
  SsoMsg,
  type LoginResult,
  type PendingBinding,
  type SsoErrorCode,
  type ThirdBindAccountBody,
  type ThirdBinding,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { OidcProviderConfig, SsoConfig } from '../../../platform/auth/sso-config.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { authenticate, openSession, type LoginDeps } from '../auth/auth.service.ts';
import { writeLoginLog, type ClientInfo } from '../../operations/log/log.service.ts';
import { findUserById } from '../user/user.service.ts';
import { authorizationUrl, finishAuthorization } from './oidc.client.ts';
import { sysThirdBinding, sysThirdLoginStep, type ConfirmData } from './third-login.table.ts';

/** How long each step may wait: the provider's sign-in page, the hand-over to the page, the password of a first sign-in. */
const AUTHORIZE_TTL_MS = 10 * 60_000;
const LOGIN_TOKEN_TTL_MS = 2 * 60_000;
const BIND_TTL_MS = 10 * 60_000;
/** 账号绑定's answer waits this long for the user's yes. */
const CONFIRM_TTL_MS = 5 * 60_000;

export type ThirdError = SsoErrorCode;

/** A third-party step that ended without a session; its code goes to the page, which words it (SsoErrorMsg). */
export class ThirdLoginError extends Error {
  constructor(readonly code: ThirdError) {
    super(SsoErrorMsg[code]);
  }
}

export function providerOf(sso: SsoConfig, name: string): OidcProviderConfig | null {
  return sso.oidc.find((p) => p.name === name) ?? null;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

type StepKind = 'authorize' | 'login' | 'bind' | 'confirm';
type StepRow = typeof sysThirdLoginStep.$inferSelect;

async function putStep(
  db: Db,
  secret: string,
  kind: StepKind,
  ttlMs: number,
  row: Omit<typeof sysThirdLoginStep.$inferInsert, 'keyHash' | 'kind' | 'expiresAt'>,
) {
  // Abandoned steps go as new ones come: the table holds minutes of sign-ins, never more.
  await db.delete(sysThirdLoginStep).where(lt(sysThirdLoginStep.expiresAt, new Date()));
  await db.insert(sysThirdLoginStep).values({ ...row, keyHash: hashOf(secret), kind, expiresAt: new Date(Date.now() + ttlMs) });
}

const live = (secret: string, kind: StepKind, also?: SQL) =>
  and(eq(sysThirdLoginStep.keyHash, hashOf(secret)), eq(sysThirdLoginStep.kind, kind), gt(sysThirdLoginStep.expiresAt, new Date()), also);

/** Takes a step once: the delete that finds it is the only one that gets it, on parallel requests too. */
async function takeStep(db: Db, secret: string, kind: StepKind, also?: SQL): Promise<StepRow | null> {
  const [row] = await db
    .delete(sysThirdLoginStep)
    .where(live(secret, kind, also))
    .returning();
  return row ?? null;
}

async function peekStep(db: Db, secret: string, kind: StepKind, also?: SQL): Promise<StepRow | null> {
  const [row] = await db
    .select()
    .from(sysThirdLoginStep)
    .where(live(secret, kind, also));
  return row ?? null;
}

/**
 * The start of an authorization: state, nonce and PKCE verifier kept under the state, and the address
 * to send the browser to. `binder` when a signed-in user binds from 账号绑定 (only that session may
 * confirm what the provider answers), null for a sign-in.
 */
export async function startThirdLogin(
  db: Db,
  provider: OidcProviderConfig,
  redirectUri: string,
  binder: SessionUser | null,
): Promise<{ url: string; state: string }> {
  let start;
  try {
    start = await authorizationUrl(provider, redirectUri);
  } catch {
    throw new ThirdLoginError('unreachable');
  }
  await putStep(db, start.state, 'authorize', AUTHORIZE_TTL_MS, {
    provider: provider.name,
    userId: binder?.id ?? null,
    data: { codeVerifier: start.codeVerifier, nonce: start.nonce, redirectUri, ...(binder ? { session: binder.tokenHash } : {}) },
  });
  return { url: start.url, state: start.state };
}

export type CallbackOutcome =
  | { kind: 'login'; token: string }
  | { kind: 'bind'; token: string }
  /** 账号绑定: the provider answered; the token lets the signed-in user confirm or cancel */
  | { kind: 'confirm'; token: string }
  /** the step was one of 账号绑定's (the user is signed in there) or a sign-in's */
  | { kind: 'error'; code: ThirdError; forBinding: boolean };

/**
 * The provider's callback. The state must still be waiting and be the one this browser started with
 * (its cookie); the code is exchanged once. A subject bound to an active user gets a one-time sign-in
 * token; an unknown one a binding ticket (or a refusal when the provider says so); from 账号绑定, a
 * binding waiting for the signed-in user's confirmation (nothing is bound yet).
 */
export async function finishThirdLogin(
  db: Db,
  provider: OidcProviderConfig,
  query: Record<string, string | undefined>,
  browserState: string | null,
): Promise<CallbackOutcome> {
  const state = query.state;
  if (!state || state.length > 200) return { kind: 'error', code: 'refused', forBinding: false };
  const step = await takeStep(db, state, 'authorize');
  if (!step || step.provider !== provider.name || !step.data || !('codeVerifier' in step.data)) return { kind: 'error', code: 'expired', forBinding: false };
  const forBinding = step.userId !== null;
  // The answer must come back to the browser that started it: else a stranger's code could sign this
  // browser in as the stranger, or this browser's identity be bound to the stranger's account.
  if (state !== browserState) return { kind: 'error', code: 'refused', forBinding };
  const callbackUrl = new URL(step.data.redirectUri);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(key, value);
  let identity;
  try {
    identity = await finishAuthorization(provider, callbackUrl, { codeVerifier: step.data.codeVerifier, state, nonce: step.data.nonce });
  } catch {
    return { kind: 'error', code: 'refused', forBinding };
  }

  if (step.userId && step.data.session) {
    const code = await bindingRefusal(db, provider.name, identity.subject, step.userId);
    if (code) return { kind: 'error', code, forBinding };
    const token = newSecret();
    const data: ConfirmData = { session: step.data.session, email: identity.email };
    await putStep(db, token, 'confirm', CONFIRM_TTL_MS, {
      provider: provider.name,
      userId: step.userId,
      subject: identity.subject,
      displayName: identity.displayName,
      data,
    });
    return { kind: 'confirm', token };
  }
  const [binding] = await db
    .select()
    .from(sysThirdBinding)
    .where(and(eq(sysThirdBinding.provider, provider.name), eq(sysThirdBinding.subject, identity.subject)));
  if (binding) {
    const token = newSecret();
    await putStep(db, token, 'login', LOGIN_TOKEN_TTL_MS, { provider: provider.name, userId: binding.userId });
    return { kind: 'login', token };
  }
  if (!provider.bindOnLogin) return { kind: 'error', code: 'notBound', forBinding };
  const token = newSecret();
  await putStep(db, token, 'bind', BIND_TTL_MS, { provider: provider.name, subject: identity.subject, displayName: identity.displayName });
  return { kind: 'bind', token };
}

/** Why a subject cannot be bound to the user, asked before the user is asked to confirm (the unique indexes decide at the write). */
async function bindingRefusal(db: Db, provider: string, subject: string, userId: string): Promise<ThirdError | null> {
  const found = await db
    .select({ userId: sysThirdBinding.userId, subject: sysThirdBinding.subject })
    .from(sysThirdBinding)
    .where(and(eq(sysThirdBinding.provider, provider), sql`(${sysThirdBinding.subject} = ${subject} or ${sysThirdBinding.userId} = ${userId})`));
  if (found.some((b) => b.subject === subject && b.userId !== userId)) return 'boundToOther';
  return found.length > 0 ? 'alreadyBound' : null;
}

async function addBinding(db: Db, provider: string, subject: string, userId: string, displayName: string | null): Promise<ThirdError | null> {
  try {
    await db.insert(sysThirdBinding).values({ id: newId(), provider, subject, userId, displayName });
    return null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [taken] = await db
      .select({ userId: sysThirdBinding.userId })
      .from(sysThirdBinding)
      .where(and(eq(sysThirdBinding.provider, provider), eq(sysThirdBinding.subject, subject)));
    return taken && taken.userId !== userId ? 'boundToOther' : 'alreadyBound';
  }
}

const thirdLog = (username: string) => `用户名: ${username},登录成功[第三方用户]！`;

/** GET /thirdLogin/getLoginUser/{token} (JEECG-API §2.6): the one-time token becomes a session, once. */
export async function loginWithThirdToken(deps: LoginDeps, token: string, client: ClientInfo, url: string): Promise<LoginResult> {
  const step = await takeStep(deps.db, token, 'login');
  if (!step?.userId) throw new BizError(SsoMsg.thirdLoginExpired);
  const user = await findUserById(deps.db, step.userId);
  if (!user || user.delFlag !== 0 || user.status !== 1) {
    await writeLoginLog(deps.db, {
      content: `用户名: ${user?.username ?? '-'},第三方登录失败！用户已冻结或已注销`,
      username: user?.username ?? null,
      realname: user?.realname ?? null,
      client,
      url,
    });
    throw new BizError(user && user.delFlag === 0 ? Msg.userFrozen : SsoMsg.userCancelled);
  }
  return openSession(deps, user, client, url, thirdLog(user.username));
}

/**
 * A first third-party sign-in binds an existing account: its username and password, checked as a
 * password login is (captcha after failures, lockout, a log row), then the binding and the session.
 * The ticket is used up only by a success, so a mistyped password does not send the user back to the provider.
 */
export async function bindAndLogin(deps: LoginDeps, body: ThirdBindAccountBody, client: ClientInfo, url: string): Promise<LoginResult> {
  if (!(await peekStep(deps.db, body.bindToken, 'bind'))) throw new BizError(SsoMsg.thirdLoginExpired);
  const user = await authenticate(deps, { username: body.username, password: body.password, captcha: body.captcha, checkKey: body.checkKey }, client, url);
  const step = await takeStep(deps.db, body.bindToken, 'bind');
  if (!step?.subject) throw new BizError(SsoMsg.thirdLoginExpired);
  const refused = await addBinding(deps.db, step.provider, step.subject, user.id, step.displayName);
  if (refused) throw new BizError(SsoErrorMsg[refused]);
  return openSession(deps, user, client, url, thirdLog(user.username));
}

/** A confirm step is the signed-in user's only from the session that started the binding. */
const ownedBy = (user: SessionUser) => and(eq(sysThirdLoginStep.userId, user.id), sql`${sysThirdLoginStep.data}->>'session' = ${user.tokenHash}`);

/** 账号绑定's question: what the provider answered, and the account it would bind to. */
export async function pendingBinding(db: Db, sso: SsoConfig, user: SessionUser, token: string): Promise<PendingBinding> {
  const step = await peekStep(db, token, 'confirm', ownedBy(user));
  if (!step?.subject) throw new BizError(SsoMsg.bindPendingExpired);
  const email = step.data && 'email' in step.data ? step.data.email : null;
  return {
    provider: step.provider,
    providerLabel: providerOf(sso, step.provider)?.label ?? step.provider,
    subject: step.subject,
    displayName: step.displayName,
    email,
    username: user.username,
  };
}

/** The user's yes (the binding is written) or no (it is dropped); either uses the token up. */
export async function settlePendingBinding(db: Db, user: SessionUser, token: string, confirmed: boolean): Promise<void> {
  const step = await takeStep(db, token, 'confirm', ownedBy(user));
  if (!step?.subject) throw new BizError(SsoMsg.bindPendingExpired);
  if (!confirmed) return;
  const refused = await addBinding(db, step.provider, step.subject, user.id, step.displayName);
  if (refused) throw new BizError(SsoErrorMsg[refused]);
}

export async function bindingsOf(db: Db, sso: SsoConfig, userId: string): Promise<ThirdBinding[]> {
  const found = await db.select().from(sysThirdBinding).where(eq(sysThirdBinding.userId, userId)).orderBy(asc(sysThirdBinding.createTime));
  return found.map((b) => ({
    id: b.id,
    provider: b.provider,
    providerLabel: providerOf(sso, b.provider)?.label ?? b.provider,
    displayName: b.displayName,
    createTime: formatDateTime(b.createTime),
  }));
}

export async function unbind(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(sysThirdBinding)
    .where(and(eq(sysThirdBinding.id, id), eq(sysThirdBinding.userId, userId)))
    .returning({ id: sysThirdBinding.id });
  if (removed.length === 0) throw new BizError(SsoMsg.bindingNotFound);
}
