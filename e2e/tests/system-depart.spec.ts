import type { Locator, Page } from '@playwright/test';
import { button, test, newContext } from '../support/app.ts';
import {
  apiCall,
  apiToken,
  buttonId,
  confirmPopup,
  createUser,
  dialog,
  expect,
  MenuId,
  row,
  shot,
  signIn,
  signInAs,
  signInHolding,
  SYSTEM_TEST_TIMEOUT,
  toast,
  unique,
} from '../support/system.ts';

const treeNode = (page: Page, title: string) => page.locator('.ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) });

async function selectDepart(page: Page, title: string) {
  await treeNode(page, title).getByText(title, { exact: true }).click();
  await expect(page.getByText(`当前选择：${title}`)).toBeVisible();
}

async function confirmDelete(page: Page) {
  await button(page, '删除').first().click();
  await button(page.getByRole('dialog', { name: '确认删除' }), '确定').click();
}

/** The checkbox of a node of the grant tree in `scope`, by its exact title. */
/** 部门用户 of the selected department: an existing user added with 添加已有用户. Answers the tab's panel. */
async function addMember(page: Page, username: string): Promise<Locator> {
  await page.locator('.depart-tabs').getByRole('tab', { name: '部门用户' }).click();
  const users = page.locator('.depart-tabs').getByRole('tabpanel', { name: '部门用户' });
  await button(users, '添加已有用户').click();
  const picker = dialog(page, '选择用户');
  await picker.getByPlaceholder('请输入账号').fill(username);
  await button(picker, '查询').click();
  await row(picker, username).locator('.ant-checkbox').click();
  await button(picker, '确定').click();
  await toast(page, '添加成功!');
  return users;
}

const grantNode = (scope: Locator, title: string) =>
  scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().getByText(title, { exact: true }) })
    .locator('.ant-tree-checkbox');

