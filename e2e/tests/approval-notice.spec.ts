import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { button, newContext, test } from '../support/app.ts';
import { dialog, expect, row, signInAs, toast } from '../support/system.ts';
import { apiCall, certifiedOrgViaApi, unique } from '../support/rights.ts';

/** A signed-in page in a browser context of its own (the reviewer works beside the organisation user). */
async function contextFor(browser: Browser, username: string, baseURL: string, ip: string): Promise<Page> {
  const context = await newContext(browser, { baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, username);
  return page;
}

/** The header's 待审批 entry and the count it shows (its label: 待我审批（N项待审批）). */
const todoEntry = (page: Page) => page.getByTestId('header-todo').getByRole('button');
async function headerCount(page: Page): Promise<number> {
  const label = (await todoEntry(page).getAttribute('aria-label')) ?? '';
  return Number(/（(\d+)项待审批）/.exec(label)?.[1] ?? 0);
}

/** A protected-rights record of the organisation, as a draft (草稿). */
async function draftRight(request: APIRequestContext, token: string, name: string): Promise<string> {
  return apiCall<string>(request, token, 'POST', '/rights/right/add', {
    trademarkName: name,
    regNo: String(40_000_000 + Math.floor(Math.random() * 9_000_000)),
    niceClass: '25',
    registrant: '测试品牌股份有限公司',
    regDate: '2019-04-07',
  });
}

/** A certified organisation with one 草稿 right named after `prefix`, its user signed in on `page` at 1440 px. */
async function signedInWithDraft(page: Page, request: APIRequestContext, prefix: string) {
  const org = await certifiedOrgViaApi(request);
  const name = unique(prefix);
  const id = await draftRight(request, org.token, name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, org.username);
  return { org, id, name };
}

test.describe('decisions reach the submitter, staff see what waits, drafts stay private', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a reviewer’s rejection reaches the organisation user’s open bell with the remark, without a reload; the reviewer’s header count rises on the submission and falls after the decision', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { org, id, name: markName } = await signedInWithDraft(page, request, '通知商标');
    // The submitter keeps the bell open on its 系统消息 tab.
    await page.getByRole('button', { name: /^消息通知/ }).click();
    const panel = page.getByTestId('notice-panel');
    await panel.getByRole('tab', { name: /^系统消息/ }).click();
    await expect(panel).not.toContainText(markName);
    // an organisation user has no 待我审批, so no count
    await expect(page.getByTestId('header-todo')).toHaveCount(0);

    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.81.0.2');
    await expect(todoEntry(reviewer)).toBeVisible();
    const before = await headerCount(reviewer);
    await apiCall(request, org.token, 'POST', '/rights/right/submit', { ids: id });
    await expect.poll(() => headerCount(reviewer), { timeout: 15_000 }).toBeGreaterThan(before);
    const raised = await headerCount(reviewer);

    // The entry opens 待我审批, where the new submission is on the first page (newest first).
    await todoEntry(reviewer).click();
    await expect(reviewer).toHaveURL('/rights/approval/todo');
    const todo = row(reviewer, markName);
    await expect(todo).toContainText(org.orgName);
    await todo.getByRole('button', { name: '审批' }).click();
    const decide = dialog(reviewer, new RegExp(`权利备案：${markName}`));
    await decide.getByRole('textbox').fill('商标注册证扫描件不清晰，请重新上传');
    await button(decide, '驳回').click();
    await toast(reviewer, '驳回');
    await expect(decide).toBeHidden();
    await expect(row(reviewer, markName)).toHaveCount(0);
    await expect.poll(() => headerCount(reviewer), { timeout: 15_000 }).toBeLessThan(raised);
    // On a phone the entry still fits in the header beside the bell and the settings button.
    await reviewer.setViewportSize({ width: 375, height: 812 });
    for (const name of [/^待我审批/, /^消息通知/, /^系统设置$/]) {
      const box = await reviewer.locator('header').getByRole('button', { name }).boundingBox();
      expect(box, String(name)).not.toBeNull();
      expect(box!.x + box!.width, String(name)).toBeLessThanOrEqual(375);
    }

    // The submitter's open bell shows it, pushed over the socket; the notice carries the remark.
    const item = panel.getByRole('button', { name: new RegExp(`受保护权利审核已驳回：${markName}`) });
    await expect(item).toBeVisible({ timeout: 5_000 });
    await item.click();
    const notice = dialog(page, '通知消息');
    await expect(notice).toContainText('审核意见：商标注册证扫描件不清晰，请重新上传');
    await expect(notice).toContainText('审核人：');
    await button(notice, '去处理').click();
    await expect(page).toHaveURL('/rights/right/list');
    await expect(row(page, markName)).toContainText('已驳回');
    await reviewer.context().close();
  });

  test('draft scope: a reviewer does not see another organisation’s 草稿 in 受保护权利, and sees it once submitted', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { org, id, name: draftName } = await signedInWithDraft(page, request, '草稿商标');
    await page.goto('/rights/right/list');
    await expect(row(page, draftName)).toContainText('草稿');

    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.81.0.3');
    await reviewer.goto('/rights/right/list');
    await reviewer.getByPlaceholder('请输入商标名称').fill(draftName);
    await button(reviewer, '查询').click();
    await expect(reviewer.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await expect(row(reviewer, draftName)).toHaveCount(0);

    await apiCall(request, org.token, 'POST', '/rights/right/submit', { ids: id });
    await reviewer.reload();
    await reviewer.getByPlaceholder('请输入商标名称').fill(draftName);
    await button(reviewer, '查询').click();
    await expect(row(reviewer, draftName)).toContainText('待审核');
    await reviewer.context().close();
  });
});
