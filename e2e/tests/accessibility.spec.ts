import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { ADMIN, expect, notificationsSeen, test } from '../support/app.ts';
import { certifiedOrgViaApi } from '../support/rights.ts';
import { apiLogin, signInQuickly } from '../support/shell.ts';
import { USER_PASSWORD } from '../support/system.ts';

/**
 * WCAG 2.1 AA as axe-core measures it, on every screen of the menu (read from the server, so a new
 * screen is walked without editing this file), as the administrator and as an organisation user, and
 * on the login page, a dialog, the bell's popover and the dashboard at 375 px. The default theme
 * (#1890FF, which the spec names, 3.2:1 on white) may leave serious findings on primary-coloured
 * surfaces but none critical; the 高对比度 setting leaves neither. Both themes are measured on the
 * same page load: the setting applies at once, through the settings drawer as a person would switch it.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Theme = 'default' | 'highContrast';
type Finding = { where: string; theme: Theme; rule: string; impact: string; nodes: string[] };

/**
 * Runs every WCAG 2.1 A/AA rule (`contrastOnly`: colour contrast alone, on a page already audited whose
 * theme has just changed — the markup is the same, only colours differ, and axe is still loaded).
 */
async function audit(page: Page, where: string, theme: Theme, findings: Finding[], contrastOnly = false) {
  const { violations } = contrastOnly
    ? await page.evaluate(
        (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
        { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] } satisfies RunOptions,
      )
    : await new AxeBuilder({ page })
        .withTags(WCAG_21_AA)
        .options({ resultTypes: ['violations'] })
        .analyze();
  for (const violation of violations) {
    findings.push({
      where,
      theme,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    });
  }
}

/**
 * What the themes may not leave: critical findings anywhere; serious ones under 高对比度 — where only
 * colour contrast depends on the theme, so a serious finding of another rule counts in either.
 */
function offending(findings: Finding[]) {
  const serious = (finding: Finding) => finding.theme === 'highContrast' || finding.rule !== 'color-contrast';
  return findings
    .filter((finding) => finding.impact === 'critical' || (finding.impact === 'serious' && serious(finding)))
    .map(({ where, theme, rule, impact, nodes }) => `${where} [${theme}] ${rule} (${impact}): ${nodes.join(' | ')}`);
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Switches 高对比度 in the settings drawer and closes it again. */
async function setHighContrast(page: Page, on: boolean) {
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统设置' });
  const toggle = drawer.getByRole('switch', { name: '高对比度' });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // colours may fade (a tab's label does): measured halfway, they are neither theme's
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** Audits what is on screen in the theme it has, then in the other one, and answers the theme it left. */
async function auditBothThemes(
  page: Page,
  where: string,
  current: Theme,
  findings: Finding[],
  reopen?: () => Promise<void>,
  close?: () => Promise<void>,
): Promise<Theme> {
  await audit(page, where, current, findings);
  const next: Theme = current === 'default' ? 'highContrast' : 'default';
  await close?.();
  await setHighContrast(page, next === 'highContrast');
  await reopen?.();
  await audit(page, where, next, findings, true);
  return next;
}

type MenuNode = { path: string; component?: string | null; hidden?: boolean; meta: { title: string; internalOrExternal?: boolean }; children?: MenuNode[] };

/** The screens the user's menu leads to (the leaves that open a page of ours). */
async function menuScreens(request: APIRequestContext, username: string, password: string) {
  const { token } = await apiLogin(request, username, password);
  const answer = await request.get('/jeecg-boot/sys/permission/getUserPermissionByToken', { headers: { 'X-Access-Token': token } });
  const menu = ((await answer.json()) as { result: { menu: MenuNode[] } }).result.menu;
  const leaves: { path: string; title: string }[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.hidden || node.meta.internalOrExternal) continue;
      if (node.children?.length) walk(node.children);
      else if (node.component) leaves.push({ path: node.path, title: node.meta.title });
    }
  };
  walk(menu);
  return leaves;
}

/**
 * Walks the user's menu screens (`part` of them: [which, of how many parts], to share the work between workers).
 * The walk also proves §8's other promise on every screen: opening it tells of no failure (no 系统提示).
 */
async function walkMenu(page: Page, username: string, password: string, findings: Finding[], minimum: number, [which, parts] = [0, 1]) {
  const all = await menuScreens(page.request, username, password);
  expect(all.length, 'screens in the menu').toBeGreaterThanOrEqual(minimum);
  const size = Math.ceil(all.length / parts);
  const screens = all.slice(which * size, (which + 1) * size);
  let theme: Theme = 'default';
  await signInQuickly(page, screens[0].path, username, password);
  for (const [index, screen] of screens.entries()) {
    if (index > 0) await page.goto(screen.path);
    await settled(page);
    for (const text of await notificationsSeen(page))
      findings.push({ where: `${username} ${screen.title} ${screen.path}`, theme, rule: '系统提示 on opening', impact: 'critical', nodes: [text] });
    theme = await auditBothThemes(page, `${username} ${screen.title} ${screen.path}`, theme, findings);
  }
  return theme;
}

