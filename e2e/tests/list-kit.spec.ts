import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { button, test } from '../support/app.ts';
import { apiToken, createUser, dialog, expect, signIn, SYSTEM_TEST_TIMEOUT, toast, unique, USER_PASSWORD } from '../support/system.ts';

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
    await page.getByRole('group', { name: '列设置' }).getByRole('button', { name: /重\s*置/ }).click();
    await expect(header(page, '手机号码')).toBeVisible();
  });

  test('批量删除 of two selected rows asks 确定要删除这 2 项吗? beside 已选择 2 项; 导出选中 downloads a file', async ({ page, request }) => {
    const token = await apiToken(request);
    const prefix = unique('e2ek');
    await createUser(request, token, `${prefix}a`);
    await createUser(request, token, `${prefix}b`);
    await signIn(page);
    await page.goto('/isystem/user');
    await page.getByPlaceholder('请输入账号').fill(prefix);
    await button(page, '查询').click();
    await expect(page.getByText('1-2 共 2 条')).toBeVisible();
    await page.locator('thead .ant-checkbox-input').check();
    await expect(page.getByText('已选择 2 项')).toBeVisible();
    const batch = page.getByRole('group', { name: '批量操作' });

    const download = page.waitForEvent('download');
    await button(batch, '导出选中').click();
    expect((await download).suggestedFilename()).toBe('用户信息.xlsx');

    await button(batch, '批量删除').click();
    const confirm = page.getByRole('dialog', { name: '确认删除' });
    await expect(confirm.getByText('确定要删除这 2 项吗?')).toBeVisible();
    await button(confirm, '确定').click();
    await toast(page, '批量删除用户成功');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await expect(page.getByText('已选择 0 项')).toBeVisible();
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
