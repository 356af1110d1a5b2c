import type { Page } from '@playwright/test';
import { RightsMsg } from '@sbwq/contracts';
import { expect, test } from '../support/app.ts';
import { menuScreens, seedRows } from '../support/lists.ts';
import { signInQuickly } from '../support/shell.ts';

/** The texts of the §8 notifications (系统提示) shown on this page so far, as the page recorded them. */
const notificationsSeen = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? []).filter((text) => text.includes('系统提示')));

test.describe('§8 one way to show a failure: the 系统提示 notification, once', () => {
  test('a load the server refuses (a batch that is not there) is told once, in the server’s words, and the page says what is missing', async ({ page }) => {
    await signInQuickly(page);
    await page.goto('/rights/batch/detail/no-such-batch');
    await expect(page.getByText('批次不存在或无权查看')).toBeVisible();
    const notice = page.locator('.ant-notification-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('系统提示');
    await expect(notice).toContainText(RightsMsg.notFound);
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    // what the walk below counts on
    expect(await notificationsSeen(page)).toEqual([expect.stringContaining(RightsMsg.notFound)]);
  });

  test('opening every menu screen, as the administrator and as an organisation user, tells of no failure', async ({ page, request }) => {
    test.setTimeout(300_000);
    const { orgUser } = await seedRows(request);
    const noisy: string[] = [];
    const visited: string[] = [];
    for (const username of [undefined, orgUser]) {
      for (const screen of await menuScreens(page, request, username)) {
        visited.push(screen.title);
        await page.goto(screen.path);
        await page.waitForLoadState('networkidle');
        for (const text of await notificationsSeen(page)) noisy.push(`${username ?? 'admin'} ${screen.title}: ${text}`);
      }
    }
    expect(visited).toEqual(expect.arrayContaining(['线索批次', '报销管理', '付款管理', '资金池管理', '用户管理']));
    expect(noisy).toEqual([]);
  });
});
