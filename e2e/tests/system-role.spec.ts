import type { Locator, Page } from '@playwright/test';
import { button, test, newContext } from '../support/app.ts';
import {
  apiCall,
  apiToken,
  expect,
  MenuId,
  signIn,
  SYSTEM_TEST_TIMEOUT,
  confirmPopup,
  createRole,
  createUser,
  dialog,
  importFile,
  row,
  shot,
  signInAs,
  toast,
  unique,
  workbookFile,
} from '../support/system.ts';

async function openRoles(page: Page, code?: string) {
  await page.goto('/isystem/roleUserList');
  if (code) {
    await page.getByPlaceholder('请输入编码').fill(code);
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
  }
}

/** The checkbox of a node of the grant tree, by its exact title. */
function node(drawer: Locator, title: string) {
  return drawer
    .locator('.ant-tree-treenode')
    .filter({ has: drawer.page().getByText(title, { exact: true }) })
    .locator('.ant-tree-checkbox');
}

async function setGrant(page: Page, code: string, titles: string[], checked: boolean) {
  await openRoles(page, code);
  await row(page, code).getByRole('button', { name: '授权' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '角色权限配置' });
  await expect(node(drawer, '首页')).toBeVisible();
  // the tree can be drawn before the role's grants arrive: a box read then is unchecked, and checked a moment later
  await expect(drawer.locator('.ant-spin-spinning')).toHaveCount(0);
  for (const title of titles) {
    const box = node(drawer, title);
    if ((await box.getAttribute('class'))!.includes('ant-tree-checkbox-checked') !== checked) await box.click();
    await expect(box).toHaveClass(checked ? /ant-tree-checkbox-checked/ : /^(?!.*ant-tree-checkbox-checked)/);
  }
  await button(drawer, '保存并关闭').click();
  await toast(page, '保存成功！');
  await expect(drawer).toBeHidden();
}

