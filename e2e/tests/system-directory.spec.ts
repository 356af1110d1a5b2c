import { button, test } from '../support/app.ts';
import { confirmPopup, dialog, expect, row, shot, signIn, SYSTEM_TEST_TIMEOUT, toast, unique } from '../support/system.ts';

test.describe('职务、租户、通讯录', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('职务管理: add with a rank, edit, delete', async ({ page }, testInfo) => {
    const code = unique('p');
    await signIn(page);
    await page.goto('/isystem/position');
    await button(page, '新增').click();
    const add = dialog(page, '新增职务');
    await add.getByLabel('职务编码').fill(code);
    await add.getByLabel('职务名称').fill('测试职务');
    await add.getByLabel('职级').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('中级').click();
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await expect(row(page, code)).toContainText('中级');
    await page.screenshot({ path: shot(testInfo, 'system-position-list'), fullPage: true });

    await row(page, code).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑职务');
    await edit.getByLabel('职务名称').fill('测试职务改');
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await expect(row(page, code)).toContainText('测试职务改');

    await row(page, code).getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除成功!');
    await expect(row(page, code)).toHaveCount(0);
  });

  test('租户管理: add with an integer id (a taken id is refused), edit, delete', async ({ page }, testInfo) => {
    const id = String(10_000 + Math.floor(Math.random() * 89_000));
    const name = `测试租户${unique('')}`;
    await signIn(page);
    await page.goto('/isystem/tenant');
    await expect(row(page, '商标协会')).toBeVisible();
    await button(page, '新增').click();
    const add = dialog(page, '新增租户');
    await add.getByLabel('租户编号').fill('1');
    await add.getByLabel('租户名称').fill(name);
    await button(add, '确定').click();
    await toast(page, '租户编号已存在');
    await add.getByLabel('租户编号').fill(id);
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await page.locator('.list-search').getByPlaceholder('请输入租户名称').fill(name);
    await button(page, '查询').click();
    await expect(row(page, name)).toContainText(id);
    await expect(row(page, name)).toContainText('正常');
    await page.screenshot({ path: shot(testInfo, 'system-tenant-list'), fullPage: true });

    await row(page, name).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑租户');
    await expect(edit.getByLabel('租户编号')).toBeDisabled();
    await edit.getByLabel('冻结').check();
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await expect(row(page, name)).toContainText('冻结');

    await row(page, name).getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除成功!');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  });

  test('通讯录: everyone by default, a department from the tree, search by name', async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto('/isystem/addressList');
    // other specs add users as they run: whoever is on the first page, the administrator is among everyone
    await expect(page.getByText(/^1-\d+ 共 \d+ 条$/)).toBeVisible();
    await page.getByPlaceholder('请输入姓名').fill('系统管理');
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    await expect(row(page, '系统管理员')).toContainText('信息中心');
    // a department from the tree: only its members (the administrator is in 信息中心, not 财务部)
    await page.getByRole('treeitem', { name: '财务部' }).click();
    await expect(row(page, '系统管理员')).toHaveCount(0);
    await button(page, '查看全部').click();
    await expect(row(page, '系统管理员')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'system-address-list'), fullPage: true });
  });
});
