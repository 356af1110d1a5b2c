import type { APIRequestContext, Page } from '@playwright/test';
import { button } from './app.ts';
import { formItem } from './rights.ts';
import { choose, dropdown } from './system-data.ts';
import { apiCall, dialog, expect, toast } from './system.ts';

/** Helpers of the 线索批次 specs: what a batch needs before it is made (an approved right, an enabled pool). */

export type Pool = { frozenAmount: string; balanceAmount: string };

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
export async function enabledPool(
  request: APIRequestContext,
  financeToken: string,
  poolName: string,
  terms: { totalAmount?: string; subsidyPerCase?: string; orgCap?: string } = {},
) {
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
