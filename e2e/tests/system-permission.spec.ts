import { button, test } from '../support/app.ts';
import { buttonId, confirmPopup, expect, MenuId, row, shot, signIn, signInHolding, SYSTEM_TEST_TIMEOUT, toast, unique } from '../support/system.ts';

test.describe('菜单管理 (system/PermissionList)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('list, add a menu with an icon, add a sub-menu, edit it, give it a data rule, delete them', async ({ page }, testInfo) => {
    const id = unique('e2e');
    const top = `E2E菜单${id}`;
    const child = `E2E子菜单${id}`;
    await signIn(page);
    await page.goto('/isystem/permission');
    await expect(row(page, '系统管理').first()).toBeVisible();

    await button(page, '新增菜单').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增菜单' });
    await expect(drawer.getByLabel('一级菜单')).toBeChecked();
    await drawer.getByLabel('菜单名称').fill(top);
    await drawer.getByLabel('菜单路径').fill(`/${id}`);
    await button(drawer, '选择图标').click();
    const icons = page.getByRole('dialog', { name: '选择图标' });
    await icons.getByPlaceholder('按名称过滤，如 user').fill('star');
    await icons.getByRole('option', { name: 'star' }).click();
    await expect(drawer.getByLabel('菜单图标')).toHaveValue('star');
    await page.screenshot({ path: shot(testInfo, 'system-permission-add'), fullPage: false });
    await button(drawer, '确定').click();
    await toast(page, '添加成功！');
    const topRow = row(page, top);
    await expect(topRow).toContainText('一级菜单');

    await topRow.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '添加下级' }).click();
    await expect(drawer.getByLabel('子菜单')).toBeChecked();
    await expect(drawer.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: top })).toBeVisible();
    await drawer.getByLabel('菜单名称').fill(child);
    await drawer.getByLabel('菜单路径').fill(`/${id}/child`);
    await drawer.getByLabel('前端组件').fill('system/UserList');
    await button(drawer, '确定').click();
    await toast(page, '添加成功！');
    await topRow.locator('.ant-table-row-expand-icon').click();
    const childRow = row(page, child);
    await expect(childRow).toContainText('system/UserList');

    await childRow.getByRole('button', { name: '编辑' }).click();
    const edit = page.locator('.ant-drawer').filter({ hasText: '编辑菜单' });
    await expect(edit.getByLabel('菜单名称')).toHaveValue(child);
    await edit.getByLabel('菜单名称').fill(`${child}改`);
    await button(edit, '确定').click();
    await toast(page, '修改成功！');
    await expect(row(page, `${child}改`)).toBeVisible();

    // 数据规则 of the sub-menu
    await row(page, `${child}改`).getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '数据规则' }).click();
    const rules = page.locator('.ant-drawer').filter({ hasText: '数据权限规则' });
    await expect(rules.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await button(rules, '新增').click();
    const ruleForm = page.getByRole('dialog', { name: '新增规则' });
    await ruleForm.getByLabel('规则名称').fill('只看自己创建的');
    await ruleForm.getByLabel('规则字段').fill('createBy');
    await ruleForm.getByLabel('条件规则').click();
    const options = page.locator('.ant-select-dropdown:visible');
    await expect(options.getByText('自定义SQL表达式')).toHaveCount(0);
    await options.getByTitle('等于（=）').click();
    await ruleForm.getByLabel('规则值').fill('#{sys_user_code}');
    await button(ruleForm, '确定').click();
    await toast(page, '添加成功！');
    await expect(row(rules, '只看自己创建的')).toContainText('等于');
    await page.screenshot({ path: shot(testInfo, 'system-permission-rules'), fullPage: false });
    await row(rules, '只看自己创建的').getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await toast(page, '删除成功！');
    await rules.locator('.ant-drawer-close').click();

    // deleting the parent takes its children with it
    await topRow.getByRole('button', { name: '删除' }).click();
    await expect(page.locator('.ant-popconfirm')).toContainText('删除会一并删除其下级菜单和按钮');
    await confirmPopup(page);
    await toast(page, '删除成功!');
    await expect(row(page, top)).toHaveCount(0);
    await expect(row(page, `${child}改`)).toHaveCount(0);
  });

  test('§6 a user holding only system:permission:list sees the tree but no 新增菜单, 编辑 or 删除', async ({ page, request }, testInfo) => {
    await signInHolding(page, request, 'e2epv', [MenuId.system, MenuId.permission, buttonId('system:permission:list')]);
    await page.goto('/isystem/permission');
    await expect(row(page, '系统管理').first()).toBeVisible();
    await expect(button(page, '新增菜单')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
    await page.screenshot({ path: shot(testInfo, 'system-permission-readonly'), fullPage: false });
  });
});
