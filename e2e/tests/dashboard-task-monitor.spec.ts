import type { Page } from '@playwright/test';
import { MONITOR_TODAY_PATH, TASK_THROUGHPUT_PATH, type MonitorToday, type TaskThroughput } from '@sbwq/contracts';
import { test } from '../support/app.ts';
import { approvedRight } from '../support/batch.ts';
import { apiToken, expect, signInAs, USER_PASSWORD } from '../support/system.ts';
import { apiCall, certifiedOrgViaApi, unique } from '../support/rights.ts';

const figure = (page: Page, title: string) => page.getByRole('link', { name: `${title}：查看列表` }).locator('.ant-statistic-content');
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test.describe('任务统计 and 业务监控 (spec §2 view group dashboard: task/chart index, monitor)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a reviewer opens both from the menu; the figures are the API’s, and a decision made through the API reaches the open monitor without a reload', async ({
    page,
    request,
  }) => {
    const org = await certifiedOrgViaApi(request);
    const reviewerToken = await apiToken(request, org.reviewer, USER_PASSWORD);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.reviewer);

    await page.getByRole('menuitem', { name: '个人办公' }).click();
    await page.getByRole('menuitem', { name: '任务统计' }).click();
    await expect(page).toHaveURL('/dashboard/indexChart');
    await expect(page.getByRole('img', { name: '每日处理量' }).locator('canvas')).toBeVisible();
    const today = chinaToday();
    // other decisions may land meanwhile: the table is compared with the answer of the same moment
    await expect(async () => {
      await page.reload();
      const answer = await apiCall<TaskThroughput>(request, reviewerToken, 'GET', `${TASK_THROUGHPUT_PATH}?startDate=${today.slice(0, 8)}01&endDate=${today}`);
      const day = answer.days.find((d) => d.date === today)!;
      await expect(page.getByRole('row', { name: new RegExp(`^${today}`) }).getByRole('cell')).toHaveText(
        [today, String(day.decisions), String(day.approved), String(day.rejected)],
        { timeout: 5_000 },
      );
    }).toPass({ timeout: 30_000 });

    await page.getByRole('menuitem', { name: '业务监控' }).click();
    await expect(page).toHaveURL('/dashboard/monitor');
    // the specs running beside this one sign in and decide meanwhile: the figures are compared with the
    // answer of the same moment
    await expect(async () => {
      await page.reload();
      const now = await apiCall<MonitorToday>(request, reviewerToken, 'GET', MONITOR_TODAY_PATH);
      await expect(figure(page, '今日提交线索批次')).toHaveText(String(now.batchesSubmitted), { timeout: 5_000 });
      await expect(page.locator('.ant-statistic').filter({ hasText: '在线用户' }).locator('.ant-statistic-content')).toHaveText(`${now.onlineUsers}人`, {
        timeout: 5_000,
      });
      await expect(figure(page, '今日审批处理')).toHaveText(String(now.decisions), { timeout: 5_000 });
    }).toPass({ timeout: 40_000 });
    const before = await apiCall<MonitorToday>(request, reviewerToken, 'GET', MONITOR_TODAY_PATH);

    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await approvedRight(request, org.token, reviewerToken, unique('监控商标'));
    const after = await apiCall<MonitorToday>(request, reviewerToken, 'GET', MONITOR_TODAY_PATH);
    expect(after.decisions).toBeGreaterThan(before.decisions);
    await expect.poll(async () => Number(await figure(page, '今日审批处理').innerText()), { timeout: 20_000 }).toBeGreaterThanOrEqual(after.decisions);
    expect(navigations).toEqual([]);
  });
});
