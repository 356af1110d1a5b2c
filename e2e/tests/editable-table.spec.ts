import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { button, test } from '../support/app.ts';
import { apiCall, apiToken, expect, row, signIn, SYSTEM_TEST_TIMEOUT, toast, unique } from '../support/system.ts';
import { search, snap, typeInto } from '../support/system-data.ts';

test.use({ viewport: { width: 1440, height: 900 } });

type Dict = { id: string };

/** A dictionary made through the API with items 甲级 (a), 乙级 (b), … — the first `items` of them, 排序 1…n. Answers its id. */
async function dictWithItems(request: APIRequestContext, token: string, dict: { dictName: string; dictCode: string }, items: number): Promise<string> {
  await apiCall(request, token, 'POST', '/sys/dict/add', dict);
  const { id } = (await apiCall<{ records: Dict[] }>(request, token, 'GET', '/sys/dict/list', undefined, { dictCode: dict.dictCode })).records[0];
  const grades = [
    ['甲级', 'a'],
    ['乙级', 'b'],
    ['丙级', 'c'],
  ];
  for (const [index, [itemText, itemValue]] of grades.slice(0, items).entries()) {
    await apiCall(request, token, 'POST', '/sys/dictItem/add', { dictId: id, itemText, itemValue, sortOrder: index + 1, status: 1 });
  }
  return id;
}

/** The 字典配置 drawer of one dictionary, on its 表格编辑 tab, once the rows are drawn. */
async function openTable(page: Page, code: string, rows: number): Promise<Locator> {
  await page.goto('/isystem/dict');
  await search(page).getByPlaceholder('请输入字典编码').fill(code);
  await button(page, '查询').click();
  await expect(page.getByText('1-1 共 1 条')).toBeVisible();
  await row(page, code).getByRole('button', { name: '字典配置' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `（${code}）` });
  await drawer.getByRole('tab', { name: '表格编辑' }).click();
  await expect(drawer.locator('[data-row-id]')).toHaveCount(rows);
  return drawer;
}

const tableRow = (drawer: Locator, text: string) => drawer.locator('[data-row-id]').filter({ hasText: text });
const cell = (tableRowLocator: Locator, key: string) => tableRowLocator.locator(`[data-key="${key}"]`);

/** The rows' 名称 and 排序 as drawn, top to bottom. */
async function drawn(drawer: Locator): Promise<string[]> {
  const rows = drawer.locator('[data-row-id]');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    out.push(`${await cell(rows.nth(i), 'itemText').innerText()}:${await cell(rows.nth(i), 'sortOrder').innerText()}`);
  }
  return out;
}