test.describe('角色管理 (system/RoleList)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });
  test('list, search, add (role code checked live), edit and delete', async ({ page }, testInfo) => {
    const code = unique('e2er');
    await signIn(page);
    await openRoles(page);
    // other specs add roles as they run: the first page holds whichever came last
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'system-role-list'), fullPage: true });

    await button(page, '新增').click();
    const add = dialog(page, '新增角色');
    await add.getByLabel('角色名称').fill('测试角色');
    await add.getByLabel('角色编码').fill('admin');
    await expect(add.getByText('角色编码已存在')).toBeVisible();
    await add.getByLabel('角色编码').fill(code);
    await add.getByLabel('描述').fill('端到端测试创建');
    await button(add, '确定').click();
    await toast(page, '添加成功！');

    await page.getByPlaceholder('请输入编码').fill(code);
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    await row(page, code).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑角色');
    await expect(edit.getByLabel('角色编码')).toBeDisabled();
    await edit.getByLabel('角色名称').fill('测试角色改');
    await button(edit, '确定').click();
    await toast(page, '修改成功!');
    await expect(row(page, code)).toContainText('测试角色改');

    await row(page, code).getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除角色成功');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  });

  test('导出 downloads 角色信息.xlsx of the filter; 导入 adds the good rows and reports a bad one as 第 N 行：原因 (issue 36)', async ({ page }, testInfo) => {
    const code = unique('e2ex');
    const file = await workbookFile(testInfo, code, '角色', [
      ['角色名', '角色编码', '描述'],
      ['导入的角色', code, '从 Excel 导入'],
      ['坏编码', '1bad', ''],
    ]);

    await signIn(page);
    await openRoles(page);
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    const report = await importFile(page, file, '文件导入成功，但有错误。');
    await expect(report.getByText('第 3 行：角色编码以字母开头，只能包含字母、数字和下划线，长度2-50')).toBeVisible();
    await button(report, '确定').click();
    await expect(report).toBeHidden();

    await page.getByPlaceholder('请输入编码').fill(code);
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    await expect(row(page, code)).toContainText('导入的角色');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出/ }).click();
    await page.getByRole('menuitem', { name: '导出当前筛选' }).click();
    expect((await download).suggestedFilename()).toBe('角色信息.xlsx');
  });

  test('§6 grant: a role granted 用户-添加 shows its users 新增; revoked, it disappears', async ({ page, browser, request }, testInfo) => {
    const token = await apiToken(request);
    const code = unique('e2eg');
    const roleId = await createRole(request, token, code, []);
    const username = unique('e2eg');
    await createUser(request, token, username, { roleIds: [roleId] });

    await signIn(page);
    await setGrant(page, code, ['系统管理', '用户管理', '用户-查询', '用户-添加'], true);

    const member = await (await newContext(browser, { baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' })).newPage();
    await signInAs(member, username);
    await member.goto('/isystem/user');
    await expect(row(member, username)).toBeVisible();
    await expect(button(member, '新增')).toBeVisible();
    await expect(member.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await member.screenshot({ path: shot(testInfo, 'system-role-granted-user'), fullPage: true });

    await openRoles(page, code);
    await row(page, code).getByRole('button', { name: '授权' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '角色权限配置' });
    await expect(node(drawer, '用户-添加')).toHaveClass(/ant-tree-checkbox-checked/);
    await page.screenshot({ path: shot(testInfo, 'system-role-grant'), fullPage: false });
    await drawer.locator('.ant-drawer-close').click();
    await setGrant(page, code, ['用户-添加'], false);

    // the next page load fetches the permissions again: no new login needed
    await member.reload();
    await expect(row(member, username)).toBeVisible();
    await expect(button(member, '新增')).toHaveCount(0);
    await member.context().close();
  });

  test('用户: add an existing user to a role through the picker, then remove them', async ({ page, request }) => {
    const token = await apiToken(request);
    const code = unique('e2em');
    await createRole(request, token, code, []);
    const username = unique('e2em');
    await createUser(request, token, username);

    await signIn(page);
    await openRoles(page, code);
    await row(page, code).getByRole('button', { name: '用户' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '角色用户' });
    await expect(drawer.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await button(drawer, '添加已有用户').click();
    const picker = dialog(page, '选择用户');
    await button(picker, '确定').click();
    await toast(page, '请选择一条记录');
    await picker.getByPlaceholder('请输入账号').fill(username);
    await button(picker, '查询').click();
    await expect(picker.getByText('1-1 共 1 条')).toBeVisible();
    await row(picker, username).locator('.ant-checkbox-input').check();
    await expect(picker.getByText('已选择 1 项')).toBeVisible();
    await button(picker, '确定').click();
    await toast(page, '添加成功!');
    await expect(row(drawer, username)).toBeVisible();

    await row(drawer, username).getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除成功!');
    await expect(drawer.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  });

  test('数据规则: a role granted a menu chooses which of its data rules apply', async ({ page, request }) => {
    const token = await apiToken(request);
    const code = unique('e2edr');
    const roleId = await createRole(request, token, code, [MenuId.system, MenuId.user]);
    const ruleName = `本部门${code}`;
    await apiCall(request, token, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: MenuId.user,
      ruleName,
      ruleColumn: 'orgCode',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });

    await signIn(page);
    await openRoles(page, code);
    await row(page, code).getByRole('button', { name: '授权' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '角色权限配置' });
    await drawer
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText('用户管理', { exact: true }) })
      .getByRole('button', { name: '数据规则' })
      .click();
    const rules = page.locator('.ant-drawer').filter({ hasText: '数据规则：用户管理' });
    await rules.getByText(ruleName).click();
    await button(rules, '保存').click();
    await toast(page, '保存成功!');
    const granted = await apiCall<{ drChecked: string; datarule: { id: string; ruleName: string }[] }>(
      request,
      token,
      'GET',
      `/sys/role/datarule/${encodeURIComponent(MenuId.user)}/${roleId}`,
    );
    const ruleId = granted.datarule.find((rule) => rule.ruleName === ruleName)!.id;
    expect(granted.drChecked.split(',')).toContain(ruleId);
  });
});
