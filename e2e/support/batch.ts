import type { APIRequestContext, Page } from '@playwright/test';
import { button } from './app.ts';
import { certifiedOrgViaApi, createFinance, formItem } from './rights.ts';
import { choose, dropdown } from './system-data.ts';
import { apiCall, apiToken, dialog, expect, toast, unique, USER_PASSWORD } from './system.ts';

/** Helpers of the 线索批次 specs: what a batch needs before it is made (an approved right, an enabled pool), and batches made through the API in the state a spec starts from. */

export type Pool = { frozenAmount: string; balanceAmount: string };
export type PoolTerms = { totalAmount?: string; subsidyPerCase?: string; orgCap?: string };

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
export async function enabledPool(request: APIRequestContext, financeToken: string, poolName: string, terms: PoolTerms = {}) {
  const id = await apiCall<string>(request, financeToken, 'POST', '/rights/capitalPool/add', {
    poolName,
    fundSource: '1',
    poolYear: 2026,
    totalAmount: '100000',
    subsidyPerCase: '500',
    orgCap: '50000',
    ...terms,
  });
  await apiCall(request, financeToken, 'PUT', '/rights/capitalPool/enable', { id });
  return id;
}

/** An organisation ready to hand in a batch: certified, with an approved right and an enabled pool, its reviewer's token and a finance user. */
export async function readyForBatch(request: APIRequestContext, names: { markName: string; poolName: string; pool?: PoolTerms }) {
  const org = await certifiedOrgViaApi(request);
  const reviewerToken = await apiToken(request, org.reviewer, USER_PASSWORD);
  const financeUser = await createFinance(request);
  const financeToken = await apiToken(request, financeUser, USER_PASSWORD);
  const rightId = await approvedRight(request, org.token, reviewerToken, names.markName);
  const poolId = await enabledPool(request, financeToken, names.poolName, names.pool);
  return { org, reviewerToken, financeUser, financeToken, rightId, poolId };
}

export type ClueItem = { linkUrl: string; shopName?: string; price?: string };

/**
 * What a batch made through the API is: one right and a pool; 假冒注册商标 (1) on 淘宝 (1), found by the
 * organisation (1), 线上投诉 (1) unless said otherwise; one clue item per entry of `items` (one taobao link by default).
 */
export type BatchViaApi = {
  batchName: string;
  rightId: string;
  poolId: string;
  items?: ClueItem[];
  infringeType?: string;
  platform?: string;
  rightsMethod?: string;
};

/** A 草稿 batch of the organisation with its clue items. Answers its id. */
export async function draftBatchViaApi(request: APIRequestContext, orgToken: string, batch: BatchViaApi): Promise<string> {
  const { batchName, rightId, poolId, items = [{ linkUrl: `https://item.taobao.com/item.htm?id=${Date.now()}` }] } = batch;
  const id = await apiCall<string>(request, orgToken, 'POST', '/rights/threaded/add', {
    batchName,
    rightIds: rightId,
    infringeType: batch.infringeType ?? '1',
    clueSource: '1',
    platform: batch.platform ?? '1',
    rightsMethod: batch.rightsMethod ?? '1',
    poolId,
  });
  if (items.length) await apiCall(request, orgToken, 'POST', '/rights/threaded/item/save', { batchId: id, values: items, deleteIds: [] });
  return id;
}

/** The batch handed in: it waits for the reviewer (待审核). Answers its id. */
export async function submittedBatchViaApi(request: APIRequestContext, orgToken: string, batch: BatchViaApi): Promise<string> {
  const id = await draftBatchViaApi(request, orgToken, batch);
  await apiCall(request, orgToken, 'POST', '/rights/threaded/submit', { id });
  return id;
}

