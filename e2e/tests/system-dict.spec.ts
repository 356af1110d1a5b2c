import type { Locator, Page } from '@playwright/test';
import { button, test } from '../support/app.ts';
import { apiCall, apiToken, dialog, expect, row, signIn, SYSTEM_TEST_TIMEOUT, toast, unique } from '../support/system.ts';
import { choose, confirmInPopup, dropdown, search, snap } from '../support/system-data.ts';

test.use({ viewport: { width: 1440, height: 900 } });

type Dict = { id: string; dictCode: string };
type Item = { id: string; itemText: string };

/** The dictionary list filtered to one code, waiting for the single row. */
async function findDict(page: Page, code: string) {
  await search(page).getByPlaceholder('请输入字典编码').fill(code);
  await button(page, '查询').click();
  await expect(page.getByText('1-1 共 1 条')).toBeVisible();
  return row(page, code);
}

async function openItems(page: Page, code: string): Promise<Locator> {
  await (await findDict(page, code)).getByRole('button', { name: '字典配置' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `（${code}）` });
  await expect(
    drawer
      .getByText(/^\d+-\d+ 共 \d+ 条$/)
      .or(drawer.locator('.ant-empty-description'))
      .first(),
  ).toBeVisible();
  return drawer;
}

test.describe('数据字典', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('§5 dictionary code: 字典Code不能为空! when empty, a taken code refused live; §7 dictionaries add and edit', async ({ page }, testInfo) => {
    const code = unique('e2ed_');
    await signIn(page);
    await page.goto('/isystem/dict');
    await expect(
      row(page, 'nice_class')
        .or(page.getByText(/^1-10 共 \d+ 条$/))
        .first(),
    ).toBeVisible();
    await snap(page, testInfo, 'system-dict-list', true);

    await button(page, '新增').click();
    const add = dialog(page, '新增字典');
    await add.getByLabel('字典名称').fill('端到端字典');
    await button(add, '确定').click();
    await expect(add.getByText('字典Code不能为空!')).toBeVisible();
    await add.getByLabel('字典编码').fill('sex');
    await expect(add.getByText('该值不可用，系统中已存在！')).toBeVisible();
    await add.getByLabel('字典编码').fill(code);
    await expect(add.getByText('该值不可用，系统中已存在！')).toBeHidden();
    await add.getByLabel('描述').fill('端到端测试创建');
    await snap(page, testInfo, 'system-dict-add');
    await button(add, '确定').click();
    await toast(page, '保存成功！');
    await expect(add).toBeHidden();

    const mine = await findDict(page, code);
    await expect(mine).toContainText('端到端字典');
    await mine.getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑字典');
    await expect(edit.getByLabel('字典编码')).toHaveValue(code);
    await edit.getByLabel('字典名称').fill('端到端字典改');
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await expect(edit).toBeHidden();
    await expect(mine).toContainText('端到端字典改');
  });

  test('§7 dictionaries: items added, edited, searched and deleted in the 字典配置 drawer', async ({ page, request }, testInfo) => {
    const code = unique('e2ei_');
    const token = await apiToken(request);
    await apiCall(request, token, 'POST', '/sys/dict/add', { dictName: '端到端字典项', dictCode: code });
    await signIn(page);
    await page.goto('/isystem/dict');
    const drawer = await openItems(page, code);
    await expect(drawer.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();

    for (const [text, value, sort] of [
      ['甲级', 'a', '2'],
      ['乙级', 'b', '1'],
    ]) {
      await button(drawer, '新增').click();
      const add = dialog(page, '新增字典项');
      await add.getByLabel('名称').fill(text);
      await add.getByLabel('数据值').fill(value);
      await add.getByLabel('排序值').fill(sort);
      await expect(add.getByLabel('启用', { exact: true })).toBeChecked();
      await button(add, '确定').click();
      await toast(page, '保存成功！');
      await expect(add).toBeHidden();
    }
    // ordered by 排序值
    await expect(drawer.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(drawer.locator('tbody tr.ant-table-row').first()).toContainText('乙级');
    await expect(row(drawer, '甲级')).toContainText('启用');

    // a value already used in this dictionary is refused live
    await button(drawer, '新增').click();
    const taken = dialog(page, '新增字典项');
    await taken.getByLabel('名称').fill('丙级');
    await taken.getByLabel('数据值').fill('a');
    await expect(taken.getByText('该值不可用，系统中已存在！')).toBeVisible();
    await button(taken, '取消').click();
    await expect(taken).toBeHidden();

    await row(drawer, '甲级').getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑字典项');
    await expect(edit.getByLabel('数据值')).toHaveValue('a');
    await edit.getByLabel('名称').fill('甲等');
    await edit.getByLabel('不启用').check();
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await expect(edit).toBeHidden();
    await expect(row(drawer, '甲等')).toContainText('不启用');
    await snap(page, testInfo, 'system-dict-items');

    await search(drawer).getByPlaceholder('请输入名称').fill('乙');
    await button(drawer, '查询').click();
    await expect(drawer.getByText('1-1 共 1 条')).toBeVisible();
    await row(drawer, '乙级').getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除成功!');
    await expect(drawer.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  });

  test('§7 dictionaries recycle bin: a deleted dictionary is restored (还原), and deleted for good after confirmation (彻底删除)', async ({
    page,
    request,
  }, testInfo) => {
    const code = unique('e2eb_');
    const token = await apiToken(request);
    await apiCall(request, token, 'POST', '/sys/dict/add', { dictName: '端到端回收', dictCode: code });
    await signIn(page);
    await page.goto('/isystem/dict');

    await (await findDict(page, code)).getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除成功!');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();

    await button(page, '回收站').click();
    const bin = page.locator('.ant-drawer').filter({ hasText: '字典回收站' });
    await expect(row(bin, code)).toBeVisible();
    await snap(page, testInfo, 'system-dict-recycle-bin');
    await row(bin, code).getByRole('button', { name: '还原' }).click();
    await toast(page, '操作成功!');
    await expect(row(bin, code)).toHaveCount(0);
    await bin.locator('.ant-drawer-close').click();
    await expect(bin).toBeHidden();
    await expect(row(page, code)).toBeVisible();

    await row(page, code).getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除成功!');
    await button(page, '回收站').click();
    await row(bin, code).getByRole('button', { name: '彻底删除' }).click();
    const confirm = page.getByRole('dialog', { name: '确认彻底删除' });
    await expect(confirm).toContainText('彻底删除后无法恢复');
    await button(confirm, '确定').click();
    await toast(page, '删除成功!');
    await expect(row(bin, code)).toHaveCount(0);
    // the code is free again
    const check = await request.get('/jeecg-boot/sys/duplicate/check', {
      params: { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: code },
      headers: { 'X-Access-Token': token },
    });
    expect((await check.json()).success).toBe(true);
  });

  test('§8 clear cache: an item added to position_rank shows in 职务管理 职级 select only after 刷新缓存', async ({ page, request }) => {
    const text = `特级${unique('')}`;
    // sys_position.post_rank holds 2 characters (JEECG-API §4.5)
    const value = String(10 + Math.floor(Math.random() * 90));
    const token = await apiToken(request);
    const position = `端到端职务${unique('')}`;
    await signIn(page);
    try {
      await page.goto('/isystem/dict');
      const drawer = await openItems(page, 'position_rank');
      await button(drawer, '新增').click();
      const add = dialog(page, '新增字典项');
      await add.getByLabel('名称').fill(text);
      await add.getByLabel('数据值').fill(value);
      await add.getByLabel('排序值').fill('99');
      await button(add, '确定').click();
      await toast(page, '保存成功！');
      await expect(add).toBeHidden();
      await expect(row(drawer, text)).toBeVisible();

      // the browser still holds the dictionaries of the login
      await page.goto('/isystem/position');
      await button(page, '新增').click();
      const before = dialog(page, '新增职务');
      await before.getByLabel('职级').click();
      await expect(dropdown(page).getByTitle('正高级')).toBeVisible();
      await expect(dropdown(page).getByTitle(text)).toHaveCount(0);

      await page.goto('/isystem/dict');
      await button(page, '刷新缓存').click();
      await toast(page, '刷新缓存完成！');

      await page.goto('/isystem/position');
      await button(page, '新增').click();
      const after = dialog(page, '新增职务');
      await after.getByLabel('职务编码').fill(unique('p'));
      await after.getByLabel('职务名称').fill(position);
      await choose(page, after.getByLabel('职级'), text);
      await button(after, '确定').click();
      await toast(page, '添加成功！');
      await expect(row(page, position)).toContainText(text);
    } finally {
      const dict = (await apiCall<{ records: Dict[] }>(request, token, 'GET', '/sys/dict/list', undefined, { dictCode: 'position_rank' })).records[0];
      const items = await apiCall<{ records: Item[] }>(request, token, 'GET', '/sys/dictItem/list', undefined, { dictId: dict.id, itemText: text });
      for (const item of items.records) await apiCall(request, token, 'DELETE', '/sys/dictItem/delete', undefined, { id: item.id });
    }
  });
});
