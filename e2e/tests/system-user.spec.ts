import { ADMIN, button, test, newContext } from '../support/app.ts';
import {
  apiToken,
  expect,
  signIn,
  SYSTEM_TEST_TIMEOUT,
  buttonId,
  confirmPopup,
  createUser,
  deleteTwoSelectedUsers,
  dialog,
  importFile,
  MenuId,
  row,
  selectTwoNewUsers,
  shot,
  signInAs,
  signInHolding,
  toast,
  unique,
  USER_PASSWORD,
  workbookFile,
} from '../support/system.ts';

test.describe('用户管理 (system/UserList)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });
  test('list, search, add, edit, freeze, delete and restore from the recycle bin', async ({ page }, testInfo) => {
    const username = unique('e2eu');
    const phone = `139${String(Date.now()).slice(-8)}`;
    await signIn(page);
    await page.goto('/isystem/user');
    // other specs add users as they run: the first page holds whoever came last
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await expect(page.getByText('已选择 0 项')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'system-user-list'), fullPage: true });

    // add, with the server checking the username live
    await button(page, '新增').click();
    const add = dialog(page, '新增用户');
    await add.getByLabel('用户账号').fill(ADMIN.username);
    await expect(add.getByText('用户账号已存在')).toBeVisible();
    await add.getByLabel('用户账号').fill(username);
    await add.getByLabel('登录密码').fill(USER_PASSWORD);
    await add.getByLabel('确认密码').fill('different-1');
    await expect(add.getByText('两次输入的密码不一样！')).toBeVisible();
    await add.getByLabel('确认密码').fill(USER_PASSWORD);
    await add.getByLabel('用户姓名').fill('测试张三');
    await add.getByLabel('手机号码').fill(phone);
    await add.getByLabel('性别').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('男').click();
    await add.getByLabel('部门分配').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('信息中心').click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: shot(testInfo, 'system-user-add'), fullPage: false });
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await expect(add).toBeHidden();

    // search
    await page.getByPlaceholder('请输入账号').fill(username);
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    const mine = row(page, username);
    await expect(mine).toContainText('测试张三');
    await expect(mine).toContainText('信息中心');
    await expect(mine).toContainText('男');

    // edit: the username cannot change, the name can
    await mine.getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑用户');
    await expect(edit.getByLabel('用户账号')).toBeDisabled();
    await expect(edit.getByLabel('用户账号')).toHaveValue(username);
    await expect(edit.getByLabel('手机号码')).toHaveValue(phone);
    await edit.getByLabel('用户姓名').fill('测试李四');
    await button(edit, '确定').click();
    await toast(page, '修改成功!');
    await expect(mine).toContainText('测试李四');

    // 详情
    await mine.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '详情' }).click();
    const detail = dialog(page, '用户详情');
    await expect(detail.getByText(phone)).toBeVisible();
    await button(detail.locator('.ant-modal-footer'), '关闭').click();

    // freeze and unfreeze
    await mine.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '冻结' }).click();
    await button(page.getByRole('dialog', { name: '确认操作' }), '确定').click();
    await toast(page, '操作成功!');
    await expect(mine.locator('.ant-tag')).toHaveText('冻结');

    // delete (soft), then restore from the recycle bin
    await mine.getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除用户成功');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await button(page, '回收站').click();
    const bin = page.locator('.ant-drawer').filter({ hasText: '用户回收站' });
    await bin.getByRole('row').filter({ hasText: username }).getByRole('button', { name: '还原' }).click();
    await confirmPopup(page);
    await toast(page, '还原成功');
    await bin.locator('.ant-drawer-close').click();
    await expect(row(page, username)).toBeVisible();
  });

  test('§5 batch delete asks 确定要删除这 N 项吗? and deletes the selected users', async ({ page, request }) => {
    await selectTwoNewUsers(page, request, unique('e2eb'));
    await deleteTwoSelectedUsers(page, page);
  });

  test('导入 reports each skipped row as 第 N 行：原因 and adds the valid ones; 彻底删除 in the recycle bin removes a user for good', async ({
    page,
    request,
  }, testInfo) => {
    const username = unique('e2ei');
    const file = await workbookFile(testInfo, username, '用户', [
      ['用户账号', '姓名', '初始密码', '性别', '手机号', '邮箱', '工号', '部门编码', '角色编码'],
      [username, '导入测试', USER_PASSWORD, '女', '', '', '', 'A01A04', ''],
      [`${username}x`, '坏部门', USER_PASSWORD, '', '', '', '', 'Z99', ''],
    ]);

    await signIn(page);
    await page.goto('/isystem/user');
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    const report = await importFile(page, file, '文件导入成功，但有错误。');
    await expect(report.getByText('第 3 行：部门编码“Z99”不存在')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'system-user-import-report') });
    await button(report, '确定').click();
    await expect(report).toBeHidden();

    await page.getByPlaceholder('请输入账号').fill(username);
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    const imported = row(page, username);
    await expect(imported).toContainText('导入测试');
    await expect(imported).toContainText('信息中心');

    await imported.getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除用户成功');
    const token = await apiToken(request);
    const usernameFree = async () => {
      const check = await request.get(`/jeecg-boot/sys/user/checkOnlyUser?username=${username}`, { headers: { 'X-Access-Token': token } });
      return ((await check.json()) as { success: boolean }).success;
    };
    // in the recycle bin the username is still taken
    expect(await usernameFree()).toBe(false);
    await button(page, '回收站').click();
    const bin = page.locator('.ant-drawer').filter({ hasText: '用户回收站' });
    await bin.getByRole('row').filter({ hasText: username }).getByRole('button', { name: '彻底删除' }).click();
    const confirm = page.getByRole('dialog', { name: '确认彻底删除' });
    await expect(confirm.getByText('彻底删除后无法恢复，确定要彻底删除这 1 个用户吗?')).toBeVisible();
    await button(confirm, '确定').click();
    await toast(page, '删除成功');
    await expect(bin.getByRole('row').filter({ hasText: username })).toHaveCount(0);
    // gone for good: the username is free again
    expect(await usernameFree()).toBe(true);
  });

  test('导出 downloads the current filter as an Excel file named by the server', async ({ page }) => {
    await signIn(page);
    await page.goto('/isystem/user');
    await page.getByPlaceholder('请输入账号').fill('admin');
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出当前筛选' }).click();
    expect((await download).suggestedFilename()).toBe('用户信息.xlsx');
  });

  test('§6 a user lacking system:user:add sees no 新增 (and no button they hold no code for)', async ({ page, request }, testInfo) => {
    const username = await signInHolding(page, request, 'e2ev', [MenuId.system, MenuId.user, buttonId('system:user:list')]);
    await page.goto('/isystem/user');
    await expect(row(page, username)).toBeVisible();
    await expect(page.getByText('已选择 0 项')).toBeVisible();
    for (const name of ['新增', '导出', '导入', '回收站']) await expect(button(page, name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
    await page.screenshot({ path: shot(testInfo, 'system-user-readonly'), fullPage: true });
  });

  test('密码: an administrator resets a user password, and the user signs in with the new one', async ({ page, browser, request }, testInfo) => {
    const token = await apiToken(request);
    const username = unique('e2ep');
    await createUser(request, token, username);
    await signIn(page);
    await page.goto('/isystem/user');
    await page.getByPlaceholder('请输入账号').fill(username);
    await button(page, '查询').click();
    await row(page, username).getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '密码' }).click();
    const reset = dialog(page, '重新设置密码');
    await expect(reset.getByLabel('用户账号')).toHaveValue(username);
    await reset.getByLabel('登录密码').fill('short');
    await expect(reset.getByText('密码至少8位，须同时包含字母和数字')).toBeVisible();
    await reset.getByLabel('登录密码').fill('NewPassw0rd2026');
    await reset.getByLabel('确认密码').fill('NewPassw0rd2026');
    await button(reset, '确定').click();
    await toast(page, '密码修改成功!');

    const member = await (await newContext(browser, { baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' })).newPage();
    await signInAs(member, username, 'NewPassw0rd2026');
    await member.context().close();
  });
});
