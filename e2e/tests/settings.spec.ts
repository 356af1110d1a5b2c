import type { Page } from '@playwright/test';
import { expect, test } from '../support/app.ts';
import { makePageTall, screenshotPath, scrollTo, sider, signInQuickly, tabBar, withRichMenu } from '../support/shell.ts';

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(`pro__${k}`) ?? 'null') as { value: unknown; expire: number | null } | null, key);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '系统设置' })).toBeHidden();
}

const header = (page: Page) => page.locator('header.ant-layout-header');
const topOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())?.y;

test.describe('§3 settings drawer at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('theme, colour weak and multipage each change the layout and survive a reload', async ({ page, baseURL }, testInfo) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/e2e/keep');
    // defaults (spec §3): light side menu, tabs on, no colour weak
    await expect(sider(page)).toHaveClass(/ant-layout-sider-light/);
    await expect(tabBar(page)).toBeVisible();

    const drawer = await openSettings(page);
    await expect(drawer.getByRole('radio', { name: '亮色菜单风格' })).toBeChecked();
    await expect(drawer.getByRole('radio', { name: '侧边栏导航' })).toBeChecked();
    await expect(drawer.getByRole('radio', { name: '固定' })).toBeChecked();
    for (const name of ['固定 Header', '下滑时隐藏 Header', '固定侧边菜单', '色弱模式']) {
      await expect(drawer.getByRole('switch', { name })).not.toBeChecked();
    }
    await expect(drawer.getByRole('switch', { name: '多页签模式' })).toBeChecked();
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'settings-drawer', 1440) });

    await drawer.getByText('暗色菜单风格', { exact: true }).click();
    await expect(sider(page)).toHaveClass(/ant-layout-sider-dark/);
    await expect(sider(page)).toHaveCSS('background-color', 'rgb(0, 21, 41)');
    await drawer.getByRole('switch', { name: '色弱模式' }).click();
    await expect(page.locator('html')).toHaveCSS('filter', 'invert(0.8)');
    await drawer.getByRole('switch', { name: '多页签模式' }).click();
    await expect(tabBar(page)).toHaveCount(0);
    await closeSettings(page);
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'settings-dark-weak', 1440) });

    expect(await stored(page, 'DEFAULT_THEME')).toEqual({ value: 'dark', expire: null });
    expect(await stored(page, 'DEFAULT_COLOR_WEAK')).toEqual({ value: true, expire: null });
    expect(await stored(page, 'DEFAULT_MULTI_PAGE')).toEqual({ value: false, expire: null });
    await page.reload();
    await expect(sider(page)).toHaveClass(/ant-layout-sider-dark/);
    await expect(page.locator('html')).toHaveCSS('filter', 'invert(0.8)');
    await expect(page.getByText('运行状态')).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);
  });

  test('top menu: no sidebar, the menu in the header; content width Fixed is 1200 px, Fluid fills the window; both survive a reload', async ({
    page,
    baseURL,
  }, testInfo) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/e2e/keep');
    let drawer = await openSettings(page);
    await drawer.getByText('暗色菜单风格', { exact: true }).click();
    await drawer.getByText('顶部栏导航', { exact: true }).click();
    await closeSettings(page);
    await expect(sider(page)).toHaveCount(0);
    await expect(header(page).getByRole('menuitem', { name: '首页' })).toBeVisible();
    await expect(header(page)).toHaveCSS('background-color', 'rgb(0, 21, 41)');
    const content = page.locator('[data-page]:visible');
    expect((await content.boundingBox())?.width).toBeLessThanOrEqual(1200);
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'settings-topmenu-fixed', 1440) });

    drawer = await openSettings(page);
    await drawer.getByText('流式', { exact: true }).click();
    await closeSettings(page);
    expect((await content.boundingBox())?.width).toBeGreaterThan(1300);
    expect(await stored(page, 'DEFAULT_LAYOUT_MODE')).toEqual({ value: 'topmenu', expire: null });
    expect(await stored(page, 'DEFAULT_CONTENT_WIDTH_TYPE')).toEqual({ value: 'Fluid', expire: null });

    await page.reload();
    await expect(header(page).getByRole('menuitem', { name: '首页' })).toBeVisible();
    await expect(sider(page)).toHaveCount(0);
    expect((await page.locator('[data-page]:visible').boundingBox())?.width).toBeGreaterThan(1300);
    await expect(tabBar(page)).toBeVisible();
    // more sections than fit go under the header menu's overflow (…); the visible ones open in place
    await header(page).getByRole('menuitem', { name: '机构管理' }).hover();
    await page.locator('.ant-menu-submenu-popup:visible').getByRole('menuitem', { name: '机构列表' }).click();
    await expect(page).toHaveURL('/rights/org/list');
    // the bell takes the dark header's light colour
    await expect(
      header(page)
        .getByRole('button', { name: /消息通知/ })
        .locator('.anticon-bell'),
    ).toHaveCSS('color', 'rgba(255, 255, 255, 0.85)');
  });

  test('fixed header, hide on scroll after 100 px, fixed sidebar, and the §4 coupling', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/test/home');
    await makePageTall(page);

    // not fixed: header and sidebar scroll away with the page
    await scrollTo(page, 300);
    await expect.poll(() => topOf(page, 'header.ant-layout-header')).toBeLessThan(-200);
    await expect.poll(() => topOf(page, '.ant-layout-sider')).toBeLessThan(-200);
    await scrollTo(page, 0);

    const drawer = await openSettings(page);
    await expect(drawer.getByRole('switch', { name: '下滑时隐藏 Header' })).toBeDisabled();
    await drawer.getByRole('switch', { name: '固定 Header' }).click();
    await drawer.getByRole('switch', { name: '下滑时隐藏 Header' }).click();
    await drawer.getByRole('switch', { name: '固定侧边菜单' }).click();
    await closeSettings(page);

    await scrollTo(page, 60);
    await expect(header(page)).toBeVisible();
    await expect.poll(() => topOf(page, 'header.ant-layout-header')).toBe(0);
    await expect.poll(() => topOf(page, '.ant-layout-sider')).toBe(0);
    await scrollTo(page, 500);
    await expect(header(page)).toBeHidden();
    await expect.poll(() => topOf(page, '.ant-layout-sider')).toBe(0);
    await scrollTo(page, 420);
    await expect(header(page)).toBeVisible();
    await expect.poll(() => topOf(page, 'header.ant-layout-header')).toBe(0);

    // survives a reload
    await page.reload();
    await expect(page.getByText('运行状态')).toBeVisible();
    await makePageTall(page);
    await scrollTo(page, 500);
    await expect(header(page)).toBeHidden();
    await scrollTo(page, 0);
    await expect(header(page)).toBeVisible();

    // §4 turning fixed header off turns auto-hide off
    const settings = await openSettings(page);
    await settings.getByRole('switch', { name: '固定 Header' }).click();
    await expect(settings.getByRole('switch', { name: '下滑时隐藏 Header' })).not.toBeChecked();
    await expect(settings.getByRole('switch', { name: '下滑时隐藏 Header' })).toBeDisabled();
    expect(await stored(page, 'DEFAULT_FIXED_HEADER_HIDDEN')).toEqual({ value: false, expire: null });

    // §4 the fixed sidebar is forced off in top-menu layout and on layout change
    await expect(settings.getByRole('switch', { name: '固定侧边菜单' })).toBeChecked();
    await settings.getByText('顶部栏导航', { exact: true }).click();
    await expect(settings.getByRole('switch', { name: '固定侧边菜单' })).not.toBeChecked();
    await expect(settings.getByRole('switch', { name: '固定侧边菜单' })).toBeDisabled();
    await settings.getByText('侧边栏导航', { exact: true }).click();
    await expect(settings.getByRole('switch', { name: '固定侧边菜单' })).not.toBeChecked();
    await expect(settings.getByRole('switch', { name: '固定侧边菜单' })).toBeEnabled();
    expect(await stored(page, 'DEFAULT_FIXED_SIDEMENU')).toEqual({ value: false, expire: null });
    await closeSettings(page);
    await scrollTo(page, 300);
    await expect.poll(() => topOf(page, '.ant-layout-sider')).toBeLessThan(-200);
  });

  test('primary colour: 正在编译主题！ while it applies, then the whole app takes it, also after a reload', async ({ page }) => {
    await signInQuickly(page);
    // record every toast text, however short it shows
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toasts: string[] }).toasts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.ant-message-notice')) {
          const text = el.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const drawer = await openSettings(page);
    const checked = drawer.locator('.ant-radio-button-wrapper-checked').first();
    await expect(checked).toHaveCSS('background-color', 'rgb(24, 144, 255)');
    await expect(drawer.getByRole('radio', { name: '拂晓蓝（默认）' })).toBeChecked();

    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await expect(checked).toHaveCSS('background-color', 'rgb(114, 46, 209)');
    await expect(drawer.getByRole('radio', { name: '酱紫' })).toBeChecked();
    await expect.poll(() => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toContain('正在编译主题！');
    await expect(page.locator('.ant-message-notice').filter({ hasText: '正在编译主题！' })).toHaveCount(0);
    expect(await stored(page, 'DEFAULT_COLOR')).toEqual({ value: '#722ED1', expire: null });

    await page.reload();
    await expect(page.getByRole('tab', { name: '首页' })).toHaveCSS('color', 'rgb(114, 46, 209)');
  });
});

test('§3 settings drawer at 375 px: dark menu in the drawer', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInQuickly(page);
  const drawer = await openSettings(page);
  await drawer.getByText('暗色菜单风格', { exact: true }).click();
  await drawer.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'settings-drawer', 375) });
  await closeSettings(page);
  await page.getByRole('button', { name: '展开菜单' }).click();
  const menu = page.locator('.ant-drawer').getByRole('menu');
  await expect(menu).toHaveClass(/ant-menu-dark/);
  const panel = page.locator('.ant-drawer-content-wrapper').filter({ has: page.getByRole('menu') });
  await panel.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'settings-dark-drawer', 375) });
});

test.describe('the settings drawer’s × closes it and nothing else', () => {
  for (const width of [1280, 1440, 375]) {
    test(`at ${width} px: clicking × closes the drawer, and the user menu under the pointer does not open`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInQuickly(page);
      const drawer = await openSettings(page);
      const close = drawer.locator('.ant-drawer-close');
      const box = (await close.boundingBox())!;
      await close.click();
      await expect(drawer).toBeHidden();
      // a hand never stays quite still: the pointer moves a pixel where the × was
      await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2 + 1);
      await page.waitForTimeout(600); // longer than the user menu's hover delay
      await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    });
  }
});
