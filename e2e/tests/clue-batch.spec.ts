import { button, test, expectFitsWidth } from '../support/app.ts';
import { draftBatch, poolOf, readyForBatch, submittedBatchViaApi } from '../support/batch.ts';
import { apiCall, contextFor, formItem, shot, unique } from '../support/rights.ts';
import { choose, confirmInPopup, typeInto } from '../support/system-data.ts';
import { dialog, expect, row, toast } from '../support/system.ts';

test.describe('线索批次 (DOMAIN clue batch flow)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an organisation drafts a batch with items and submits it; a reviewer approves it with an amount, which the pool freezes', async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const markName = unique('批次商标');
    const poolName = unique('线索补贴资金');
    const batchName = unique('淘宝假冒线索');
    const { org, financeToken, poolId } = await readyForBatch(request, { markName, poolName });

    const agent = await contextFor(browser, org.username, baseURL!, '10.82.0.1');
    await draftBatch(agent, { batchName, markName, poolName, platform: '淘宝' });
    // A new batch opens on its page at 线索明细, where its items are added.
    await expect(agent.getByRole('tab', { name: '线索明细（0）' })).toHaveAttribute('aria-selected', 'true');
    await button(agent, '粘贴添加').click();
    const paste = dialog(agent, '添加线索明细');
    await paste
      .getByRole('textbox', { name: '线索明细' })
      .fill(
        [
          'https://item.taobao.com/item.htm?id=1001\t假冒旗舰店\t张三\t浙江杭州\t运动鞋\t199',
          'https://item.taobao.com/item.htm?id=1002',
          'https://item.taobao.com/item.htm?id=1003',
        ].join('\n'),
      );
    await button(paste, '添加').click();
    await toast(agent, '线索明细已保存');
    await expect(agent.getByRole('tab', { name: '线索明细（3）' })).toBeVisible();
    await expect(row(agent, 'id=1001')).toContainText('假冒旗舰店');

    // 编辑明细: the editable grid, a cell changed in place and a row added, saved at once
    await button(agent, '编辑明细').click();
    const grid = dialog(agent, '编辑线索明细');
    const gridRows = grid.locator('[data-row-id]');
    await expect(gridRows).toHaveCount(3);
    await typeInto(grid, gridRows.filter({ hasText: 'id=1002' }).locator('[data-key="shopName"]'), '店铺名称', '仿冒专卖店');
    await button(grid, '新增').click();
    await expect(gridRows).toHaveCount(4);
    await typeInto(grid, gridRows.last().locator('[data-key="linkUrl"]'), '侵权链接', 'https://item.taobao.com/item.htm?id=1004');
    await button(grid, '保存').click();
    await toast(agent, '线索明细已保存');
    await expect(grid).toBeHidden();
    await expect(agent.getByRole('tab', { name: '线索明细（4）' })).toBeVisible();
    await expect(row(agent, 'id=1002')).toContainText('仿冒专卖店');
    await expect(row(agent, 'id=1004')).toBeVisible();

    // 申请金额 = 4 × 500, computed by the server.
    await agent.getByRole('tab', { name: '基本信息' }).click();
    await expect(agent.locator('.batch-detail')).toContainText('2,000.00 元');
    await button(agent, '提交').click();
    await confirmInPopup(agent);
    await toast(agent, '已提交审核');
    await expect(agent.locator('.batch-detail-head')).toContainText('待审核');
    const batchNo = (await agent.locator('.batch-detail-head .batch-no').first().textContent()) ?? '';
    expect(batchNo).toMatch(/^XS\d{11}$/);

    // The reviewer, in a browser of their own, approves 1,200 of the 2,000 applied for.
    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.82.0.2');
    await reviewer.setViewportSize({ width: 1440, height: 900 });
    await reviewer.goto('/rights/batch/list');
    const listed = row(reviewer, batchNo);
    await expect(listed).toContainText('待审核');
    await reviewer.screenshot({ path: shot(testInfo, 'batch-list-1440') });
    await listed.getByRole('button', { name: '审核' }).click();
    const review = dialog(reviewer, new RegExp(`初审：${batchNo}`));
    const amount = formItem(review, '核定金额（元）').locator('input');
    await expect(amount).toHaveValue('2000.00');
    await reviewer.screenshot({ path: shot(testInfo, 'batch-review-1440') });
    await amount.fill('2000.01');
    await button(review, '提交').click();
    await expect(review.getByText('核定金额不能大于申请金额')).toBeVisible();
    await amount.fill('1200');
    await button(review, '提交').click();
    await toast(reviewer, '审核通过，核定金额已冻结');
    await expect(review).toBeHidden();
    await expect(listed).toContainText('待维权');
    await expect(listed).toContainText('1,200.00');

    const pool = await poolOf(request, financeToken, poolId);
    expect(pool).toMatchObject({ frozenAmount: '1200.00', balanceAmount: '98800.00' });

    // The organisation's page shows the decision in 审批记录 and the batch ready to enforce.
    await agent.reload();
    await expect(agent.locator('.batch-detail-head')).toContainText('待维权');
    await agent.getByRole('tab', { name: '审批记录' }).click();
    await expect(row(agent, '初审')).toContainText('通过');
    await expect(button(agent, '开始维权')).toBeVisible();
    await agent.screenshot({ path: shot(testInfo, 'batch-detail-1440') });

    // On a phone the page and its tabs stay within the screen; the tables scroll inside.
    await agent.setViewportSize({ width: 375, height: 812 });
    await agent.getByRole('tab', { name: /线索明细/ }).click();
    await expect(row(agent, 'id=1002')).toBeVisible();
    await expectFitsWidth(agent);
    await agent.screenshot({ path: shot(testInfo, 'batch-detail-items-375') });
    await reviewer.setViewportSize({ width: 375, height: 812 });
    await expect(listed).toBeVisible();
    await expectFitsWidth(reviewer);
    await reviewer.screenshot({ path: shot(testInfo, 'batch-list-375') });
  });

  test("the organisation starts enforcement, logs progress and each item's result, applies for closure; the reviewer closes it from 待我审批 and, nothing won, the pool gets its freeze back", async ({
    browser,
    request,
    baseURL,
  }) => {
    const { org, reviewerToken, financeToken, rightId, poolId } = await readyForBatch(request, { markName: unique('结案商标'), poolName: unique('结案资金') });
    const batchName = unique('抖音线索');
    const batchId = await submittedBatchViaApi(request, org.token, {
      batchName,
      rightId,
      poolId,
      infringeType: '2',
      platform: '5',
      items: [{ linkUrl: 'https://v.douyin.com/a1' }, { linkUrl: 'https://v.douyin.com/a2' }],
    });
    await apiCall(request, reviewerToken, 'POST', '/rights/threaded/review', { id: batchId, result: 'pass', opinion: null, approvedAmount: '800' });
    const frozen = async () => (await poolOf(request, financeToken, poolId)).frozenAmount;
    expect(await frozen()).toBe('800.00');

    const agent = await contextFor(browser, org.username, baseURL!, '10.82.0.3');
    await agent.setViewportSize({ width: 1440, height: 900 });
    await agent.goto(`/rights/batch/detail/${batchId}`);
    await expect(agent.locator('.batch-detail-head')).toContainText('待维权');
    await button(agent, '开始维权').click();
    await confirmInPopup(agent);
    await toast(agent, '已开始维权');
    await expect(agent.locator('.batch-detail-head')).toContainText('维权中');

    await agent.getByRole('tab', { name: '维权进度' }).click();
    await expect(agent.getByText('暂无维权进度')).toBeVisible();
    await button(agent, '添加进度').click();
    const progress = dialog(agent, '添加进度');
    await choose(agent, formItem(progress, '进度节点').locator('.ant-select'), '提交投诉');
    await formItem(progress, '进度说明').locator('textarea').fill('已向抖音平台提交知识产权投诉');
    await button(progress, '保存').click();
    await toast(agent, '进度已记录');
    await expect(agent.locator('.batch-progress-item')).toContainText('已向抖音平台提交知识产权投诉');
    await expect(agent.locator('.batch-progress-item')).toContainText('提交投诉');

    // Closure needs every item's result first.
    await agent.getByRole('tab', { name: /线索明细/ }).click();
    for (const link of ['a1', 'a2']) {
      await row(agent, link).getByText('处理结果').click();
      const result = dialog(agent, /处理结果/);
      await choose(agent, formItem(result, '状态').locator('.ant-select'), '失败');
      await formItem(result, '投诉单号').locator('input').fill(`TS-${link}`);
      await button(result, '保存').click();
      await toast(agent, '线索明细已保存');
      await expect(row(agent, link)).toContainText('失败');
    }
    await button(agent, '申请结案').click();
    const closure = dialog(agent, /申请结案/);
    await formItem(closure, '结案说明').locator('textarea').fill('平台认定不构成侵权，投诉均未成功');
    await button(closure, '提交结案申请').click();
    await toast(agent, '已申请结案，请等待协会审核');
    await expect(agent.locator('.batch-detail-head')).toContainText('待结案审核');

    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.82.0.4');
    await reviewer.setViewportSize({ width: 1440, height: 900 });
    await reviewer.goto('/rights/approval/todo');
    const todo = row(reviewer, batchName);
    await expect(todo).toContainText('结案');
    await todo.getByRole('button', { name: '审批' }).click();
    const review = dialog(reviewer, /结案审核/);
    await expect(review).toContainText('0.00%');
    await button(review, '提交').click();
    await toast(reviewer, '已结案');
    await expect(row(reviewer, batchName)).toHaveCount(0);
    expect(await frozen()).toBe('0.00');

    await agent.reload();
    await expect(agent.locator('.batch-detail-head')).toContainText('已结案');
    await agent.getByRole('tab', { name: '操作日志' }).click();
    await expect(row(agent, '结案审核')).toContainText('解冻 800.00 元');
  });
});
