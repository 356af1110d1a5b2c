import path from 'node:path';
import { ADMIN, expect, GREETING, submitLogin, test } from '../support/app.ts';

// Screenshots to look at: Chinese text renders (CJK font), layouts hold at phone and desktop widths.
for (const [name, viewport] of [
  ['narrow', { width: 375, height: 812 }],
  ['wide', { width: 1440, height: 900 }],
] as const) {
  test(`login page and dashboard render at ${viewport.width}px`, async ({ page }, testInfo) => {
    const shot = (file: string) => path.join(testInfo.project.outputDir, 'screenshots', `${file}-${viewport.width}.png`);
    await page.setViewportSize(viewport);
    await page.goto('/user/login');
    await expect(page.getByRole('heading', { name: '商标维权服务系统' })).toBeVisible();
    await page.screenshot({ path: shot('login'), fullPage: true });

    await submitLogin(page, ADMIN.username, ADMIN.password);
    await expect(page.getByText(GREETING)).toBeVisible();
    await expect(page.getByText('信息中心').first()).toBeVisible();
    await page.screenshot({ path: shot('dashboard'), fullPage: true });

    if (name === 'narrow') {
      await page.getByRole('button', { name: '展开菜单' }).click();
      const drawer = page.locator('.ant-drawer-content-wrapper');
      await expect(drawer.getByRole('menuitem', { name: '首页' })).toBeVisible();
      await drawer.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await page.screenshot({ path: shot('dashboard-menu'), fullPage: false });
      await drawer.getByRole('menuitem', { name: '首页' }).click();
      await expect(drawer).toBeHidden();
    } else {
      await expect(page.getByText('欢迎进入 商标维权服务系统！').first()).toBeVisible();
    }
  });
}