test.describe('部门管理 (system/DepartList)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('tree, add a company and a department under it, edit, search, and delete (refused while children or users remain)', async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiToken(request);
    const member = unique('e2ed');
    await createUser(request, token, member);
    const id = unique('');
    const company = `E2E公司${id}`;
    const dept = `E2E部门${id}`;
    await signIn(page);
    await page.goto('/isystem/depart');
    await expect(treeNode(page, '商标协会')).toBeVisible();
    await expect(page.getByText('请先在左侧选择一个部门')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'system-depart-empty-selection'), fullPage: true });

    await button(page, '添加部门').click();
    const add = dialog(page, '添加部门');
    await expect(add.getByLabel('公司', { exact: true })).toBeChecked();
    await add.getByLabel('机构名称').fill(company);
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await expect(page.getByText(`当前选择：${company}`)).toBeVisible();
    const code = await page.getByLabel('机构编码').inputValue();
    expect(code).toMatch(/^[A-Z]\d{2}$/);
    await expect(page.getByLabel('机构编码')).toBeDisabled();

    await button(page, '添加下级').click();
    const child = dialog(page, '添加下级部门');
    await expect(child.getByLabel('上级部门')).toHaveValue(company);
    await expect(child.getByLabel('部门', { exact: true })).toBeChecked();
    await child.getByLabel('机构名称').fill(dept);
    await button(child, '确定').click();
    await toast(page, '添加成功！');
    await expect(page.getByText(`当前选择：${dept}`)).toBeVisible();
    await expect(page.getByLabel('机构编码')).toHaveValue(`${code}A01`);

    // edit in 基本信息
    await page.locator('#depart-info_departName').fill(`${dept}改`);
    await button(page, '保存').click();
    await toast(page, '修改成功!');
    await expect(treeNode(page, `${dept}改`)).toBeVisible();

    // search
    await page.getByPlaceholder('请输入部门名称').fill(`${dept}改`);
    await page.getByPlaceholder('请输入部门名称').press('Enter');
    await expect(page.getByRole('treeitem')).toHaveCount(1);
    await page.getByPlaceholder('请输入部门名称').fill('没有这个部门xyz');
    await page.getByPlaceholder('请输入部门名称').press('Enter');
    await expect(page.getByText('未查询匹配数据！')).toBeVisible();
    await page.getByPlaceholder('请输入部门名称').fill('');
    await page.getByPlaceholder('请输入部门名称').press('Enter');

    // a member in the department
    await selectDepart(page, `${dept}改`);
    const users = await addMember(page, member);
    await expect(row(users, member)).toBeVisible();

    // refused while children or users remain, with the server's reason
    await selectDepart(page, company);
    await confirmDelete(page);
    await toast(page, `「${company}」下还有下级部门，请先删除下级部门`);
    await selectDepart(page, `${dept}改`);
    await confirmDelete(page);
    await toast(page, `「${dept}改」下还有 1 个用户，请先移出用户`);

    await page.locator('.depart-tabs').getByRole('tab', { name: '部门用户' }).click();
    await row(users, member).getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除成功!');
    await confirmDelete(page);
    await toast(page, '删除成功!');
    await expect(treeNode(page, `${dept}改`)).toHaveCount(0);
    await selectDepart(page, company);
    await confirmDelete(page);
    await expect(treeNode(page, company)).toHaveCount(0);
  });

  test('部门权限, a department role granted within them, and a member given that role reaches the menu', async ({ page, browser, request }, testInfo) => {
    const token = await apiToken(request);
    const dept = `E2E权限部门${unique('')}`;
    await apiCall(request, token, 'POST', '/sys/sysDepart/add', { departName: dept, orgCategory: '1' });
    const member = unique('e2edr');
    await createUser(request, token, member);
    const roleCode = unique('dr');

    await signIn(page);
    await page.goto('/isystem/depart');
    await selectDepart(page, dept);

    await page.locator('.depart-tabs').getByRole('tab', { name: '部门权限' }).click();
    const grants = page.locator('.depart-tabs').getByRole('tabpanel', { name: '部门权限' });
    for (const title of ['系统管理', '通讯录', '通讯录-查询']) await grantNode(grants, title).click();
    await button(grants, '保存').click();
    await toast(page, '保存成功！');

    await page.locator('.depart-tabs').getByRole('tab', { name: '部门角色' }).click();
    const roles = page.locator('.depart-tabs').getByRole('tabpanel', { name: '部门角色' });
    await button(roles, '新增').click();
    const add = dialog(page, '新增部门角色');
    await add.getByLabel('部门角色名称').fill('通讯录查看');
    await add.getByLabel('部门角色编码').fill(roleCode);
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await row(roles, roleCode).getByRole('button', { name: '授权' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '部门角色权限配置' });
    await expect(drawer.getByRole('treeitem')).toHaveCount(3);
    for (const title of ['系统管理', '通讯录', '通讯录-查询']) await grantNode(drawer, title).click();
    await page.screenshot({ path: shot(testInfo, 'system-depart-role-grant'), fullPage: false });
    await button(drawer, '保存并关闭').click();
    await toast(page, '保存成功！');

    const users = await addMember(page, member);
    await row(users, member).getByRole('button', { name: '分配部门角色' }).click();
    const assign = page.getByRole('dialog', { name: /分配部门角色/ });
    await assign.getByLabel('通讯录查看').check();
    await button(assign, '确定').click();
    await toast(page, '添加成功!');
    await page.screenshot({ path: shot(testInfo, 'system-depart-users'), fullPage: true });

    const other = await (await newContext(browser, { baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' })).newPage();
    await signInAs(other, member);
    await other.goto('/isystem/addressList');
    await expect(other.getByRole('menuitem', { name: /通讯录/ })).toBeVisible();
    await expect(other.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await other.context().close();
  });

  test('§6 without system:depart:* codes the tree shows, but no 添加部门, 删除 or tabs beyond 基本信息', async ({ page, request }) => {
    // one unrelated button, so the user has local entries (§6: with none, enabled entries allow)
    await signInHolding(page, request, 'e2edv', [MenuId.system, MenuId.depart, buttonId('system:user:list')]);
    await page.goto('/isystem/depart');
    await selectDepart(page, '办公室');
    await expect(button(page, '添加部门')).toHaveCount(0);
    await expect(button(page, '删除')).toHaveCount(0);
    await expect(page.locator('.depart-tabs').getByRole('tab')).toHaveText(['基本信息']);
    await expect(page.locator('#depart-info_departName')).toBeDisabled();
    await expect(button(page, '保存')).toHaveCount(0);
  });
});
