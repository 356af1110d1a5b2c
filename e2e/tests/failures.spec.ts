import { RightsMsg } from '@sbwq/contracts';
import { expect, notificationsSeen, test } from '../support/app.ts';
import { signInQuickly } from '../support/shell.ts';

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
    // what the menu walk of accessibility.spec counts on
    expect(await notificationsSeen(page)).toEqual([expect.stringContaining(RightsMsg.notFound)]);
  });
});
