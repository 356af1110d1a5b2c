import { axeFindings } from '../support/axe.ts';
import { button, signIn, test } from '../support/app.ts';
import { readyForBatch, submittedBatchViaApi } from '../support/batch.ts';
import { unique } from '../support/rights.ts';
import { expect } from '../support/system.ts';

/**
 * Issue #25 数据日志: a batch's 修改历史 opened from its detail page, two versions compared side by side
 * with the changed fields marked, the hash chain's 校验 on the 数据日志 screen; 375 px and axe.
 */

test.describe('数据日志', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a batch’s 修改历史 from its detail page compares two versions with the changes marked; 校验哈希链 reports the chain whole (375 px, axe)', async ({
    page,
    request,
  }) => {
    const { org, rightId, poolId } = await readyForBatch(request, { markName: unique('历史商标'), poolName: unique('历史资金') });
    const batchName = unique('修改历史批次');
    const batchId = await submittedBatchViaApi(request, org.token, {
      batchName,
      rightId,
      poolId,
      items: [{ linkUrl: `https://item.taobao.com/item.htm?id=${Date.now()}`, shopName: '假冒店', price: '39.90' }],
    });

    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page);
    await page.goto(`/rights/batch/detail/${batchId}`);
    await button(page, '修改历史').click();
    const drawer = page.getByRole('dialog', { name: /修改历史：线索批次/ });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('共 3 个版本');
    // created, its items counted (线索数量, 申请金额), submitted: the newest two are compared by default, 草稿 → 待审核 marked
    const compare = drawer.locator('.datalog-compare');
    await expect(compare).toContainText('版本 2');
    await expect(compare).toContainText('版本 3');
    const statusRow = compare.getByRole('row').filter({ hasText: '状态' }).first();
    await expect(statusRow).toContainText('已修改');
    await expect(compare.getByRole('row').filter({ hasText: '批次名称' })).not.toContainText('已修改');
    await expect(compare.getByRole('row').filter({ hasText: '批次名称' })).toContainText(batchName);
    // issue 36: dictionary text instead of codes, the record's own fields first, no internal ids or storage paths
    await expect(statusRow).toContainText('草稿');
    await expect(statusRow).toContainText('待审核');
    await expect(compare.getByRole('row').nth(1)).toContainText('批次编号');
    await expect(compare.getByRole('row').filter({ hasText: /机构ID|资金池ID|涉及权利ID|删除标记/ })).toHaveCount(0);
    await expect(compare.getByText(/[0-9a-f]{32}|\+00$/)).toHaveCount(0);
    // untick one version: asked to pick two again; versions 1 and 3 then show the count and the status changed
    await drawer.getByRole('checkbox', { name: '选择版本 2' }).uncheck();
    await expect(drawer).toContainText('请勾选两个版本进行对比');
    await drawer.getByRole('checkbox', { name: '选择版本 1' }).check();
    await expect(compare).toContainText('版本 1');
    await expect(compare.getByRole('row').filter({ hasText: '线索数量' })).toContainText('已修改');
    // the drawer only: the batch page under it is checked by the batch specs
    expect(await axeFindings(page, '.datalog-history')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto('/isystem/dataLog');
    // each record by its 批次编号 / 报销单号, not its id (issue 36)
    await expect(page.getByRole('row').filter({ hasText: '线索批次' }).first()).toContainText(/XS\d{11}/);
    await button(page, '校验哈希链').click();
    const result = page.getByRole('dialog', { name: '哈希链校验结果' });
    await expect(result).toContainText('哈希链完整');
    await expect(result).toContainText('校验通过');
    expect(await axeFindings(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
