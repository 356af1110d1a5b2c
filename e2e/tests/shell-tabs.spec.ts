import type { Page } from '@playwright/test';
import { expect, test } from '../support/app.ts';
import { screenshotPath, sider, signInQuickly, tab, tabBar, toast, withRichMenu } from '../support/shell.ts';

const closeButton = (page: Page, title: string) =>
  // the × is for the mouse (hidden from assistive technology; Delete closes a focused tab)
  page
    .locator('.ant-tabs-tab')
    .filter({ has: page.getByRole('tab', { name: title, exact: true }) })
    .locator('[data-tab-close]');

async function contextMenu(page: Page, title: string, action: '刷新' | '关闭左侧' | '关闭右侧' | '关闭其他') {
  const open = page.locator('.ant-dropdown:visible');
  // The previous menu fades out for a moment; its items must not be the ones clicked.
  await expect(open).toHaveCount(0);
  await tab(page, title).click({ button: 'right' });
  await open.getByRole('menuitem', { name: action }).click();
  await expect(open).toHaveCount(0);
}

async function openFromMenu(page: Page, title: string) {
  const item = sider(page).getByRole('menuitem', { name: title });
  if (!(await item.isVisible())) await sider(page).getByText('演示菜单').click();
  await item.click();
  // A second click before this page's route has committed supersedes it (its tab never opens), as it would for a
  // user clicking two items at once; each test opens pages one after the other, as a reader does.
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

test.describe('§2 tabs at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('one tab per visited page; keepAlive pages keep their state, others start afresh; breadcrumb and title follow', async ({ page, baseURL }, testInfo) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    await expect(tab(page, '首页')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('首页 · 商标维权服务系统');
    const crumbs = page.getByRole('navigation', { name: '面包屑' });
    await expect(crumbs).toHaveText('首页');

    await openFromMenu(page, '保持页');
    await expect(page).toHaveURL('/e2e/keep');
    await expect(tab(page, '保持页')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('保持页 · 商标维权服务系统');
    // 首页 / 演示菜单 / 保持页: links but the last, which is plain text
    await expect(crumbs.getByRole('link')).toHaveText(['首页', '演示菜单']);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('保持页');
    const visible = page.locator('[data-page]:visible');
    await visible.getByLabel('随手记').fill('保持的内容');
    await visible.getByRole('button', { name: /点击计数/ }).click();
    await visible.getByRole('button', { name: /点击计数/ }).click();

    await openFromMenu(page, '普通页');
    await expect(page).toHaveTitle('普通页 · 商标维权服务系统');
    await expect(visible.getByLabel('随手记')).toHaveValue('');
    await visible.getByLabel('随手记').fill('不保持的内容');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页', '普通页']);
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'tabs', 1440) });

    await tab(page, '保持页').click();
    await expect(page).toHaveURL('/e2e/keep');
    await expect(visible.getByLabel('随手记')).toHaveValue('保持的内容');
    await expect(visible.getByRole('button', { name: /点击计数/ })).toHaveText(/点击计数：2/);
    await expect(page).toHaveTitle('保持页 · 商标维权服务系统');

    await tab(page, '普通页').click();
    await expect(page).toHaveURL('/e2e/plain');
    await expect(visible.getByLabel('随手记')).toHaveValue('');

    await crumbs.getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL('/dashboard/analysis');
    await expect(tab(page, '首页')).toHaveAttribute('aria-selected', 'true');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页', '普通页']);
  });

  test('narrowing below the tab breakpoint and widening again keeps the tabs and 首页 (issue 36: only the current tab was left)', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    await openFromMenu(page, '保持页');
    await openFromMenu(page, '普通页');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页', '普通页']);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(tabBar(page)).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页', '普通页']);
    await expect(tab(page, '普通页')).toHaveAttribute('aria-selected', 'true');
  });

  test('× closes a tab (the active one hands over to its neighbour); not the home tab: 首页不能关闭!', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    await openFromMenu(page, '保持页');
    await openFromMenu(page, '普通页');
    await tab(page, '保持页').click();

    await closeButton(page, '首页').click();
    await toast(page, '首页不能关闭!');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页', '普通页']);

    await closeButton(page, '保持页').click();
    await expect(page).toHaveURL('/e2e/plain');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '普通页']);
    await closeButton(page, '普通页').click();
    await expect(page).toHaveURL('/dashboard/analysis');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页']);
  });

  test('right-click: 关闭左侧 / 关闭右侧 / 关闭其他; beyond the ends 未知的操作 and 已到最后~ (§8)', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    for (const title of ['保持页', '普通页', '内嵌页面', '缺失页']) await openFromMenu(page, title);
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页', '普通页', '内嵌页面', '缺失页']);

    await contextMenu(page, '首页', '关闭左侧');
    await toast(page, '未知的操作');
    await contextMenu(page, '缺失页', '关闭右侧');
    await toast(page, '已到最后~');
    await expect(tabBar(page).getByRole('tab')).toHaveCount(5);

    // 关闭左侧 of 普通页 while 缺失页 is shown: 首页 stays, the shown tab stays
    await contextMenu(page, '普通页', '关闭左侧');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '普通页', '内嵌页面', '缺失页']);
    await expect(page).toHaveURL('/e2e/missing');

    // 关闭右侧 of 普通页 closes the shown tab: 普通页 is shown
    await contextMenu(page, '普通页', '关闭右侧');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '普通页']);
    await expect(page).toHaveURL('/e2e/plain');

    for (const title of ['保持页', '缺失页']) await openFromMenu(page, title);
    await contextMenu(page, '保持页', '关闭其他');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '保持页']);
    await expect(page).toHaveURL('/e2e/keep');
  });

  test('刷新 remounts the page and highlights its tab for 1.4 s', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page);
    await openFromMenu(page, '保持页');
    const visible = page.locator('[data-page]:visible');
    await visible.getByLabel('随手记').fill('刷新前');
    await tab(page, '首页').click();

    // when the highlight comes and goes, and on which tab, as the page sees it
    await page.evaluate(() => {
      const seen: { at: number; tab: string | null }[] = [];
      (window as unknown as { highlight: typeof seen }).highlight = seen;
      let on: string | null = null;
      new MutationObserver(() => {
        const now = document.querySelector('.ant-tabs-nav [data-reloading]')?.textContent ?? null;
        if (now !== on) seen.push({ at: performance.now(), tab: now });
        on = now;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-reloading'] });
    });
    await contextMenu(page, '保持页', '刷新');
    await expect(page).toHaveURL('/e2e/keep');
    await expect(visible.getByLabel('随手记')).toHaveValue('');
    const highlight = () => page.evaluate(() => (window as unknown as { highlight: { at: number; tab: string | null }[] }).highlight);
    await expect.poll(async () => (await highlight()).length, { timeout: 5_000 }).toBe(2);
    const [on, off] = await highlight();
    expect([on!.tab, off!.tab]).toEqual(['保持页', null]);
    // the 1.4 s timer starts when the tab is marked, a frame or two before the page sees the mark: allow that much
    expect(off!.at - on!.at).toBeGreaterThanOrEqual(1_250);
    expect(off!.at - on!.at).toBeLessThan(1_800);
  });

  test('§2 a page may rename itself: tab and document title keep that name, also after a reload', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/test/home');
    await expect(tab(page, '测试主页')).toBeVisible();
    await page.getByLabel('新的页面标题').fill('我的测试页');
    await page.getByRole('button', { name: '修改标题' }).click();
    await expect(tab(page, '我的测试页')).toBeVisible();
    await expect(page).toHaveTitle('我的测试页 · 商标维权服务系统');
    await page.reload();
    await expect(tab(page, '我的测试页')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('我的测试页 · 商标维权服务系统');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['首页', '我的测试页']);
  });

  test('the last tab cannot be closed: 这是最后一页，不能再关闭了啦', async ({ page, baseURL }) => {
    await withRichMenu(page, baseURL!);
    await signInQuickly(page, '/e2e/plain');
    // Single-page mode keeps the current page alone; back in multipage mode it is the only tab.
    await page.getByRole('button', { name: '系统设置' }).click();
    const multipage = page.getByRole('switch', { name: '多页签模式' });
    await multipage.click();
    await expect(tabBar(page)).toHaveCount(0);
    await multipage.click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-drawer-content')).toBeHidden();
    await expect(tabBar(page).getByRole('tab')).toHaveText(['普通页']);
    await closeButton(page, '普通页').click();
    await toast(page, '这是最后一页，不能再关闭了啦');
    await expect(tabBar(page).getByRole('tab')).toHaveText(['普通页']);
  });
});

test('§2 no tabs on mobile (375 px); breadcrumb and title still there', async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await withRichMenu(page, baseURL!);
  await signInQuickly(page, '/e2e/keep');
  await expect(page.getByText('运行状态')).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText('首页/演示菜单/保持页');
  await expect(page).toHaveTitle('保持页 · 商标维权服务系统');
  await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'tabs', 375) });
});
