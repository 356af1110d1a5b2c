import type { Page } from '@playwright/test';
import { button, expect, field, submitLogin, test } from '../support/app.ts';
import { createUser, screenshotPath, signInQuickly, toast, uniqueName } from '../support/shell.ts';

const PASSWORD = 'E2eUser#2026a';

async function openUserMenu(page: Page, item: '密码修改' | '切换部门' | '清理缓存') {
  // The menu also opens on hover: with the pointer left where the last choice was, that menu stays
  // open (or opens again) and a click on the trigger would only close it. Move away and let it go.
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
  await page.getByRole('button', { name: /^当前用户/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/user/login');
  await submitLogin(page, username, password);
}

test.describe('§2 user dropdown at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('§5 密码修改: field messages, the server refuses a wrong old password and a weak new one, then the change holds', async ({
    page,
    request,
  }, testInfo) => {
    // Seven password hashes (argon2id) and three sign-ins: on a loaded 2-core machine that is more than 30 s.
    test.slow();
    const username = uniqueName('e2epw');
    await createUser(request, { username, realname: '改密用户', password: PASSWORD, departs: ['办公室'] });
    await signInAs(page, username, PASSWORD);
    await expect(page).toHaveURL('/dashboard/analysis');

    await openUserMenu(page, '密码修改');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await button(dialog, '确定').click();
    await expect(dialog.getByText('请输入旧密码!')).toBeVisible();
    await expect(dialog.getByText('请输入新密码!')).toBeVisible();
    await expect(dialog.getByText('请确认新密码!')).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'password-dialog', 1440) });

    await dialog.getByLabel('旧密码').fill('not-my-password-1');
    await dialog.getByLabel('新密码', { exact: true }).fill('NewPass2026x');
    await dialog.getByLabel('确认新密码').fill('NewPass2026y');
    await expect(dialog.getByText('两次输入的密码不一样！')).toBeVisible();
    await dialog.getByLabel('确认新密码').fill('NewPass2026x');
    await expect(dialog.getByText('两次输入的密码不一样！')).toHaveCount(0);
    await button(dialog, '确定').click();
    await toast(page, '旧密码输入错误!');
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('旧密码').fill(PASSWORD);
    await dialog.getByLabel('新密码', { exact: true }).fill('short');
    await dialog.getByLabel('确认新密码').fill('short');
    await button(dialog, '确定').click();
    await toast(page, '密码至少8位，须同时包含字母和数字');

    await dialog.getByLabel('新密码', { exact: true }).fill('NewPass2026x');
    await dialog.getByLabel('确认新密码').fill('NewPass2026x');
    await button(dialog, '确定').click();
    await toast(page, '密码重置成功!');
    await expect(dialog).toBeHidden();

    // the session goes on; the new password opens the next one, the old one no longer does
    await page.getByRole('button', { name: '退出登录' }).click();
    await button(page.getByRole('dialog', { name: '提示' }), '确定').click();
    await expect(page).toHaveURL('/user/login');
    await submitLogin(page, username, PASSWORD);
    await expect(page.getByRole('dialog').getByText('用户名或密码错误')).toBeVisible();
    await button(page.getByRole('dialog'), '取消').click();
    await submitLogin(page, username, 'NewPass2026x');
    await expect(page).toHaveURL('/dashboard/analysis');
  });

  test('§4 切换部门: opens after the list loads, titled with the current department, needs a choice, stores userInfo 7 days', async ({
    page,
    request,
  }, testInfo) => {
    const username = uniqueName('e2edp');
    await createUser(request, { username, realname: '两部门用户', password: PASSWORD, departs: ['财务部', '信息中心'] });
    await signInAs(page, username, PASSWORD);
    // several departments: the login asks first (JEECG-API §2.2 multi_depart 2)
    const choose = page.getByRole('dialog', { name: '请选择登录部门' });
    await choose.getByRole('combobox', { name: '部门' }).click();
    await page.getByTitle('财务部').click();
    await button(choose, '确定').click();
    await expect(page).toHaveURL('/dashboard/analysis');
    await expect(page.getByText('当前部门').locator('..')).toContainText('财务部');

    const listLoaded = page.waitForResponse((response) => response.url().includes('/sys/user/getCurrentUserDeparts'));
    await openUserMenu(page, '切换部门');
    await listLoaded;
    const dialog = page.getByRole('dialog', { name: '部门切换（当前部门：财务部）' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'depart-dialog', 1440) });

    // the choice is required: cleared, the field turns red and nothing is sent
    await dialog.getByRole('combobox', { name: '部门' }).hover();
    await dialog.locator('.ant-select-clear').click();
    await button(dialog, '确定').click();
    await expect(dialog.getByText('请选择部门', { exact: true })).toBeVisible();
    await expect(dialog.locator('.ant-select-status-error')).toHaveCount(1);

    await dialog.getByRole('combobox', { name: '部门' }).click();
    await page.getByTitle('信息中心').click();
    const sent = page.waitForRequest((r) => r.url().includes('/sys/selectDepart'));
    await button(dialog, '确定').click();
    expect((await sent).postDataJSON()).toEqual({ orgCode: 'A01A04', username });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('当前部门').locator('..')).toContainText('信息中心');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? 'null'));
    expect(stored.value.orgCode).toBe('A01A04');
    expect(Math.abs(stored.expire - Date.now() - 604_800_000)).toBeLessThan(60_000);

    await openUserMenu(page, '切换部门');
    await expect(page.getByRole('dialog', { name: '部门切换（当前部门：信息中心）' })).toBeVisible();
  });

  test('§8 切换部门 without departments: 您尚未设置部门信息! and no dialog', async ({ page, request }) => {
    const username = uniqueName('e2enod');
    await createUser(request, { username, realname: '无部门用户', password: PASSWORD, departs: [] });
    await signInQuickly(page, '/dashboard/analysis', username, PASSWORD);
    await openUserMenu(page, '切换部门');
    await toast(page, '您尚未设置部门信息!');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('§7 清理缓存 refreshes the dictionaries: 刷新缓存完成！, stored 7 days; a failure says 刷新缓存失败！', async ({ page }) => {
    await signInQuickly(page);
    await page.evaluate(() => localStorage.removeItem('pro__UI_CACHE_DB_DICT_DATA'));
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/sys/dict/') && calls.push(new URL(r.url()).pathname));
    await openUserMenu(page, '清理缓存');
    await toast(page, '刷新缓存完成！');
    expect(calls).toEqual(['/jeecg-boot/sys/dict/refleshCache', '/jeecg-boot/sys/dict/queryAllDictItems']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? 'null'));
    expect(Object.keys(stored.value).length).toBeGreaterThan(5);
    expect(Math.abs(stored.expire - Date.now() - 604_800_000)).toBeLessThan(60_000);

    await page.route('**/sys/dict/queryAllDictItems**', (route) => route.fulfill({ json: { success: false, code: 500, message: '查询失败', result: null } }));
    await openUserMenu(page, '清理缓存');
    await toast(page, '刷新缓存失败！');
  });
});

