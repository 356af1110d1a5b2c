import { ADMIN, button, expect, GREETING, test } from '../support/app.ts';
import { screenshotPath, signInQuickly } from '../support/shell.ts';

for (const width of [1440, 375] as const) {
  test.describe(`§2 pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 1000 ? 900 : 812 } });

    test('exceptions 403/404/500 are real routes inside the layout, with 返回首页', async ({ page }, testInfo) => {
      await signInQuickly(page, '/exception/403');
      for (const [code, text] of [
        ['403', '抱歉，你无权访问该页面'],
        ['404', '抱歉，您访问的页面不存在'],
        ['500', '抱歉，服务器出错了'],
      ] as const) {
        if (code !== '403') await page.goto(`/exception/${code}`);
        await expect(page.getByText(text)).toBeVisible();
        await expect(page.locator('.ant-result-title')).toHaveText(code);
        await expect(page).toHaveTitle(`${code} · 商标维权服务系统`);
        await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText(`首页/${code}`);
        await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, `exception-${code}`, width) });
      }
      await button(page, '返回首页').click();
      await expect(page).toHaveURL('/dashboard/analysis');
      await expect(page.getByText(GREETING)).toBeVisible();
    });

    test('result pages: success and fail, with 返回首页', async ({ page }, testInfo) => {
      await signInQuickly(page, '/result/success');
      await expect(page.getByText('提交成功')).toBeVisible();
      await expect(page).toHaveTitle('成功 · 商标维权服务系统');
      await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'result-success', width) });
      await page.goto('/result/fail');
      await expect(page.getByText('提交失败')).toBeVisible();
      await expect(page.getByText('请核对并修改信息后，再重新提交。')).toBeVisible();
      await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'result-fail', width) });
      await button(page, '返回首页').click();
      await expect(page).toHaveURL('/dashboard/analysis');
    });

    test('/test goes to /test/home, which shows the user, the device mode and the settings in force', async ({ page }, testInfo) => {
      await signInQuickly(page, '/test');
      await expect(page).toHaveURL('/test/home');
      await expect(page).toHaveTitle('测试主页 · 商标维权服务系统');
      const status = page.locator('.ant-card').filter({ hasText: '运行状态' });
      await expect(status.getByText(`${ADMIN.realname}（${ADMIN.username}）`)).toBeVisible();
      const device = width > 1087 ? `桌面端（desktop，宽 ${width}px）` : `移动端（mobile，宽 ${width}px）`;
      await expect(status.getByText(device)).toBeVisible();
      await expect(status.getByText('侧边栏导航')).toBeVisible();
      await expect(status.getByText('#1890FF')).toBeVisible();
      await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'test-home', width), fullPage: true });
    });
  });
}

test('/404 stands outside the layout; /test/home needs a sign-in', async ({ page }) => {
  await page.goto('/test/home');
  await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent('/test/home')}`);
  await signInQuickly(page, '/404');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
});