test.describe('WCAG 2.1 AA (axe-core): 0 critical in the default theme, 0 serious with 高对比度; §8 no screen tells of a failure on opening', () => {
  // Two axe audits per screen are the heaviest work of the suite: the administrator's menu is walked in
  // quarters, so that beside the unit tests (npm test runs both at once) no walk runs into its time limit.
  test.describe.configure({ mode: 'parallel', timeout: 300_000 });

  for (const quarter of [0, 1, 2]) {
    test(`the administrator's menu screens, part ${quarter + 1} of 4`, async ({ page }) => {
      // an organisation with its records, so that the lists show status tags
      await certifiedOrgViaApi(page.request);
      const findings: Finding[] = [];
      await walkMenu(page, ADMIN.username, ADMIN.password, findings, 20, [quarter, 4]);
      expect(offending(findings)).toEqual([]);
    });
  }

  test("the administrator's menu screens, part 4 of 4, and a dialog", async ({ page }) => {
    await certifiedOrgViaApi(page.request);
    const findings: Finding[] = [];
    const theme = await walkMenu(page, ADMIN.username, ADMIN.password, findings, 20, [3, 4]);

    await page.goto('/isystem/user');
    await settled(page);
    const dialog = page.getByRole('dialog', { name: '新增用户' });
    const open = async () => {
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      await expect(dialog).toBeVisible();
    };
    const close = async () => {
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await expect(dialog).toBeHidden();
    };
    await open();
    // a new page load: the theme is the one the walk left
    await auditBothThemes(page, 'dialog 新增用户', theme, findings, open, close);
    expect(offending(findings)).toEqual([]);
  });

  test('every menu screen as an organisation user, the bell popover, the dashboard at 375 px and the login page', async ({ page, browser, baseURL }) => {
    const org = await certifiedOrgViaApi(page.request);
    const findings: Finding[] = [];
    let theme = await walkMenu(page, org.username, USER_PASSWORD, findings, 5);

    const popover = page.locator('.notice-popover');
    const openBell = async () => {
      await page.getByRole('button', { name: /^消息通知/ }).click();
      await expect(popover).toBeVisible();
    };
    const closeBell = async () => {
      await page.getByRole('button', { name: /^消息通知/ }).click();
      await expect(popover).toBeHidden();
    };
    await openBell();
    theme = await auditBothThemes(page, 'bell popover', theme, findings, openBell, closeBell);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard/analysis');
    await settled(page);
    await auditBothThemes(page, 'dashboard at 375 px', theme, findings);

    // signed out, in a context of its own; 高对比度 as a returning visitor left it
    const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
    const login = await context.newPage();
    await login.goto('/user/login');
    await expect(login.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    await audit(login, 'login page', 'default', findings);
    await login.evaluate(() => localStorage.setItem('pro__DEFAULT_HIGH_CONTRAST', JSON.stringify({ value: true, expire: null })));
    await login.reload();
    await expect(login.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    await audit(login, 'login page', 'highContrast', findings);
    await context.close();

    expect(offending(findings)).toEqual([]);
  });
});

test.describe('WCAG 2.1.1 keyboard: the shell works without a mouse', () => {
  test('the page-tab bar: ←/→ move between tabs, Enter opens one, Shift+F10 its menu, Delete closes it', async ({ page }) => {
    await signInQuickly(page, '/isystem/user');
    const bar = page.getByRole('tablist', { name: '已打开的页面' });
    await expect(bar.getByRole('tab')).toHaveText(['首页', '用户管理']);
    await bar.getByRole('tab', { name: '用户管理' }).focus();

    await page.keyboard.press('ArrowLeft');
    await expect(bar.getByRole('tab', { name: '首页' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/analysis');

    await page.keyboard.press('ArrowRight');
    await expect(bar.getByRole('tab', { name: '用户管理' })).toBeFocused();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '关闭其他' }) });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await bar.getByRole('tab', { name: '用户管理' }).focus();
    await page.keyboard.press('Delete');
    // (rc-tabs adds "Tab 1 of 1" for screen readers to the focused tab's text)
    await expect(bar.getByRole('tab')).toHaveText([/首页$/]);
    await expect(bar.getByRole('tab', { name: /首页$/ })).toBeFocused();
  });

  test('the settings drawer and the bell open with Enter, work by keyboard and close with Escape', async ({ page }) => {
    await signInQuickly(page);
    const settings = page.getByRole('button', { name: '系统设置' });
    await settings.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '系统设置' });
    await expect(drawer).toBeVisible();
    const toggle = drawer.getByRole('switch', { name: '高对比度' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-high-contrast', '');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const bell = page.getByRole('button', { name: /^消息通知/ });
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: '消息通知' });
    await expect(panel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('tab', { name: /通知\(/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('tab', { name: /系统消息\(/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();
  });
});

test('WCAG 1.4.10 reflow: at 375 px the header shows the whole system title and every button on screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInQuickly(page);
  const header = page.locator('header').first();
  const title = header.getByRole('link', { name: '商标维权服务系统' }).getByText('商标维权服务系统');
  await expect(title).toBeVisible();
  // neither cut with an ellipsis nor clamped: the box holds all of its text
  const clipped = await title.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
  expect(clipped, 'the title is cut').toBe(false);
  const titleBox = (await title.boundingBox())!;
  const headerBox = (await header.boundingBox())!;
  expect(titleBox.y).toBeGreaterThanOrEqual(headerBox.y);
  expect(titleBox.y + titleBox.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);

  const controls = [
    { name: '展开菜单', side: 'left' },
    { name: /^待我审批/, side: 'right' },
    { name: /^消息通知/, side: 'right' },
    { name: /^当前用户/, side: 'right' },
    { name: '退出登录', side: 'right' },
    { name: '系统设置', side: 'right' },
  ] as const;
  for (const { name, side } of controls) {
    const box = (await header.getByRole('button', { name }).boundingBox())!;
    expect(box.x, `${String(name)} on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${String(name)} on screen`).toBeLessThanOrEqual(375);
    if (side === 'left') expect(box.x + box.width, `${String(name)} clear of the title`).toBeLessThanOrEqual(titleBox.x);
    else expect(box.x, `${String(name)} clear of the title`).toBeGreaterThanOrEqual(titleBox.x + titleBox.width);
    expect(Math.min(box.width, box.height), `${String(name)} big enough to tap`).toBeGreaterThanOrEqual(24);
  }
});
