import { button, test, expectFitsWidth } from '../support/app.ts';
import { criticalAxeFindings } from '../support/axe.ts';
import { dialog, expect, row, signIn, SYSTEM_TEST_TIMEOUT, toast } from '../support/system.ts';
import { confirmInPopup } from '../support/system-data.ts';

/*
 * Issue #25 定时任务: the list (status, next run, last outcome), the form with the next five run times
 * shown while the cron expression is typed and the parameter checked per job, start / stop / run now
 * with confirmation, the run history drawer; at 375 px and with the keyboard; no critical axe finding.
 */

const SCREEN = '/isystem/quartzJob';

/** As accessibility.spec.ts holds every screen to in the default theme: no critical WCAG 2.1 AA finding. */
test.describe('定时任务 (issue #25)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('the cron field shows the next five run times while typing or why it is refused; the parameter is checked per job; a saved schedule shows its next run', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(SCREEN);
    for (const title of ['过期会话清理', '商标到期提醒', '资金池夜间对账', '统计缓存预热', '日志保留清理']) await expect(row(page, title)).toBeVisible();
    await expect(row(page, '资金池夜间对账')).toContainText(/ 02:30:00/);

    await row(page, '日志保留清理').getByRole('button', { name: '编辑' }).click();
    const form = dialog(page, '编辑定时任务');
    const cron = form.getByLabel('Cron 表达式');
    const preview = form.getByTestId('cron-preview');
    await cron.fill('0 0 25 * * *');
    await expect(preview).toHaveText('Cron 表达式无效，请检查各段的取值');
    await cron.fill('0 15 4 * * ?');
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    for (const item of await preview.getByRole('listitem').all()) await expect(item).toHaveText(/^\d{4}-\d{2}-\d{2} 04:15:00$/);

    const parameter = form.getByLabel('参数');
    await parameter.fill('{"days": 0}');
    await button(form, '确定').click();
    await expect(form.getByText('参数 days：保留天数须在1到3650之间')).toBeVisible();
    await parameter.fill('{"days": 90, "chunk": 500}');
    expect(await criticalAxeFindings(page)).toEqual([]);
    await button(form, '确定').click();
    await toast(page, '更新定时任务成功!');
    await expect(form).toBeHidden();
    await expect(row(page, '日志保留清理')).toContainText(/ 04:15:00/);
  });

  test('stop and start ask first; 立即执行 runs the job and shows its outcome; 执行记录 lists the run', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(SCREEN);
    const reminder = row(page, '商标到期提醒');
    await reminder.getByRole('button', { name: '停止' }).click();
    await confirmInPopup(page);
    await toast(page, '停止定时任务成功');
    const start = reminder.getByRole('button', { name: '启动' });
    await expect(start).toBeVisible();
    await start.click();
    await confirmInPopup(page);
    await toast(page, '启动定时任务成功');
    await expect(reminder.getByRole('button', { name: '停止' })).toBeVisible();

    const warmup = row(page, '统计缓存预热');
    await warmup.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '立即执行' }).click();
    await button(dialog(page, '确认操作'), '确定').click();
    const outcome = dialog(page, '「统计缓存预热」执行成功');
    await expect(outcome).toContainText('预热统计 5 项');
    await button(outcome, '知道了').click();
    await expect(warmup).toContainText('成功');

    await warmup.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '执行记录' }).click();
    const drawer = dialog(page, '执行记录：统计缓存预热');
    await expect(row(drawer, '手动')).toContainText('成功');
    await expect(row(drawer, '手动')).toContainText('预热统计 5 项');
    // issue 36: no empty column before 开始时间 (an expand column stood there on every successful run)
    await expect(drawer.locator('thead th').first()).toHaveText('开始时间');
    await expect(row(drawer, '手动').locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await criticalAxeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('at 375 px the list fits the screen and the form is usable with the keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto(SCREEN);
    await expect(page.getByText('资金池夜间对账')).toBeVisible();
    await expectFitsWidth(page);

    await button(page, '新增').focus();
    await page.keyboard.press('Enter');
    const form = dialog(page, '新增定时任务');
    await expect(form).toBeVisible();
    // the job select takes the focus from the keyboard too
    await form.getByLabel('任务').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
    await page.keyboard.press('Escape');
    await form.getByLabel('Cron 表达式').focus();
    await page.keyboard.type('*/5 * * * *');
    await expect(form.getByTestId('cron-preview').getByRole('listitem')).toHaveCount(5);
    const box = await form.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await button(form, '取消').focus();
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
  });

  test('新增 marks the jobs that already exist and cannot pick them; a job deleted can be added again (issue 36)', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(SCREEN);
    await expect(row(page, '过期会话清理')).toBeVisible();
    await button(page, '新增').click();
    let form = dialog(page, '新增定时任务');
    await form.getByLabel('任务').click();
    const taken = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '过期会话清理' });
    await expect(taken).toContainText('已存在');
    await expect(taken).toHaveClass(/ant-select-item-option-disabled/);
    await page.keyboard.press('Escape');
    await button(form, '取消').click();
    await expect(form).toBeHidden();

    const retention = row(page, '日志保留清理');
    await retention.getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除定时任务成功!');
    await expect(row(page, '日志保留清理')).toBeHidden();

    await button(page, '新增').click();
    form = dialog(page, '新增定时任务');
    await form.getByLabel('任务').click();
    const free = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '日志保留清理' });
    await expect(free).not.toContainText('已存在');
    await free.click();
    await expect(form.getByLabel('Cron 表达式')).toHaveValue('0 0 3 * * *');
    await button(form, '确定').click();
    await toast(page, '创建定时任务成功');
    await expect(row(page, '日志保留清理')).toBeVisible();
  });
});
