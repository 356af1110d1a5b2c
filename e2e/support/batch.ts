import type { APIRequestContext, Locator } from '@playwright/test';
import { apiCall, expect } from './system.ts';

/** Helpers of the 线索批次 specs: what a batch needs before it is made (an approved right, an enabled pool). */

export type Pool = { frozenAmount: string; balanceAmount: string };

/** Types into a cell of the editable grid: a click opens its editor, Enter closes it. */
export async function typeInto(scope: Locator, target: Locator, label: string, text: string) {
  await target.click();
  const box = scope.getByLabel(label, { exact: true });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toBeHidden();
}

/** An approved protected-rights record of the organisation: what a batch is about. Answers its id. */
export async function approvedRight(request: APIRequestContext, orgToken: string, reviewerToken: string, name: string): Promise<string> {
  const id = await apiCall<string>(request, orgToken, 'POST', '/rights/right/add', {
    trademarkName: name,
    regNo: String(50_000_000 + Math.floor(Math.random() * 9_000_000)),
    niceClass: '25',
    registrant: '测试品牌股份有限公司',
    regDate: '2020-05-06',
  });
  await apiCall(request, orgToken, 'POST', '/rights/right/submit', { ids: id });
  await apiCall(request, reviewerToken, 'POST', '/rights/right/approve', { id, result: 'pass' });
  return id;
}

/** An enabled pool paying `subsidyPerCase` yuan per clue (default 500). */
export async function enabledPool(request: APIRequestContext, financeToken: string, poolName: string, terms: { totalAmount?: string; subsidyPerCase?: string; orgCap?: string } = {}) {
  const id = await apiCall<string>(request, financeToken, 'POST', '/rights/capitalPool/add', { poolName, fundSource: '1', poolYear: 2026, totalAmount: '100000', subsidyPerCase: '500', orgCap: '50000', ...terms });
  await apiCall(request, financeToken, 'PUT', '/rights/capitalPool/enable', { id });
  return id;
}

/** The pool as finance reads it. */
export async function poolOf(request: APIRequestContext, financeToken: string, id: string): Promise<Pool> {
  return apiCall<Pool>(request, financeToken, 'GET', '/rights/capitalPool/queryById', undefined, { id });
}
