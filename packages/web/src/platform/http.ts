import { Msg, REQUEST_TIMEOUT_MS, type Envelope } from '@sbwq/contracts';
import { reloadPage } from './browser.ts';
import { appConfig } from './config.ts';
import { feedback, notifyError } from './feedback.ts';
import { clearToken, getTenantId, getToken } from './token.ts';

/**
 * The http client of spec §7 (request rules) and §8 (error catalogue), on fetch. It resolves with the
 * envelope body for every 2xx answer — business failures (`success: false`) are the caller's to read —
 * and rejects with an `HttpError` after telling the user about any other outcome.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export type RequestOptions = {
  params?: Query;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller handles failures itself: no notification, no session-expiry modal. */
  silent?: boolean;
};

export type HttpErrorKind = 'http' | 'timeout' | 'network' | 'aborted';

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number;
  readonly body: unknown;

  constructor(kind: HttpErrorKind, status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

/** Local texts the spec does not name (reported to contracts). */
export const NETWORK_ERROR_TEXT = '网络异常，请检查网络连接';
export const RELOGIN_TEXT = '重新登录';
const RELOAD_DELAY_MS = 1_500;

type SessionEnder = () => Promise<void>;

let endSession: SessionEnder = async () => clearToken();

/** The session module registers its logout here; the client must not import it (it is used by it). */
export function onSessionEnd(handler: SessionEnder): void {
  endSession = handler;
}

let sessionExpiredShown = false;
let unauthorizedHandled = false;

/**
 * Set once the page is being left (another address, a reload): the browser cancels its requests then,
 * which is no failure of theirs, and what they would conclude (logout) would hit the next page, which
 * shares this page's storage.
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  // back from the back/forward cache: the page lives on
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/** Test hook: forget that the once-only session dialogs were shown. */
export function resetHttpState(): void {
  sessionExpiredShown = false;
  unauthorizedHandled = false;
  leavingPage = false;
}

export async function request<T = unknown>(method: string, url: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { params, data, signal, silent = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const upper = method.toUpperCase();

  const headers: Record<string, string> = { tenant_id: getTenantId(), ...options.headers };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;

  let body: BodyInit | undefined;
  if (data !== undefined && upper !== 'GET' && upper !== 'HEAD') {
    if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) {
      body = data;
    } else {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(data);
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(buildUrl(upper, url, params), {
        method: upper,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      payload = await readBody(response);
    } catch (error) {
      if (timedOut) {
        if (!silent) notifyError(Msg.gatewayTimeout);
        throw new HttpError('timeout', 0, Msg.gatewayTimeout);
      }
      if (controller.signal.aborted || leavingPage) throw new HttpError('aborted', 0, 'aborted');
      if (!silent) notifyError(NETWORK_ERROR_TEXT);
      throw new HttpError('network', 0, error instanceof Error ? error.message : NETWORK_ERROR_TEXT);
    }

    if (response.ok) return payload as Envelope<T>;

    const serverMessage = messageOf(payload) || `请求失败（HTTP ${response.status}）`;
    if (!silent) handleStatus(response.status, serverMessage, token);
    throw new HttpError('http', response.status, serverMessage, payload);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export const http = {
  get: <T = unknown>(url: string, params?: Query, options?: Omit<RequestOptions, 'params'>) => request<T>('GET', url, { ...options, params }),
  post: <T = unknown>(url: string, data?: unknown, options?: Omit<RequestOptions, 'data'>) => request<T>('POST', url, { ...options, data }),
  put: <T = unknown>(url: string, data?: unknown, options?: Omit<RequestOptions, 'data'>) => request<T>('PUT', url, { ...options, data }),
  delete: <T = unknown>(url: string, params?: Query, options?: Omit<RequestOptions, 'params'>) => request<T>('DELETE', url, { ...options, params }),
};

/** spec §7: base path from configuration; GET adds `_t` (epoch seconds) except dictionary item lookups. */
export function buildUrl(method: string, url: string, params?: Query): string {
  const absolute = /^https?:\/\//i.test(url);
  const path = absolute ? url : `${appConfig().apiBase}${url.startsWith('/') ? url : `/${url}`}`;
  const search = new URLSearchParams();
  if (method.toUpperCase() === 'GET' && !url.includes('/sys/dict/getDictItems/')) {
    search.set('_t', String(Math.floor(Date.now() / 1000)));
  }
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** spec §8 error catalogue. */
function handleStatus(status: number, serverMessage: string, token: string | null): void {
  switch (status) {
    case 403:
      notifyError(Msg.forbidden);
      return;
    case 404:
      notifyError(Msg.notFound);
      return;
    case 504:
      notifyError(Msg.gatewayTimeout);
      return;
    case 401:
      notifyError(Msg.unauthorized);
      if (token && !unauthorizedHandled) {
        unauthorizedHandled = true;
        void endSession()
          .catch(() => undefined)
          .then(() => setTimeout(reloadPage, RELOAD_DELAY_MS));
      }
      return;
    case 500:
      if (token && serverMessage.includes('Token失效')) {
        showSessionExpired();
        return;
      }
      notifyError(serverMessage);
      return;
    default:
      notifyError(serverMessage);
  }
}

function showSessionExpired(): void {
  // Several calls usually fail together when a token dies: one dialog is enough.
  if (sessionExpiredShown) return;
  sessionExpiredShown = true;
  feedback().modal.error({
    title: Msg.sessionExpiredTitle,
    content: Msg.sessionExpiredContent,
    okText: RELOGIN_TEXT,
    closable: false,
    keyboard: false,
    maskClosable: false,
    onOk: async () => {
      await endSession().catch(() => undefined);
      clearToken();
      reloadPage();
    },
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page is no message for a user: keep it raw, so a generic text is shown instead.
    return text;
  }
}

function messageOf(payload: unknown): string {
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return '';
}
