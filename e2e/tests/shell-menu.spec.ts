import { expect, GREETING, test } from '../support/app.ts';
import { EXTERNAL_URL, FRAME_TEXT, screenshotPath, sider, signInQuickly, tabBar, withRichMenu } from '../support/shell.ts';

test.describe('§2 main layout at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('header: logo to the dashboard, welcome text, the notice bell, the user dropdown, 退出登录, settings', async ({ page, baseURL }, testInfo) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/e2e/keep');
    const header = page.locator('header');
    await expect(header.getByText('欢迎进入 商标维权服务系统！')).toBeVisible();
    await expect(header.getByRole('button', { name: '当前用户 系统管理员' })).toBeVisible();
    await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expect(header.getByRole('button', { name: '系统设置' })).toBeVisible();
    // the notice bell (e2e/tests/announcements.spec.ts covers what it does)
    await expect(page.getByTestId('header-notice-slot').getByRole('button', { name: /^消息通知/ })).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'layout-menu', 1440) });

    await page.getByRole('link', { name: '商标维权服务系统' }).first().click();
    await expect(page).toHaveURL('/dashboard/analysis');
  });

  test('menu: non-hidden items, submenus; a collapsed sidebar (80 px) restores the open submenus on expansion (200 px)', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    const menu = sider(page).getByRole('menu');
    expect((await sider(page).boundingBox())?.width).toBe(200);
    await expect(menu.getByRole('menuitem', { name: '首页' })).toBeVisible();
    await expect(menu.getByText('隐藏页')).toHaveCount(0);

    await menu.getByText('演示菜单').click();
    await expect(menu.getByRole('menuitem', { name: '保持页' })).toBeVisible();
    await menu.getByText('结果页').click();
    await expect(menu.getByRole('menuitem', { name: '失败' })).toBeVisible();

    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(80);
    await expect(menu.getByRole('menuitem', { name: '保持页' })).toBeHidden();

    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(200);
    await expect(menu.getByRole('menuitem', { name: '保持页' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '失败' })).toBeVisible();

    // the sidebar state is remembered (spec §3 SIDEBAR_TYPE)
    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.reload();
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(80);
  });

  test('a hidden entry is still a page; an unknown component shows 页面不存在', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/e2e/hidden');
    await expect(page.getByText('运行状态')).toBeVisible();
    await expect(page).toHaveTitle('隐藏页 · 商标维权服务系统');
    // the page's submenu opens with it, though the page itself is not in the menu
    await expect(sider(page).getByRole('menuitem', { name: '保持页' })).toBeVisible();
    await expect(sider(page).getByText('隐藏页')).toHaveCount(0);
    await sider(page).getByRole('menuitem', { name: '缺失页' }).click();
    await expect(page.getByText('页面不存在')).toBeVisible();
    await expect(page.getByText('未找到页面组件：system/NoSuchList')).toBeVisible();
  });

  test('an internal link shows its address in a frame inside the layout; an external one opens a new window', async ({ page, baseURL }, testInfo) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    await sider(page).getByText('演示菜单').click();
    await sider(page).getByRole('menuitem', { name: '内嵌页面' }).click();
    await expect(page.frameLocator('iframe[title="内嵌页面"]').getByRole('heading', { name: FRAME_TEXT })).toBeVisible();
    await expect(tabBar(page).getByText('内嵌页面')).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'layout-iframe', 1440) });

    const url = page.url();
    const opened = page.context().waitForEvent('page');
    await sider(page).getByRole('menuitem', { name: '外部链接' }).click();
    const popup = await opened;
    await expect(popup).toHaveURL(EXTERNAL_URL);
    await popup.close();
    expect(page.url()).toBe(url);
  });

  test('§4 between 768 and 1087 px the device is mobile: menu in a drawer, no tabs; wider again, the sidebar is open', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await page.setViewportSize({ width: 1000, height: 800 });
    await signInQuickly(page);
    await expect(page.getByText(GREETING)).toBeVisible();
    await expect(sider(page)).toHaveCount(0);
    await expect(tabBar(page)).toHaveCount(0);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(page.locator('.ant-drawer').getByRole('menuitem', { name: '首页' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 800 });
    await expect.poll(async () => (await sider(page).boundingBox())?.width).toBe(200);
    await expect(tabBar(page)).toBeVisible();
  });
});

test.describe('§2 main layout at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu is a drawer with the same entries; choosing a page closes it; no tabs, no welcome text', async ({ page, baseURL }, testInfo) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    await expect(sider(page)).toHaveCount(0);
    await expect(tabBar(page)).toHaveCount(0);
    await expect(page.getByText('欢迎进入 商标维权服务系统！', { exact: true }).and(page.locator('header *'))).toHaveCount(0);
    await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();

    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.getByText('演示菜单').click();
    await expect(drawer.getByRole('menuitem', { name: '保持页' })).toBeVisible();
    await expect(drawer.getByText('隐藏页')).toHaveCount(0);
    await drawer.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'layout-drawer', 375) });
    await drawer.getByRole('menuitem', { name: '保持页' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/e2e/keep');
    await expect(page.getByText('运行状态')).toBeVisible();
    await expect(page.getByText('移动端（mobile，宽 375px）')).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'layout-test-home', 375), fullPage: true });
  });
});
