import { Msg, SsoMsg, type LoginResult } from '@sbwq/contracts';
import type { XMLParser } from 'fast-xml-parser';
import { lazyModule } from '../../../platform/lazy-module.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { ssoOrigin, type SsoConfig } from '../../../platform/auth/sso-config.ts';
import { openSession, type LoginDeps } from '../auth/auth.service.ts';
import { writeLoginLog, type ClientInfo } from '../../operations/log/log.service.ts';
import { findActiveUserByUsername } from '../user/user.service.ts';

/** The page the CAS server sends the browser back to with its ticket: the login page, which validates it. */
export const CAS_LANDING_PATH = '/user/login';

const VALIDATE_TIMEOUT_MS = 5_000;
// A serviceResponse is a few hundred bytes; a CAS server answering megabytes is not one to believe.
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The service addresses a ticket may have been issued for: ours, from PUBLIC_URL (never the request's
 * Host, which a client chooses). The landing page, and the site root the stock JeecgBoot 2.3 client uses
 * (`FE/cas/sso.js`). Any other service is refused before the CAS server is asked: a ticket another
 * application obtained for its own service must not sign anyone in here.
 */
export function acceptedServices(sso: SsoConfig): string[] {
  const origin = ssoOrigin(sso);
  return [`${origin}${CAS_LANDING_PATH}`, `${origin}/`, origin];
}

export type CasAnswer = { ok: true; user: string } | { ok: false; code: string; message: string };

const xmlLib = lazyModule<typeof import('fast-xml-parser')>('fast-xml-parser');
let xmlParser: XMLParser | undefined;
// built at the first CAS answer: the XML parser is loaded only where CAS sign-in is used
const parser = () =>
  (xmlParser ??= new (xmlLib().XMLParser)({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: { enabled: true, maxEntityCount: 16, maxEntitySize: 64, maxExpandedLength: 4096 },
  }));

/** Reads a serviceValidate answer (CAS protocol 2 and 3: `cas:serviceResponse`); anything else is a refusal. */
export function parseServiceResponse(xml: string): CasAnswer {
  // A CAS answer has no document type; one that declares entities is refused, not expanded.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, code: 'INVALID_RESPONSE', message: 'document type declarations are not accepted' };
  let doc: unknown;
  try {
    doc = parser().parse(xml, true);
  } catch {
    return { ok: false, code: 'INVALID_RESPONSE', message: 'not well-formed XML' };
  }
  const response = (doc as { serviceResponse?: Record<string, unknown> } | null)?.serviceResponse;
  if (!response || typeof response !== 'object') return { ok: false, code: 'INVALID_RESPONSE', message: 'no serviceResponse' };
  const success = response.authenticationSuccess as { user?: unknown } | undefined;
  if (success && typeof success === 'object' && typeof success.user === 'string' && success.user.trim() !== '') {
    return { ok: true, user: success.user.trim() };
  }
  const failure = response.authenticationFailure as { '@code'?: unknown; '#text'?: unknown } | string | undefined;
  if (failure !== undefined) {
    const code = typeof failure === 'object' && typeof failure['@code'] === 'string' ? failure['@code'] : 'UNKNOWN';
    const text = typeof failure === 'string' ? failure : typeof failure?.['#text'] === 'string' ? failure['#text'] : '';
    return { ok: false, code, message: text.slice(0, 200) };
  }
  return { ok: false, code: 'INVALID_RESPONSE', message: 'neither success nor failure' };
}

async function readLimited(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new Error('CAS response too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks the CAS server whether the ticket was issued for this service (`/p3/serviceValidate`, or `/serviceValidate` with CAS_PROTOCOL=2). */
export async function validateTicket(cas: NonNullable<SsoConfig['cas']>, ticket: string, service: string): Promise<CasAnswer> {
  const url = new URL(`${cas.serverUrl}${cas.protocol === 3 ? '/p3/serviceValidate' : '/serviceValidate'}`);
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  let text: string;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
      redirect: 'error',
      headers: { accept: 'application/xml, text/xml' },
    });
    if (!response.ok) throw new Error(`CAS answered HTTP ${response.status}`);
    text = await readLimited(response);
  } catch {
    throw new BizError(SsoMsg.casUnreachable);
  }
  return parseServiceResponse(text);
}

/**
 * GET /cas/client/validateLogin (JEECG-API §2.6): the ticket from the page address, checked with the
 * CAS server for our service; the CAS user is the local account of that name (none is created), and
 * signs in as a password login does, with a login log row either way.
 */
export async function casLogin(
  deps: LoginDeps & { sso: SsoConfig },
  input: { ticket: string; service: string },
  client: ClientInfo,
  url: string,
): Promise<LoginResult> {
  const cas = deps.sso.cas;
  if (!cas) throw new BizError(SsoMsg.casNotConfigured);
  if (!acceptedServices(deps.sso).includes(input.service)) throw new BizError(SsoMsg.serviceMismatch);
  const answer = await validateTicket(cas, input.ticket, input.service);
  const logFailure = (username: string | null, reason: string) =>
    writeLoginLog(deps.db, { content: `用户名: ${username ?? '-'},单点登录失败！${reason}`, username, realname: null, client, url });
  if (!answer.ok) {
    await logFailure(null, `票据无效（${answer.code}）`);
    throw new BizError(SsoMsg.ticketRefused);
  }
  const user = await findActiveUserByUsername(deps.db, answer.user);
  if (!user) {
    await logFailure(answer.user, '本系统无此账号');
    throw new BizError(SsoMsg.casUserUnknown);
  }
  if (user.status !== 1) {
    await logFailure(answer.user, '用户已冻结');
    throw new BizError(Msg.userFrozen);
  }
  return openSession(deps, user, client, url, `用户名: ${user.username},登录成功[单点登录]！`);
}