test.describe('§3–§5 editable table on 字典配置', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('items edited in place, a row added, one removed after confirmation, rows dragged into order; saved, and still so after a reload', async ({
    page,
    request,
  }, testInfo) => {
    const code = unique('e2et_');
    const token = await apiToken(request);
    await dictWithItems(request, token, { dictName: '端到端表格', dictCode: code }, 3);
    await signIn(page);
    const drawer = await openTable(page, code, 3);
    expect(await drawn(drawer)).toEqual(['甲级:1', '乙级:2', '丙级:3']);

    // a cell edited in place
    await typeInto(drawer, cell(tableRow(drawer, '乙级'), 'itemText'), '名称', '乙等');
    await expect(cell(tableRow(drawer, '乙等'), 'itemText')).toHaveText('乙等');

    // a new row: a value already in the table is refused as the spec §5 unique rule says, another is taken
    await button(drawer, '新增').click();
    await expect(drawer.locator('[data-row-id]')).toHaveCount(4);
    const added = drawer.locator('[data-row-id]').last();
    await expect(cell(added, 'sortOrder')).toHaveText('4');
    await expect(cell(added, 'status').getByRole('checkbox')).toBeChecked();
    await typeInto(drawer, cell(added, 'itemText'), '名称', '丁级');
    await cell(added, 'itemValue').click();
    await drawer.getByLabel('数据值', { exact: true }).fill('a');
    await expect(page.locator('.ant-tooltip').getByText('该字典中已存在相同的数据值')).toBeVisible();
    await drawer.getByLabel('数据值', { exact: true }).fill('d');
    await drawer.getByLabel('数据值', { exact: true }).press('Enter');
    await expect(cell(added, 'itemValue')).not.toHaveAttribute('aria-invalid', 'true');
    await cell(tableRow(drawer, '丁级'), 'status').getByRole('checkbox').uncheck();

    // 甲级 removed after 确定要删除这 1 项吗?
    await tableRow(drawer, '甲级')
      .getByLabel(/^选择第\d+行$/)
      .check();
    await button(drawer, '删除').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定要删除这 1 项吗?' });
    await expect(confirm).toBeVisible();
    await button(confirm, '确定').click();
    await expect(drawer.locator('[data-row-id]')).toHaveCount(3);
    expect(await drawn(drawer)).toEqual(['乙等:1', '丙级:2', '丁级:3']);

    // 丙级 dragged by its handle onto the first row
    await tableRow(drawer, '丙级').getByLabel('拖动排序').dragTo(tableRow(drawer, '乙等'));
    await expect.poll(() => drawn(drawer)).toEqual(['丙级:1', '乙等:2', '丁级:3']);
    await snap(page, testInfo, 'editable-table-dict-items');

    await button(drawer, '保存').click();
    await toast(page, '保存成功！');

    await page.reload();
    const again = await openTable(page, code, 3);
    expect(await drawn(again)).toEqual(['丙级:1', '乙等:2', '丁级:3']);
    await expect(cell(tableRow(again, '丁级'), 'itemValue')).toHaveText('d');
    await expect(cell(tableRow(again, '丁级'), 'status').getByRole('checkbox')).not.toBeChecked();
    await expect(cell(tableRow(again, '乙等'), 'status').getByRole('checkbox')).toBeChecked();

    // the 列表 tab shows the same items in the saved order
    await again.getByRole('tab', { name: '列表' }).click();
    await expect(again.locator('tbody tr.ant-table-row')).toHaveCount(3);
    await expect(again.locator('tbody tr.ant-table-row').first()).toContainText('丙级');
    await expect(row(again, '丁级')).toContainText('不启用');
  });

  test('§5 a required cell left empty is flagged and nothing is saved', async ({ page, request }) => {
    const code = unique('e2eu_');
    const token = await apiToken(request);
    const dictId = await dictWithItems(request, token, { dictName: '端到端表格校验', dictCode: code }, 0);
    await signIn(page);
    const drawer = await openTable(page, code, 0);
    await button(drawer, '新增').click();
    await button(drawer, '保存').click();
    await toast(page, '请先修正表格中标红的单元格');
    await expect(page.locator('.ant-tooltip').getByText('字典项文本不能为空!')).toBeVisible();
    const items = await apiCall<{ total: number }>(request, token, 'GET', '/sys/dictItem/list', undefined, { dictId });
    expect(items.total).toBe(0);
  });

  test('§5 every cell rule from the contracts: a 描述 over 255 characters is flagged in the grid; a save the server refuses names the row and writes no row', async ({
    page,
    request,
  }) => {
    const code = unique('e2ev_');
    const token = await apiToken(request);
    const dictId = await dictWithItems(request, token, { dictName: '端到端整表保存', dictCode: code }, 3);
    type Item = { id: string; itemText: string; description: string | null };
    const stored = async () => (await apiCall<{ records: Item[] }>(request, token, 'GET', '/sys/dictItem/list', undefined, { dictId })).records;
    await signIn(page);
    const drawer = await openTable(page, code, 3);

    await typeInto(drawer, cell(tableRow(drawer, '甲级'), 'itemText'), '名称', '甲等');
    await typeInto(drawer, cell(tableRow(drawer, '乙级'), 'description'), '描述', '长'.repeat(256));
    await expect(cell(tableRow(drawer, '乙级'), 'description')).toHaveAttribute('aria-invalid', 'true');
    await button(drawer, '保存').click();
    await toast(page, '请先修正表格中标红的单元格');
    await expect(page.locator('.ant-tooltip').getByText('描述长度不能超过255个字符')).toBeVisible();
    expect((await stored()).map((item) => item.itemText)).toEqual(['甲级', '乙级', '丙级']);

    // within the limit the cell is fine; meanwhile 丙级 is deleted elsewhere, so the save is refused whole
    await typeInto(drawer, cell(tableRow(drawer, '乙级'), 'description'), '描述', '长'.repeat(255));
    await expect(cell(tableRow(drawer, '乙级'), 'description')).not.toHaveAttribute('aria-invalid', 'true');
    const gone = (await stored()).find((item) => item.itemText === '丙级')!;
    await apiCall(request, token, 'DELETE', '/sys/dictItem/delete', undefined, { id: gone.id });
    await button(drawer, '保存').click();
    await toast(page, '第 3 行：未找到对应数据，请刷新后重试');
    expect((await stored()).map((item) => [item.itemText, item.description])).toEqual([
      ['甲级', null],
      ['乙级', null],
    ]);
  });

  test('§4 live row updates: a row saved in one window is merged into the same table open in another window of the user, without a reload', async ({
    page,
    browser,
    request,
  }) => {
    const code = unique('e2el_');
    const token = await apiToken(request);
    await dictWithItems(request, token, { dictName: '端到端实时同步', dictCode: code }, 2);
    await signIn(page);
    const mine = await openTable(page, code, 2);
    const otherWindow = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await otherWindow.newPage();
    await signIn(other);
    const theirs = await openTable(other, code, 2);

    await typeInto(mine, cell(tableRow(mine, '乙级'), 'itemText'), '名称', '乙等');
    await button(mine, '保存').click();
    await toast(page, '保存成功！');
    await expect(cell(tableRow(theirs, '乙等'), 'itemText')).toHaveText('乙等');
    await expect(tableRow(theirs, '甲级')).toHaveCount(1);
    await otherWindow.close();
  });
});
