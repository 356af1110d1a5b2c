import { expect, test } from '../support/app.ts';
import { signInQuickly } from '../support/shell.ts';

/**
 * Issue 36, spec §9: a lazy screen whose code does not come shows 页面加载失败 with 重试 in the screen's
 * place (the layout stays), instead of a blank page; and after a release under an open tab (the old
 * file names answer 404) it offers to load the new version.
 */
const screenChunk = '**/assets/Exception403-*.js';

test.describe('§9 a screen whose code fails to load', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a blocked chunk shows 页面加载失败 and 重试 inside the layout; once the network is back, 重试 opens the screen', async ({ page }) => {
    await page.route(screenChunk, (route) => route.abort('failed'));
    await signInQuickly(page, '/exception/403');
    const failed = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('button', { name: /重\s*试/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText('首页/403');

    await page.unroute(screenChunk);
    await failed.getByRole('button', { name: /重\s*试/ }).click();
    await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '页面加载失败' })).toHaveCount(0);
  });

  test('after a new release the old chunk answers 404: the page offers 加载新版本, which reloads into the screen', async ({ page }) => {
    await page.route(screenChunk, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    await signInQuickly(page, '/exception/403');
    const updated = page.getByRole('alert').filter({ hasText: '系统已更新' });
    await expect(updated).toBeVisible();

    await page.unroute(screenChunk);
    await Promise.all([page.waitForEvent('load'), updated.getByRole('button', { name: '加载新版本' }).click()]);
    await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
  });
});
