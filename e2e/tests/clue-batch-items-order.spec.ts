import type { Locator, Page } from '@playwright/test';
import { button, test } from '../support/app.ts';
import { draftBatchViaApi, readyForBatch } from '../support/batch.ts';
import { typeInto } from '../support/system-data.ts';
import { contextFor, unique } from '../support/rights.ts';
import { dialog, expect, toast } from '../support/system.ts';

const link = (n: number) => `https://item.taobao.com/item.htm?id=${n}`;

/** The 线索明细 list as drawn: 序号 and the link's id, top to bottom. */
async function listed(page: Page): Promise<string[]> {
  const rows = page.locator('tbody tr.ant-table-row');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    const text = await rows.nth(i).innerText();
    out.push(`${text.trim().split(/\s+/)[0]}:${/id=(\d+)/.exec(text)?.[1] ?? '?'}`);
  }
  return out;
}

/** The grid's rows as drawn: 序号 and the link's id. */
async function drawn(grid: Locator): Promise<string[]> {
  const rows = grid.locator('[data-row-id]');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    const text = await rows.nth(i).locator('[data-key="linkUrl"]').innerText();
    out.push(`${i + 1}:${/id=(\d+)/.exec(text)?.[1] ?? '?'}`);
  }
  return out;
}

const pick = (grid: Locator, id: number) =>
  grid
    .locator('[data-row-id]')
    .filter({ hasText: `id=${id}` })
    .getByLabel(/^选择第\d+行$/);

test.describe('线索明细 keep the order the grid left (§4 editable table: sort numbers recalculated, DOMAIN clue item)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a row inserted above row 2, a row moved up twice and one deleted are saved; after a reload the list shows that order, 序号 1…n', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { org, rightId, poolId } = await readyForBatch(request, { markName: unique('顺序商标'), poolName: unique('顺序资金') });
    const batchId = await draftBatchViaApi(request, org.token, {
      batchName: unique('顺序批次'),
      rightId,
      poolId,
      items: [2001, 2002, 2003, 2004].map((n) => ({ linkUrl: link(n) })),
    });

    const agent = await contextFor(browser, org.username, baseURL!, '10.82.1.1');
    await agent.setViewportSize({ width: 1440, height: 900 });
    await agent.goto(`/rights/batch/detail/${batchId}?tab=items`);
    await expect(agent.getByRole('tab', { name: '线索明细（4）' })).toBeVisible();
    await button(agent, '编辑明细').click();
    const grid = dialog(agent, '编辑线索明细');
    await expect(grid.locator('[data-row-id]')).toHaveCount(4);

    // 插入 above row 2
    await pick(grid, 2002).check();
    await button(grid, '插入').click();
    await expect(grid.locator('[data-row-id]')).toHaveCount(5);
    await typeInto(grid, grid.locator('[data-row-id]').nth(1).locator('[data-key="linkUrl"]'), '侵权链接', link(2005));
    await pick(grid, 2002).uncheck();
    // 上移 twice: 2004 from the last place to the third
    await pick(grid, 2004).check();
    await button(grid, '上移').click();
    await button(grid, '上移').click();
    await pick(grid, 2004).uncheck();
    // 2001 deleted after confirmation
    await pick(grid, 2001).check();
    await button(grid, '删除').click();
    const confirm = agent.locator('.ant-modal-confirm').filter({ hasText: '确定要删除这 1 项吗?' });
    await button(confirm, '确定').click();
    await expect.poll(() => drawn(grid)).toEqual(['1:2005', '2:2004', '3:2002', '4:2003']);

    await button(grid, '保存').click();
    await toast(agent, '线索明细已保存');
    await expect(grid).toBeHidden();

    await agent.reload();
    await expect(agent.getByRole('tab', { name: '线索明细（4）' })).toBeVisible();
    await expect.poll(() => listed(agent)).toEqual(['1:2005', '2:2004', '3:2002', '4:2003']);
    await button(agent, '编辑明细').click();
    const again = dialog(agent, '编辑线索明细');
    await expect.poll(() => drawn(again)).toEqual(['1:2005', '2:2004', '3:2002', '4:2003']);
    await agent.context().close();
  });

  test('issue 36: a long 侵权链接 is cut in the middle — its end, which tells items apart, shows on screen at 1440 and 375 px', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { org, rightId, poolId } = await readyForBatch(request, { markName: unique('链接商标'), poolName: unique('链接资金') });
    const long = (n: number) => `https://detail.tmall.com/item.htm?spm=a220m.1000858.1000725.1.3f2e6a1bQxYzAb&skuId=4399${n}&id=68812345${n}`;
    const batchId = await draftBatchViaApi(request, org.token, {
      batchName: unique('链接批次'),
      rightId,
      poolId,
      items: [31, 32].map((n) => ({ linkUrl: long(n) })),
    });
    const agent = await contextFor(browser, org.username, baseURL!, '10.82.1.2');
    for (const width of [1440, 375]) {
      await agent.setViewportSize({ width, height: 900 });
      await agent.goto(`/rights/batch/detail/${batchId}?tab=items`);
      for (const n of [31, 32]) {
        const linkEl = agent.getByRole('link', { name: long(n) });
        await expect(linkEl).toHaveAttribute('title', long(n));
        const tail = linkEl.locator('span').last();
        await expect(tail).toHaveText(long(n).slice(-18));
        const cell = await linkEl.locator('xpath=ancestor::td[1]').boundingBox();
        const end = await tail.boundingBox();
        expect(end!.x + end!.width).toBeLessThanOrEqual(cell!.x + cell!.width + 0.5);
        // and on the screen, without scrolling the table sideways: at 375 px the column ran past the table's edge
        const shown = await linkEl.locator('xpath=ancestor::div[contains(@class, "ant-table-container")][1]').boundingBox();
        expect(end!.x + end!.width).toBeLessThanOrEqual(Math.min(shown!.x + shown!.width, width) + 0.5);
      }
    }
    await agent.context().close();
  });
});
