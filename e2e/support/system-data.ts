import type { Locator, Page } from '@playwright/test';
import { button } from './app.ts';
import { expect, shot, toast } from './system.ts';

/** Helpers of the system-data screens' specs (数据字典, 分类字典, 填值规则, 校验规则, 表字典登记). */

/** A screenshot once drawers, dialogs and dropdowns have finished moving in. */
export async function snap(page: Page, testInfo: { project: { outputDir: string } }, name: string, fullPage = false) {
  await expect(page.locator('[class*="-enter-active"], [class*="-appear-active"]')).toHaveCount(0);
  await page.screenshot({ path: shot(testInfo, name), fullPage });
}

/** Confirms the open Popconfirm and waits for it to go, so the next one is the only one on the page. */
export async function confirmInPopup(page: Page) {
  const popup = page.locator('.ant-popconfirm:visible');
  await button(popup, '确定').click();
  await expect(popup).toHaveCount(0);
}

/** The list's search form (the dialogs' fields share its placeholders). */
export const search = (scope: Page | Locator) => scope.locator('form.list-search');

/** The options an open antd select dropdown shows. */
export const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
/** An open dropdown done with its opening animation: a click on an option during it can get lost. */
export const settled = (page: Page) => page.locator('.ant-select-dropdown:visible:not([class*="-enter"]):not([class*="-appear"]):not([class*="-leave"])');

/** Picks an option of a select by its title and waits for the dropdown to close; a lost click is tried again. */
export async function choose(page: Page, field: Locator, title: string) {
  await expect(async () => {
    if ((await dropdown(page).count()) === 0) await field.click();
    await settled(page).getByTitle(title, { exact: true }).click({ timeout: 5_000 });
    await expect(dropdown(page)).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** 确定 on a 新增 dialog: 添加成功！ and the dialog closes. */
export async function saveNew(page: Page, form: Locator) {
  await button(form, '确定').click();
  await toast(page, '添加成功！');
  await expect(form).toBeHidden();
}

/** The list searched by one field (named by its placeholder) down to the one row that matches. */
export async function searchOne(page: Page, placeholder: string, text: string) {
  await search(page).getByPlaceholder(placeholder).fill(text);
  await button(page, '查询').click();
  await expect(page.getByText('1-1 共 1 条')).toBeVisible();
}

/** Types into a cell of the editable grid: a click opens its editor, Enter closes it. */
export async function typeInto(scope: Locator, target: Locator, label: string, text: string) {
  await target.click();
  const box = scope.getByLabel(label, { exact: true });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toBeHidden();
}
