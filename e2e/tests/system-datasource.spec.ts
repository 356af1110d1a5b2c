import { button, test, expectFitsWidth } from '../support/app.ts';
import { criticalAxeFindings } from '../support/axe.ts';
import { apiCall, apiToken, dialog, expect, row, signIn, SYSTEM_TEST_TIMEOUT, toast, unique } from '../support/system.ts';
import { search } from '../support/system-data.ts';

/*
 * Issue #25 多数据源: a source added with the form's 测试连接 run on the unsaved values, the row's 测试连接,
 * an edit that keeps the saved password without retyping it (and a wrong port named as 主机不可达), at
 * 375 px with the keyboard; no critical axe finding. The local PostgreSQL (127.0.0.1:5432, user postgres)
 * is the database connected to.
 */

const SCREEN = '/isystem/dataSource';

test.describe('多数据源 (issue #25)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('add: 测试连接 on the unsaved form values, save, the row shows no password and its own 测试连接 succeeds', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(SCREEN);
    await button(page, '新增').click();
    const form = dialog(page, '新增数据源');
    const code = unique('ds');
    await form.getByLabel('数据源名称').fill(`报表库${code}`);
    await form.getByLabel('数据源编码').fill(code);
    await expect(form.getByLabel('端口')).toHaveValue('5432');
    await form.getByLabel('主机').fill('127.0.0.1');
    await form.getByLabel('数据库名').fill('postgres');
    await form.getByLabel('用户名').fill('postgres');
    await form.getByLabel('密码', { exact: true }).fill('Report#2026');
    await button(form, '测试连接').click();
    await expect(form.getByTestId('connection-outcome')).toContainText(/连接成功：PostgreSQL \d+/);
    expect(await criticalAxeFindings(page)).toEqual([]);
    await button(form, '确定').click();
    await toast(page, '添加成功！');
    await expect(form).toBeHidden();

    const line = row(page, code);
    await expect(line).toContainText('127.0.0.1:5432/postgres');
    await expect(line).toContainText('已设置');
    await expect(line).not.toContainText('Report#2026');
    await line.getByRole('button', { name: '测试连接' }).click();
    await toast(page, '连接成功：PostgreSQL');
  });

  test('edit without retyping the password keeps it; a closed port is named 主机不可达 before saving', async ({ page, request }) => {
    const token = await apiToken(request);
    const code = unique('dse');
    await apiCall(request, token, 'POST', '/sys/dataSource/add', {
      name: `旧库${code}`,
      code,
      dbType: '4',
      host: '127.0.0.1',
      port: 5432,
      databaseName: 'postgres',
      username: 'postgres',
      password: 'Kept#2026',
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto(SCREEN);
    await search(page).getByPlaceholder('请输入数据源编码').fill(code);
    await button(search(page), '查询').click();
    await row(page, code).getByRole('button', { name: '编辑' }).click();
    const form = dialog(page, '编辑数据源');
    const password = form.getByLabel('密码', { exact: true });
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('placeholder', '已设置，留空则不修改');

    await form.getByLabel('端口').fill('1');
    await button(form, '测试连接').click();
    await expect(form.getByTestId('connection-outcome')).toContainText('修改了数据库类型、主机或端口时须重新填写密码');
    await password.fill('Kept#2026');
    await button(form, '测试连接').click();
    await expect(form.getByTestId('connection-outcome')).toContainText('连接失败：主机不可达（127.0.0.1:1 拒绝连接');
    await password.fill('');
    await form.getByLabel('端口').fill('5432');
    // the saved password is used towards the saved host and port
    await button(form, '测试连接').click();
    await expect(form.getByTestId('connection-outcome')).toContainText('连接成功');

    await form.getByLabel('数据源名称').fill(`新名${code}`);
    await button(form, '确定').click();
    await toast(page, '编辑成功!');
    await expect(row(page, code)).toContainText(`新名${code}`);
    const saved = await apiCall<{ records: { passwordSet: boolean; name: string }[] }>(request, token, 'GET', '/sys/dataSource/list', undefined, { code });
    expect(saved.records[0]).toMatchObject({ name: `新名${code}`, passwordSet: true });
  });

  test('at 375 px the list fits the screen and the form is usable with the keyboard alone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto(SCREEN);
    await expect(button(page, '新增')).toBeVisible();
    await expectFitsWidth(page);
    await button(page, '新增').focus();
    await page.keyboard.press('Enter');
    const form = dialog(page, '新增数据源');
    await expect(form).toBeVisible();
    await form.getByLabel('数据库类型').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
    await page.keyboard.press('Escape');
    await form.getByLabel('主机').focus();
    await page.keyboard.type('db:5432');
    await page.keyboard.press('Tab');
    await expect(form.getByText('主机只能是域名或 IP 地址')).toBeVisible();
    const box = await form.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await criticalAxeFindings(page)).toEqual([]);
    await button(form, '取消').focus();
    await page.keyboard.press('Enter');
    await expect(form).toBeHidden();
  });
});
