import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { button, test } from '../support/app.ts';
import { menuScreens, seedRows, type Screen } from '../support/lists.ts';
import { screenshotPath } from '../support/shell.ts';
import { deleteTwoSelectedUsers, dialog, expect, selectTwoNewUsers, signIn, SYSTEM_TEST_TIMEOUT, unique, USER_PASSWORD } from '../support/system.ts';

// The list kit, on 用户管理: every ListPage screen gets these without code of its own.
test.describe('list kit on 用户管理', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  const header = (page: import('@playwright/test').Page, title: string) => page.locator('thead th', { hasText: title });

  test('列设置: a hidden column stays hidden after a reload (kept per user), 重置 shows it again', async ({ page }) => {
    await signIn(page);
    await page.goto('/isystem/user');
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await expect(header(page, '手机号码')).toBeVisible();
    await page.getByRole('button', { name: '列设置' }).click();
    const panel = page.getByRole('group', { name: '列设置' });
    await panel.getByRole('checkbox', { name: '手机号码' }).uncheck();
    await expect(header(page, '手机号码')).toHaveCount(0);

    await page.reload();
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await expect(header(page, '用户账号')).toBeVisible();
    await expect(header(page, '手机号码')).toHaveCount(0);

    await page.getByRole('button', { name: '列设置' }).click();
    await page
      .getByRole('group', { name: '列设置' })
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect(header(page, '手机号码')).toBeVisible();
  });

  test('批量删除 of two selected rows asks 确定要删除这 2 项吗? beside 已选择 2 项; 导出选中 downloads a file', async ({ page, request }) => {
    await selectTwoNewUsers(page, request, unique('e2ek'));
    const batch = page.getByRole('group', { name: '批量操作' });

    const download = page.waitForEvent('download');
    await button(batch, '导出选中').click();
    expect((await download).suggestedFilename()).toBe('用户信息.xlsx');

    await deleteTwoSelectedUsers(page, batch);
  });

  test('导入: 下载模板 gives the header row; a file with one bad row reports it with its row number and reason', async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto('/isystem/user');
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await button(page, '导入').click();
    const importDialog = dialog(page, '导入');

    const download = page.waitForEvent('download');
    await button(importDialog, '下载模板').click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('用户导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await template.path())!);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['用户账号', '姓名', '初始密码']);

    const username = unique('e2ek');
    sheet.addRow([username, '模板导入', USER_PASSWORD, '', '', '', '', 'A01A04', '']);
    sheet.addRow([`${username}x`, '坏部门', USER_PASSWORD, '', '', '', '', 'Z99', '']);
    const file = testInfo.outputPath(`${username}.xlsx`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await book.xlsx.writeFile(file);

    const chooser = page.waitForEvent('filechooser');
    await button(importDialog, '选择文件').click();
    await (await chooser).setFiles(file);
    const report = page.getByRole('region', { name: '导入结果' });
    await expect(report.getByText('成功导入 1 行，失败 1 行')).toBeVisible();
    await expect(report.getByText('第 4 行：部门编码“Z99”不存在')).toBeVisible();
    await button(dialog(page, '导入结果'), '确定').click();
    await expect(report).toBeHidden();
  });
});

/**
 * Every list of the menu at 1440 px, as the administrator and as an organisation user: each amount and
 * date shows its text whole (never cut, never behind the pinned 操作 column, never past a sideways scroll),
 * and the 操作 column is as wide as its buttons.
 */
