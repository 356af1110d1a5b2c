import { button, test } from '../support/app.ts';
import { dialog, expect, row, signInAs, toast } from '../support/system.ts';
import { createFinance, formItem } from '../support/rights.ts';

test.describe('资金池管理 and the money ledger', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a finance user creates and enables a pool, books 入账 and 调整, is refused an overdraft, sees the log in the detail and the log screen, and exports it', async ({
    page,
    request,
  }) => {
    const username = await createFinance(request);
    const poolName = `测试维权资金${username.slice(-5)}`;
    await page.setViewportSize({ width: 1600, height: 900 });
    await signInAs(page, username);

    await page.goto('/finance/pool');
    await button(page, '新增').click();
    const form = dialog(page, '新增资金池');
    await formItem(form, '名称').locator('input').fill(poolName);
    await formItem(form, '总额（元）').locator('input').fill('100000');
    await button(form, '确定').click();
    await toast(page, '添加成功');
    const poolRow = row(page, poolName);
    await expect(poolRow).toContainText('筹备');
    await expect(poolRow).toContainText('100,000.00');

    await poolRow.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '启用' }).click();
    await button(dialog(page, '确认操作'), '确定').click();
    await toast(page, '资金池已启用');
    await expect(poolRow).toContainText('启用');

    await poolRow.getByRole('button', { name: '入账' }).click();
    const deposit = dialog(page, `入账：${poolName}`);
    await formItem(deposit, '入账金额（元）').locator('input').fill('5000.50');
    await formItem(deposit, '备注').locator('textarea').fill('省局补助');
    await button(deposit, '确定').click();
    await toast(page, '入账成功');
    await expect(poolRow).toContainText('105,000.50');

    // A third decimal is refused in the dialog, with the server's own words.
    await poolRow.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '调整' }).click();
    const adjust = dialog(page, `调整：${poolName}`);
    await formItem(adjust, '调整金额（元，调减填负数）').locator('input').fill('-1.005');
    await formItem(adjust, '调整原因').locator('textarea').fill('更正到账手续费');
    await button(adjust, '确定').click();
    await expect(adjust.getByText('调整金额须为非0的数字（可为负数），最多两位小数')).toBeVisible();
    await formItem(adjust, '调整金额（元，调减填负数）').locator('input').fill('-500');
    await button(adjust, '确定').click();
    await toast(page, '调整成功');
    await expect(poolRow).toContainText('104,500.50');

    // An overdraft is refused and nothing changes. §8: the refusal is told once, as the 系统提示
    // notification in the server's words (no toast, no box in the dialog), and the dialog keeps what was typed.
    await poolRow.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '调整' }).click();
    const overdraft = dialog(page, `调整：${poolName}`);
    await formItem(overdraft, '调整金额（元，调减填负数）').locator('input').fill('-200000');
    await formItem(overdraft, '调整原因').locator('textarea').fill('超额调减');
    await button(overdraft, '确定').click();
    const refusal = '调整后可用余额将小于0（可用余额 104,500.50 元）';
    const refusalNotice = page.locator('.ant-notification-notice').filter({ hasText: refusal });
    await expect(refusalNotice).toHaveCount(1);
    await expect(refusalNotice).toContainText('系统提示');
    await expect(page.locator('.ant-message-notice').filter({ hasText: refusal })).toHaveCount(0);
    await expect(overdraft.locator('.ant-alert-error')).toHaveCount(0);
    await expect(formItem(overdraft, '调整金额（元，调减填负数）').locator('input')).toHaveValue('-200000');
    await expect(formItem(overdraft, '调整原因').locator('textarea')).toHaveValue('超额调减');
    await toast(page, refusal);
    await button(overdraft, '取消').click();
    await expect(poolRow).toContainText('104,500.50');

    await poolRow.getByRole('button', { name: '详情' }).click();
    const detail = dialog(page, `资金池详情：${poolName}`);
    await expect(detail.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
    await expect(row(detail, '初始入账')).toContainText('100,000.00');
    await expect(row(detail, '省局补助')).toContainText('5,000.50');
    await expect(row(detail, '更正到账手续费')).toContainText('可用 → 外部');
    await detail.getByRole('button', { name: '关闭' }).click();
    await expect(detail).toBeHidden();

    await page.goto('/finance/poolLog');
    await expect(row(page, '省局补助')).toContainText(poolName);
    await expect(row(page, '更正到账手续费')).toContainText('调整');
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出当前筛选' }).click();
    expect((await download).suggestedFilename()).toBe('资金池日志.xlsx');
  });
});
