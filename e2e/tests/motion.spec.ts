import type { Page } from '@playwright/test';
import { expect, test } from '../support/app.ts';
import { signInQuickly } from '../support/shell.ts';

/** Records every animation class antd's motion puts on an element (`…-enter`, `…-appear`, `…-leave`). */
async function recordMotionClasses(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    Object.defineProperty(window, '__e2eMotion', { value: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        const el = record.target as Element;
        for (const name of el.classList ?? []) if (/-(enter|appear|leave)(-active)?$/.test(name)) seen.add(name);
      }
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
}

const motionClasses = (page: Page) => page.evaluate(() => [...((window as unknown as { __e2eMotion: Set<string> }).__e2eMotion ?? [])]);

/** Opens and closes the settings drawer, and answers the transition of a side-menu entry. */
async function useTheShell(page: Page) {
  await recordMotionClasses(page);
  await signInQuickly(page);
  const settings = page.getByRole('button', { name: '系统设置' });
  await settings.click();
  await expect(page.getByRole('dialog', { name: '系统设置' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '系统设置' })).toBeHidden();
  return page
    .locator('.ant-layout-sider .ant-menu-item')
    .first()
    .evaluate((el) => getComputedStyle(el).transitionDuration);
}

test.describe('accessibility: the system asks for reduced motion', () => {
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });

  test('antd animates nothing: no enter or leave classes, transitions last 0s', async ({ page }) => {
    const duration = await useTheShell(page);
    expect(duration.split(',').every((d) => d.trim() === '0s')).toBe(true);
    expect(await motionClasses(page)).toEqual([]);
  });
});

test.describe('accessibility: the system has no motion preference', () => {
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: 'no-preference' });

  test('antd animates as usual: the drawer moves in and out, transitions take time', async ({ page }) => {
    const duration = await useTheShell(page);
    expect(duration).toMatch(/0\.\d+s/);
    const classes = await motionClasses(page);
    expect(classes.some((c) => /-(enter|appear)/.test(c))).toBe(true);
    expect(classes.some((c) => /-leave/.test(c))).toBe(true);
  });
});
