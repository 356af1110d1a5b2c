import type { Page } from '@playwright/test';
import { axeFindings } from '../support/axe.ts';
import { button, test, expectFitsWidth } from '../support/app.ts';
import { apiCall, apiToken, createUser, expect, signIn, unique, USER_PASSWORD } from '../support/system.ts';
import { certifiedOrgViaApi, contextFor } from '../support/rights.ts';
import { readyForBatch, submittedBatchViaApi } from '../support/batch.ts';

/**
 * Issue #25 系统日志: the 登录日志 / 操作日志 tabs over `/sys/log/list`, the operation log the server
 * writes for every change (after the answer, within about a second), its detail with the request
 * parameters pretty-printed and the password masked, the Excel export, the keyboard, 375 px and axe.
 */

const ADMIN_ROLE = 'f6817f48af4fb3af11b9e8bf182f618b';

/** The 操作日志 tab's rows of one operator, asked again until the batched write has landed. */
async function searchOperator(page: Page, username: string, expected: RegExp) {
  const panel = page.getByRole('tabpanel', { name: '操作日志' });
  await panel.getByPlaceholder('请输入操作人').fill(username);
  await expect(async () => {
    await button(panel, '查询').click();
    await expect(panel.getByRole('row').filter({ hasText: expected })).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

test.describe('系统日志', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an administrator finds another user’s change in 操作日志 by operator, opens its detail (password masked) and exports the tab', async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request);
    const username = unique('oplog');
    await createUser(request, admin, username, { realname: '日志测试员', roleIds: [ADMIN_ROLE] });
    const own = await apiToken(request, username, USER_PASSWORD);
    const ruleName = `日志规则${username.slice(-6)}`;
    await apiCall(request, own, 'POST', '/sys/fillRule/add', { ruleName, ruleCode: `r_${username.slice(-8)}`, prefix: 'LG' });
    await apiCall(request, own, 'PUT', '/sys/user/updatePassword', { oldpassword: USER_PASSWORD, password: 'Changed#2026x', confirmpassword: 'Changed#2026x' });

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/isystem/log');
    // 登录日志 first: the sign-ins of the user made above are there.
    const logins = page.getByRole('tabpanel', { name: '登录日志' });
    await logins.getByPlaceholder('请输入操作人').fill(username);
    await button(logins, '查询').click();
    await expect(
      logins
        .getByRole('row')
        .filter({ hasText: `用户名: ${username},登录成功！` })
        .first(),
    ).toBeVisible();

    // Keyboard: the tab list is reached and switched with arrows and Enter.
    await page.getByRole('tab', { name: '登录日志' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: '操作日志' })).toHaveAttribute('aria-selected', 'true');

    const panel = await searchOperator(page, username, /填值规则/);
    const added = panel.getByRole('row').filter({ hasText: /填值规则/ });
    await expect(added).toContainText('POST');
    await expect(added).toContainText('添加');
    await expect(added).toContainText('成功');
    // issue 36: plain action names, a change typed 修改, and the sign-in row naming its 操作人
    const passwordChange = panel.getByRole('row').filter({ hasText: '当前用户-修改本人密码' });
    await expect(passwordChange).toBeVisible();
    await expect(passwordChange).toContainText('修改');
    const signInRow = panel.getByRole('row').filter({ hasText: '登录与会话-账号密码登录' }).first();
    await expect(signInRow).toContainText(`日志测试员（${username}）`);
    // issue 36: every row says its 操作类型 in words — a sign-in is 登录 (it showed "—")
    await expect(signInRow.getByRole('cell', { name: '登录', exact: true })).toBeVisible();
    await expect(panel.getByRole('cell', { name: '—', exact: true })).toHaveCount(0);
    await expect(panel.getByRole('cell').filter({ hasText: /→|（pass|\/reject/ })).toHaveCount(0);
    // the log is evidence: only the retention job deletes it, so the screen offers no 删除, 批量删除 or 清空日志
    await expect(added.getByRole('button', { name: '删除' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /清空日志|批量删除|删除/ })).toHaveCount(0);

    await added.getByRole('button', { name: '详情' }).click();
    const detail = page.getByRole('dialog', { name: '日志详情' });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('/jeecg-boot/sys/fillRule/add');
    await expect(detail).toContainText('system:fillRule:add');
    const params = detail.getByLabel('请求参数');
    await expect(params).toContainText(`"ruleName": "${ruleName}"`);
    // pretty-printed: one field a line
    expect((await params.textContent())!.split('\n').length).toBeGreaterThan(3);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    const passwordRow = panel.getByRole('row').filter({ hasText: '当前用户-修改本人密码' }).first();
    await passwordRow.getByRole('button', { name: '详情' }).click();
    await expect(detail.getByLabel('请求参数')).toContainText('"password": "******"');
    await expect(detail).not.toContainText('Changed#2026x');
    await page.keyboard.press('Escape');

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: /导出/ }).click();
    await page.getByRole('menuitem', { name: '导出当前筛选' }).click();
    expect((await download).suggestedFilename()).toBe('操作日志.xlsx');
    expect(await axeFindings(page)).toEqual([]);
  });

  test('a reviewer’s real approval reads as the action, the organisation’s name and the decision, typed 修改 (issue 36)', async ({ page, request }) => {
    const org = await certifiedOrgViaApi(request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/isystem/log');
    await page.getByRole('tab', { name: '操作日志' }).click();
    const panel = await searchOperator(page, org.reviewer, /审批入驻申请/);
    const approval = panel.getByRole('row').filter({ hasText: `机构入驻与认证-审批入驻申请：${org.orgName}，通过` });
    await expect(approval).toBeVisible();
    await expect(approval).toContainText('修改');
    // the whole text shows at 1440 px — the record and the decision are its end, which an ellipsis cut off
    const content = approval.getByRole('cell').filter({ hasText: '审批入驻申请' });
    expect(await content.evaluate((cell) => !cell.classList.contains('ant-table-cell-ellipsis') && cell.scrollWidth <= cell.clientWidth)).toBe(true);
    await expect(panel.getByRole('row').filter({ hasText: `机构入驻与认证-审批认证：${org.orgName}，通过` })).toBeVisible();
    await expect(panel.getByRole('cell').filter({ hasText: /→|pass|reject|（待|（认证/ })).toHaveCount(0);
  });

  test('a clue batch’s review reads as 线索批次-审核, the batch’s number and name and the decision, in 操作日志 and in the reviewer’s 最近操作 (issue 36)', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { org, reviewerToken, rightId, poolId } = await readyForBatch(request, { markName: unique('日志商标'), poolName: unique('日志资金') });
    const batchName = unique('日志批次');
    const batchId = await submittedBatchViaApi(request, org.token, { batchName, rightId, poolId });
    const { batchNo } = await apiCall<{ batchNo: string }>(request, reviewerToken, 'GET', '/rights/threaded/queryById', undefined, { id: batchId });
    await apiCall(request, reviewerToken, 'POST', '/rights/threaded/review', { id: batchId, result: 'returned', opinion: '请补充侵权截图' });
    const expected = `线索批次-审核：${batchNo} ${batchName}，退回补正`;

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/isystem/log');
    await page.getByRole('tab', { name: '操作日志' }).click();
    const panel = await searchOperator(page, org.reviewer, /线索批次-审核/);
    const review = panel.getByRole('row').filter({ hasText: expected });
    await expect(review).toBeVisible();
    await expect(review.getByRole('cell', { name: '修改', exact: true })).toBeVisible();

    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.83.1.2', USER_PASSWORD);
    await reviewer.goto('/account/center');
    await reviewer.getByRole('tab', { name: '最近操作' }).click();
    await expect(reviewer.getByRole('tabpanel', { name: '最近操作' }).getByText(expected)).toBeVisible();
    await reviewer.context().close();
  });

  test('at 375 px the tabs, the filter and the detail drawer fit the screen', async ({ page, request }) => {
    const admin = await apiToken(request);
    await apiCall(request, admin, 'POST', '/sys/fillRule/add', { ruleName: `窄屏规则${Date.now() % 100000}`, ruleCode: unique('narrow') });
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto('/isystem/log');
    await page.getByRole('tab', { name: '操作日志' }).click();
    const panel = page.getByRole('tabpanel', { name: '操作日志' });
    await expect(async () => {
      await panel.getByRole('button', { name: /刷新/ }).first().click();
      await expect(
        panel
          .getByRole('row')
          .filter({ hasText: /填值规则/ })
          .first(),
      ).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    await expectFitsWidth(page);
    await expect(panel.getByRole('button', { name: /筛选/ })).toBeVisible();

    await panel
      .getByRole('row')
      .filter({ hasText: /填值规则/ })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    const detail = page.getByRole('dialog', { name: '日志详情' });
    await expect(detail).toBeVisible();
    const box = (await page.locator('.log-detail').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(-0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(375.5);
    expect(await axeFindings(page)).toEqual([]);
  });
});
