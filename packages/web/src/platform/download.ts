import { Msg, type Envelope } from '@sbwq/contracts';
import { buildUrl, type Query } from './http.ts';
import { getTenantId, getToken } from './token.ts';
import { BizFailure } from './result.ts';

/**
 * Blob download of a file the API answers (spec §7 "Helpers exist for blob download"), e.g. an Excel
 * export: same headers and `_t` as the http client; the file name comes from the answer's
 * Content-Disposition (RFC 5987 `filename*` first). A JSON answer is a failure envelope.
 */
export async function downloadFile(url: string, params: Query, fallbackName: string): Promise<string> {
  const headers: Record<string, string> = { tenant_id: getTenantId() };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  const response = await fetch(buildUrl('GET', url, params), { headers, credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const text = await response.text();
    let message = response.status === 403 ? Msg.forbidden : `请求失败（HTTP ${response.status}）`;
    try {
      message = (JSON.parse(text) as Envelope).message || message;
    } catch {
      // not JSON: keep the generic text
    }
    // Shown by the caller (showFailure), so a BizFailure even for an HTTP error.
    throw new BizFailure(message, response.status);
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
  return name;
}

export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}