test('§2 user dropdown at 375 px: the dialogs fit a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInQuickly(page);
  await openUserMenu(page, '密码修改');
  const password = page.getByRole('dialog', { name: '修改密码' });
  await button(password, '确定').click();
  await expect(password.getByText('请确认新密码!')).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'password-dialog', 375) });
  await button(password, '取消').click();
  await expect(password).toBeHidden();

  await openUserMenu(page, '切换部门');
  const depart = page.getByRole('dialog', { name: /^部门切换（当前部门：/ });
  await expect(depart).toBeVisible();
  const box = await depart.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: screenshotPath(testInfo.project.outputDir, 'depart-dialog', 375) });
});

test.describe('§8 error catalogue, shown by the shell under 系统提示 for 4 s', () => {
  const notice = (page: Page) => page.locator('.ant-notification-notice');

  for (const [status, body, text] of [
    [403, { success: false, code: 510, message: '没有权限，请联系管理员授权' }, '拒绝访问'],
    [404, { success: false, code: 404, message: 'x' }, '很抱歉，资源未找到!'],
    [504, '', '网络超时'],
    [500, { success: false, code: 500, message: '操作失败，数据库不可用' }, '操作失败，数据库不可用'],
  ] as const) {
    test(`HTTP ${status}: ${text}`, async ({ page }) => {
      await signInQuickly(page);
      await page.route('**/sys/dict/refleshCache**', (route) =>
        route.fulfill({ status, contentType: 'application/json', body: typeof body === 'string' ? body : JSON.stringify(body) }),
      );
      await openUserMenu(page, '清理缓存');
      await expect(notice(page)).toContainText('系统提示');
      await expect(notice(page)).toContainText(text);
      await toast(page, '刷新缓存失败！');
      if (status === 403) {
        const shown = Date.now();
        await expect(notice(page)).toBeHidden({ timeout: 8_000 });
        expect(Date.now() - shown).toBeGreaterThan(3_000);
      }
    });
  }

  test('HTTP 401: 未授权，请重新登录, then logout and reload after 1.5 s', async ({ page }) => {
    await signInQuickly(page);
    await page.route('**/sys/dict/refleshCache**', (route) => route.fulfill({ status: 401, json: { message: 'x' } }));
    await openUserMenu(page, '清理缓存');
    await expect(notice(page)).toContainText('未授权，请重新登录');
    const shown = Date.now();
    await expect(page).toHaveURL(/\/user\/login\?redirect=/, { timeout: 8_000 });
    expect(Date.now() - shown).toBeGreaterThan(1_000);
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await expect(field(page, '账号')).toBeVisible();
  });
});