test.describe('every list at 1440 px shows its amounts and dates whole', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  type Cut = { screen: string; column: string; text: string; why: string };

  /** Cells of amounts and dates (column kinds), and the 操作 buttons, that are not shown whole. */
  function cutCells(page: Page, screen: string) {
    return page.evaluate((screen) => {
      const cuts: { screen: string; column: string; text: string; why: string }[] = [];
      let kindCells = 0;
      let moneyCells = 0;
      for (const wrapper of document.querySelectorAll('#root .ant-table-wrapper')) {
        const table = wrapper.querySelector('.ant-table') as HTMLElement | null;
        if (!table || table.getBoundingClientRect().width === 0) continue;
        const scroller = (wrapper.querySelector('.ant-table-content, .ant-table-body') as HTMLElement | null) ?? table;
        const view = scroller.getBoundingClientRect();
        const headers = [...wrapper.querySelectorAll('thead th.ant-table-cell')].map((th) => (th.textContent ?? '').trim());
        // the pinned 操作 column covers what scrolls under it
        const pinned = [...wrapper.querySelectorAll('tbody td.ant-table-cell-fix-right, tbody td.ant-table-cell-fix-end')].map(
          (td) => td.getBoundingClientRect().left,
        );
        const visibleRight = Math.min(view.right, ...pinned);
        for (const row of wrapper.querySelectorAll('tbody tr.ant-table-row')) {
          [...row.children].forEach((cell, index) => {
            const td = cell as HTMLElement;
            const text = (td.textContent ?? '').trim();
            // an amount or a date by what it shows (a cut cell still holds its whole text), or by its column kind
            const kind =
              /list-cell-(money|date|datetime)/.exec(td.className)?.[1] ??
              (/^-?\d{1,3}(,\d{3})*\.\d{2}$|^-?\d+\.\d{2}$/.test(text)
                ? 'money'
                : /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text)
                  ? 'date'
                  : undefined);
            const actions = td.querySelector('.list-row-actions') ?? (headers[index] === '操作' ? td.firstElementChild : null);
            if (!kind && !actions) return;
            if (!text) return;
            const column = headers[index] ?? String(index);
            const box = td.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(actions ?? td);
            const ink = range.getBoundingClientRect();
            if (kind) {
              kindCells += 1;
              if (kind === 'money') moneyCells += 1;
            }
            if (td.scrollWidth > td.clientWidth) cuts.push({ screen, column, text, why: `cut (${td.scrollWidth} > ${td.clientWidth})` });
            else if (ink.right > box.right + 0.5 || ink.left < box.left - 0.5) cuts.push({ screen, column, text, why: 'wider than its cell' });
            else if (kind && box.right > visibleRight + 0.5)
              cuts.push({
                screen,
                column,
                text,
                why: `past the visible part (${Math.round(box.right)} > ${Math.round(visibleRight)}): needs a sideways scroll or lies under 操作`,
              });
          });
        }
      }
      return { cuts, kindCells, moneyCells };
    }, screen);
  }

  async function walk(page: Page, screens: Screen[], testInfo: { project: { outputDir: string } }, who: string) {
    const cuts: Cut[] = [];
    const withMoney: string[] = [];
    for (const screen of screens) {
      if (!screen.component.endsWith('List') || screen.component === 'system/DepartList') continue;
      await page.goto(screen.path);
      const tables = page.locator('#root .ant-table-wrapper:visible');
      await expect(tables.first(), `${screen.title} shows its table`).toBeVisible();
      await expect(tables.first().locator('tbody tr.ant-table-row, .ant-empty').first(), `${screen.title} has loaded`).toBeVisible();
      await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0);
      const found = await cutCells(page, screen.title);
      cuts.push(...found.cuts);
      if (found.moneyCells) withMoney.push(screen.title);
      await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, `lists-${who}-${screen.path.replaceAll('/', '_')}`, 1440) });
    }
    return { cuts, withMoney };
  }

  test('as the administrator and as an organisation user, with rows on every list', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const { orgUser } = await seedRows(request);

    const admin = await walk(page, await menuScreens(page, request), testInfo, 'admin');
    expect(admin.cuts, 'amounts, dates and 操作 buttons not shown whole (administrator)').toEqual([]);
    expect(admin.withMoney, 'lists whose amounts were checked (administrator)').toEqual(
      expect.arrayContaining(['线索批次', '资金池管理', '资金池日志', '报销管理', '付款管理']),
    );

    const org = await walk(page, await menuScreens(page, request, orgUser), testInfo, 'org');
    expect(org.cuts, 'amounts, dates and 操作 buttons not shown whole (organisation user)').toEqual([]);
    expect(org.withMoney, 'lists whose amounts were checked (organisation user)').toEqual(expect.arrayContaining(['线索批次', '报销管理']));
  });
});