/** The batch approved with `approvedAmount` (frozen in its pool) and started by the organisation: 维权中, what a claim needs. */
export async function enforcedBatchViaApi(
  request: APIRequestContext,
  tokens: { orgToken: string; reviewerToken: string },
  batch: BatchViaApi & { approvedAmount: string },
): Promise<string> {
  const id = await submittedBatchViaApi(request, tokens.orgToken, batch);
  await apiCall(request, tokens.reviewerToken, 'POST', '/rights/threaded/review', { id, result: 'pass', approvedAmount: batch.approvedAmount });
  await apiCall(request, tokens.orgToken, 'POST', '/rights/threaded/startEnforce', { id });
  return id;
}

/** A bank account of the organisation that finance has approved: a claim can be paid into it. Answers its id. */
export async function approvedBankAccount(
  request: APIRequestContext,
  tokens: { orgToken: string; financeToken: string },
  account: { accountName: string; bankName: string; branchName: string; accountNo: string; isDefault?: '1' },
): Promise<string> {
  const id = await apiCall<string>(request, tokens.orgToken, 'POST', '/rights/bank/add', { accountNature: '1', ...account });
  await apiCall(request, tokens.financeToken, 'POST', '/rights/bank/approve', { id, result: 'pass' });
  return id;
}

/**
 * An organisation with a batch in 维权中 — 2 clues at 500, 1000.00 approved and frozen in its pool — and an
 * approved default account at 中国工商银行 numbered `accountNo`: what a claim needs. Names start with `prefix`.
 */
export async function claimableBatch(request: APIRequestContext, prefix: string, accountNo: string) {
  const ready = await readyForBatch(request, { markName: unique(`${prefix}商标`), poolName: unique(`${prefix}资金池`) });
  const { org, reviewerToken, financeToken } = ready;
  const batchName = unique(`${prefix}批次`);
  const item = () => ({ linkUrl: `https://item.taobao.com/item.htm?id=${Math.floor(Math.random() * 1e9)}` });
  const batchId = await enforcedBatchViaApi(
    request,
    { orgToken: org.token, reviewerToken },
    { batchName, rightId: ready.rightId, poolId: ready.poolId, items: [item(), item()], approvedAmount: '1000' },
  );
  const bankAccountId = await approvedBankAccount(
    request,
    { orgToken: org.token, financeToken },
    { accountName: org.orgName, bankName: '中国工商银行', branchName: '杭州滨江支行', accountNo, isDefault: '1' },
  );
  return { ...ready, batchId, batchName, bankAccountId };
}

/** The pool as finance reads it. */
export async function poolOf(request: APIRequestContext, financeToken: string, id: string): Promise<Pool> {
  return apiCall<Pool>(request, financeToken, 'GET', '/rights/capitalPool/queryById', undefined, { id });
}

/**
 * An organisation's browser drafts a batch with 新增 (one mark, 假冒注册商标 on `platform`, paid from the
 * pool) and lands on the new batch's page at 线索明细. Answers the batch's id.
 */
export async function draftBatch(agent: Page, batch: { batchName: string; markName: string; poolName: string; platform: string }): Promise<string> {
  await agent.setViewportSize({ width: 1440, height: 900 });
  await agent.goto('/rights/batch/list');
  await button(agent, '新增').click();
  const form = dialog(agent, '新增线索批次');
  await formItem(form, '批次名称').locator('input').fill(batch.batchName);
  const rights = formItem(form, '涉及权利').locator('.ant-select');
  await rights.click();
  await rights.locator('input').fill(batch.markName);
  await dropdown(agent).getByText(batch.markName).click();
  await agent.keyboard.press('Escape');
  await choose(agent, formItem(form, '侵权类型').locator('.ant-select'), '假冒注册商标');
  await choose(agent, formItem(form, '侵权平台').locator('.ant-select'), batch.platform);
  await formItem(form, '资金池').locator('.ant-select').click();
  await dropdown(agent).getByText(batch.poolName).click();
  await button(form, '保存').click();
  await toast(agent, '添加成功！');
  await expect(agent).toHaveURL(/\/rights\/batch\/detail\/[^/?]+\?tab=items$/);
  return /detail\/([^/?]+)/.exec(agent.url())![1];
}
