import type { APIRequestContext } from '@playwright/test';
import { apiCall, apiToken, expect } from './system.ts';

/** A phone no seeded account has: 139 and eight random digits. */
export const phoneOf = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * The latest code 短信发件箱 holds for a phone (and, when given, for one smsmode), read by the
 * administrator through the API: the e2e server has no SMS provider, so codes land there.
 */
export async function outboxCode(request: APIRequestContext, mobile: string, smsmode?: string): Promise<string> {
  const admin = await apiToken(request);
  let code = '';
  await expect(async () => {
    const page = await apiCall<{ records: { code: string }[] }>(request, admin, 'GET', '/sys/smsOutbox/list', undefined, {
      mobile,
      ...(smsmode ? { smsmode } : {}),
    });
    code = page.records[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  return code;
}
