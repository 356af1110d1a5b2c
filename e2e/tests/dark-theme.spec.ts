import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/app.ts';
import { signInQuickly } from '../support/shell.ts';

/**
 * Issue 36: 暗黑模式 in the settings drawer turns the whole app dark — antd's components and our own
 * layout, header, tabs and footer — keeps it after a reload like the other settings, and meets WCAG 2.1
 * AA (axe-core: no serious or critical finding) on the dashboard, a list and a dialog.
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function findings(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // a card's loading skeleton pulses for ever: its animation only ends by being cancelled when the data comes
  await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}

/** The luminance of an element's computed background colour (0 black … 1 white). */
const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const [r, g, b] = getComputedStyle(el)
        .backgroundColor.match(/\d+(\.\d+)?/g)!
        .map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });

test.describe('暗黑模式 (issue 36)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the drawer switch darkens the whole app, survives a reload, and leaves no serious WCAG 2.1 AA finding on the dashboard, a list and a dialog', async ({
    page,
  }) => {
    test.slow(); // three axe-core audits
    await signInQuickly(page, '/dashboard/analysis');
    await expect(page.locator('header.ant-layout-header')).toBeVisible();
    expect(await backgroundOf(page, 'header.ant-layout-header')).toBeGreaterThan(0.9);

    await page.getByRole('button', { name: '系统设置' }).click();
    const drawer = page.getByRole('dialog', { name: '系统设置' });
    await drawer.getByRole('switch', { name: '暗黑模式' }).click();
    await expect(drawer.getByRole('switch', { name: '暗黑模式' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // the page, the header, the side menu and the content cards, not only the menu
    for (const selector of ['body', 'header.ant-layout-header', '.ant-layout-sider', '.ant-card']) {
      expect(await backgroundOf(page, selector), selector).toBeLessThan(0.15);
    }

    await page.reload();
    expect(await backgroundOf(page, 'header.ant-layout-header')).toBeLessThan(0.15);
    const found = await findings(page, '首页');

    await page.goto('/isystem/user');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    expect(await backgroundOf(page, '.ant-table-container')).toBeLessThan(0.15);
    found.push(...(await findings(page, '用户管理')));

    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = page
      .getByRole('dialog')
      .filter({ has: page.locator('.ant-modal-title, .ant-drawer-title') })
      .last();
    await expect(dialog).toBeVisible();
    found.push(...(await findings(page, '用户管理 新增')));
    expect(found, found.join('\n')).toEqual([]);
  });
});
