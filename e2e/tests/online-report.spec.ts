import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { button, test, expectFitsWidth } from '../support/app.ts';
import { axeFindings, criticalAxeFindings } from '../support/axe.ts';
import { approvedRight } from '../support/batch.ts';
import { seedRows } from '../support/lists.ts';
import { certifiedOrgViaApi, contextFor, createReviewer, formItem, unique } from '../support/rights.ts';
import { API, apiToken, dialog, expect, pick, row, signIn, SYSTEM_TEST_TIMEOUT, toast, USER_PASSWORD } from '../support/system.ts';

/*
 * Online报表 and JPopup (spec §2 menu-derived routes and Dialogs, §5 Popup config, §7 online reports):
 * an administrator writes a report's SQL, reads its columns from it, adds it to the menu for the
 * administrator and the association's reviewers; a reviewer already signed in finds it in the menu on
 * the next load and searches, pages, sorts and exports it, but has no way to the configuration screen;
 * an organisation picks 涉及权利 in the clue-batch form with the popup, on a desktop and at 375 px; a
 * reviewer picks the organisation of the batch and claim lists' filters with it. With no critical axe finding.
 */

/** One dialog audited alone (axeFindings: no critical finding, no serious one but colour contrast). */
async function dialogViolations(page: Page, scope: Locator) {
  const titleId = await scope.getAttribute('aria-labelledby');
  expect(titleId).toBeTruthy();
  return axeFindings(page, `[aria-labelledby="${titleId}"]`);
}

/** An administrator's 新增Online报表 form at 1440 px, named `name` under a fresh code; `field` is a row of its 报表字段. */
async function newReportForm(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/online/cgreport');
  await button(page, '新增').click();
  const form = dialog(page, '新增Online报表');
  const code = unique('rpt').replace(/[^A-Za-z0-9_]/g, '_');
  await formItem(form, '报表名称').locator('input').fill(name);
  await formItem(form, '报表编码').locator('input').fill(code);
  const field = (column: string) => formItem(form, '报表字段').locator(`tr[data-row-key="${column}"]`);
  return { form, code, field };
}

/** The 共 N 条 of the page's pagination. */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').innerText();
  return Number(/共 (\d+) 条/.exec(text)![1]);
}

/** Presses 导出 and reads the file: the title row, the header row and the data rows' cell values. */
async function exported(page: Page): Promise<{ title: unknown; header: unknown[]; rows: unknown[][] }> {
  const downloading = page.waitForEvent('download');
  await button(page, '导出').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  const sheet = book.worksheets[0];
  const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  for (let r = 3; r <= sheet.rowCount; r++) rows.push(values(r));
  return { title: sheet.getRow(1).getCell(1).value, header: values(2), rows };
}

/** The texts of one column of the page's report table, top to bottom. */
async function columnTexts(page: Page, title: string): Promise<string[]> {
  const table = page.locator('.ant-table');
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === title);
  expect(index, `column ${title} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts();
}

test.describe('Online报表 and JPopup (spec §7 online reports, §2 popup record picker)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('an administrator creates a report from SQL and adds it to the menu for the reviewers; a reviewer opens it from the menu, searches, pages, sorts and exports, but not its configuration', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { form, code, field } = await newReportForm(page, '字典项清单');
    await formItem(form, '报表SQL').locator('textarea').fill('select pg_sleep(1) as x');
    await button(form, '解析SQL').click();
    // the server's refusal, in the §8 notification
    await expect(page.getByText('不允许调用函数 pg_sleep（只允许常用的统计、文本、数字与日期函数）')).toBeVisible();
    await formItem(form, '报表SQL')
      .locator('textarea')
      .fill("select id, item_text as item_name, sort_order, item_value from sys_dict_item where item_text like '%${kw}%'");
    await button(form, '解析SQL').click();
    await expect(form.getByText('预览（前 10 行）')).toBeVisible();
    await expect(field('item_name')).toBeVisible();
    await field('item_name').getByLabel('显示名称').fill('字典项名称');
    await field('item_name').getByLabel('查询', { exact: true }).check();
    await field('item_name').getByRole('combobox', { name: '查询模式' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('模糊').click();
    await field('sort_order').getByLabel('显示名称').fill('排序号');
    await field('id').getByLabel('显示', { exact: true }).uncheck();
    expect(await criticalAxeFindings(page)).toEqual([]);
    await button(form, '确定').click();
    await toast(page, '添加成功！');

    // a reviewer of the association is signed in before the entry exists: no 在线开发 in its menu
    const staffName = await createReviewer(request);
    const staff = await contextFor(browser, staffName, baseURL!, '10.83.0.2');
    await staff.setViewportSize({ width: 1440, height: 900 });
    await expect(staff.getByRole('menuitem', { name: /首页/ })).toBeVisible();
    await expect(staff.getByRole('menuitem', { name: /在线开发/ })).toHaveCount(0);

    await row(page, code).getByRole('button', { name: '添加到菜单' }).click();
    const menuDialog = dialog(page, /添加到菜单/);
    await menuDialog.getByRole('combobox', { name: '上级菜单' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('在线开发').click();
    // the administrator's role is chosen already; the reviewers are added
    const roles = formItem(menuDialog, '授权角色');
    await expect(roles.locator('.ant-select-selection-item')).toHaveText(['系统管理员']);
    await pick(page, menuDialog.getByRole('combobox', { name: '授权角色' }), '协会审核员');
    await expect(roles.locator('.ant-select-selection-item')).toHaveText(['系统管理员', '协会审核员']);
    // the multiple select keeps its list open: a click on the title closes it
    await menuDialog.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await button(menuDialog, '添加').click();
    await toast(page, '已添加到菜单，重新登录或刷新后可见');

    // from the home page (在线开发 closed), the new entry is under 在线开发 once the menu is loaded again
    await page.goto('/dashboard/analysis');
    await page.getByRole('menuitem', { name: /在线开发/ }).click();
    await page.getByRole('menuitem', { name: '字典项清单' }).click();
    await expect(page).toHaveURL(new RegExp(`/online/cgreport/${code}$`));
    const table = page.locator('.ant-table');
    await expect(table.getByRole('columnheader', { name: '字典项名称' })).toBeVisible();
    await expect(page.getByText(/^1-10 共 \d+ 条$/)).toBeVisible();
    await page.getByRole('listitem', { name: '2' }).first().click();
    await expect(page.getByText(/^11-\d+ 共 \d+ 条$/)).toBeVisible();
    await table.getByRole('columnheader', { name: '排序号' }).click();
    await page.getByLabel('字典项名称').fill('待结案审核');
    await button(page, '查询').click();
    await expect(row(page, '待结案审核')).toBeVisible();
    expect(await criticalAxeFindings(page)).toEqual([]);

    // 375 px: the report still reads (the table scrolls sideways inside its card)
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row(page, '待结案审核')).toBeVisible();
    await expectFitsWidth(page);

    // the reviewer, same session, no new sign-in: the next menu load has 在线开发 → 字典项清单 and nothing else of 在线开发
    await staff.goto('/dashboard/analysis');
    await staff.getByRole('menuitem', { name: /在线开发/ }).click();
    await expect(staff.getByRole('menuitem', { name: 'Online报表' })).toHaveCount(0);
    await staff.getByRole('menuitem', { name: '字典项清单' }).click();
    await expect(staff).toHaveURL(new RegExp(`/online/cgreport/${code}$`));
    const staffTable = staff.locator('.ant-table');
    await expect(staffTable.getByRole('columnheader', { name: '字典项名称' })).toBeVisible();
    await expect(staff.getByText(/^1-10 共 \d+ 条$/)).toBeVisible();
    await staff.getByRole('listitem', { name: '2' }).first().click();
    await expect(staff.getByText(/^11-\d+ 共 \d+ 条$/)).toBeVisible();
    // sort by 排序号: the server's order, on the page shown
    await staffTable.getByRole('columnheader', { name: '排序号' }).click();
    await expect(staffTable.getByRole('columnheader', { name: '排序号' })).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(async () => {
        const numbers = (await columnTexts(staff, '排序号')).map(Number);
        return numbers.length > 1 && numbers.every((n, i) => i === 0 || numbers[i - 1] <= n);
      })
      .toBe(true);
    // 导出 before any search: every row (more than the page), sorted as shown
    const everything = await exported(staff);
    expect(everything.header).toEqual(['字典项名称', '排序号', 'item_value']);
    expect(everything.rows.length).toBe(await shownTotal(staff));
    expect(everything.rows.length).toBeGreaterThan(10);
    expect(everything.rows.every((r, i, all) => i === 0 || Number(all[i - 1][1]) <= Number(r[1]))).toBe(true);
    // search: 字典项名称 contains 审核 (fuzzy), still sorted; 导出 gives the searched rows only
    await staff.getByLabel('字典项名称').fill('审核');
    await button(staff, '查询').click();
    await expect.poll(async () => (await columnTexts(staff, '字典项名称')).every((name) => name.includes('审核'))).toBe(true);
    const total = await shownTotal(staff);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(everything.rows.length);
    const searched = await exported(staff);
    expect(searched.title).toBe('字典项清单');
    expect(searched.header).toEqual(['字典项名称', '排序号', 'item_value']);
    expect(searched.rows.length).toBe(total);
    expect(searched.rows.every((r) => String(r[0]).includes('审核'))).toBe(true);
    expect(searched.rows.every((r, i, all) => i === 0 || Number(all[i - 1][1]) <= Number(r[1]))).toBe(true);
    expect(await criticalAxeFindings(staff)).toEqual([]);

    // the configuration screen stays the administrator's: not in the menu (above), not reachable by its address, its calls refused
    await staff.goto('/online/cgreport');
    await expect(staff.getByRole('button', { name: '新增' })).toHaveCount(0);
    await expect(staff.getByRole('columnheader', { name: '报表编码' })).toHaveCount(0);
    const staffToken = await apiToken(request, staffName, USER_PASSWORD);
    for (const path of ['/online/cgreport/head/list', `/online/cgreport/head/queryById?id=x`]) {
      const answer = (await (await request.get(`${API}${path}`, { headers: { 'X-Access-Token': staffToken } })).json()) as { success: boolean; code: number };
      expect(answer, path).toMatchObject({ success: false, code: 510 });
    }
    const refused = (await (
      await request.post(`${API}/online/cgreport/head/parseSql`, { headers: { 'X-Access-Token': staffToken }, data: { cgrSql: 'select 1' } })
    ).json()) as { code: number };
    expect(refused.code).toBe(510);
    await staff.context().close();
  });

  test('JPopup fills 涉及权利 of the clue-batch form: search, select, OK; cancel leaves the form as it was', async ({ browser, request, baseURL }) => {
    const org = await certifiedOrgViaApi(request);
    const reviewerToken = await apiToken(request, org.reviewer, USER_PASSWORD);
    const markName = unique('弹窗商标');
    await approvedRight(request, org.token, reviewerToken, markName);
    const otherName = unique('另一商标');
    await approvedRight(request, org.token, reviewerToken, otherName);

    const agent = await contextFor(browser, org.username, baseURL!, '10.83.0.1');
    await agent.setViewportSize({ width: 1440, height: 900 });
    await agent.goto('/rights/batch/list');
    await button(agent, '新增').click();
    const form = dialog(agent, '新增线索批次');
    await button(formItem(form, '涉及权利'), '选择').click();
    const popup = dialog(agent, '选择受保护权利');
    await expect(popup.getByText(/共 2 条/)).toBeVisible();
    await button(popup, '确定').click();
    await expect(agent.getByText('请选择一条记录')).toBeVisible();
    await button(popup, '取消').click();
    await expect(formItem(form, '涉及权利').locator('.ant-select-selection-item')).toHaveCount(0);

    await button(formItem(form, '涉及权利'), '选择').click();
    await popup.getByLabel('商标名称').fill(markName);
    await button(popup, '查询').click();
    await expect(popup.getByText(/共 1 条/)).toBeVisible();
    await row(popup, markName).click();
    await expect(popup.getByText('已选择 1 项')).toBeVisible();
    expect(await criticalAxeFindings(agent)).toEqual([]);
    await button(popup, '确定').click();
    await expect(popup).toBeHidden();
    await expect(formItem(form, '涉及权利').locator('.ant-select-selection-item')).toContainText(markName);

    // 375 px: the picker (1200 wide on a desktop) takes the screen's width, its table scrolls sideways,
    // 确定 / 取消 are reachable, and the page itself does not scroll sideways
    await agent.setViewportSize({ width: 375, height: 740 });
    await button(formItem(form, '涉及权利'), '选择').click();
    await expect(popup.getByText(/共 2 条/)).toBeVisible();
    // issue 36: reopened, the dialog counts and ticks the right already chosen (it said 已选择 0 项)
    await expect(popup.getByText('已选择 1 项')).toBeVisible();
    await expect(row(popup, markName).getByRole('checkbox')).toBeChecked();
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.width).toBeGreaterThanOrEqual(375 - 32);
    const scroller = popup.locator('.ant-table-content, .ant-table-body').first();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectFitsWidth(agent);
    expect(await dialogViolations(agent, popup)).toEqual([]);
    await popup.getByLabel('商标名称').fill(otherName);
    await button(popup, '查询').click();
    await expect(popup.getByText(/共 1 条/)).toBeVisible();
    await row(popup, otherName).click();
    await expect(popup.getByText('已选择 2 项')).toBeVisible();
    for (const name of ['取消', '确定']) {
      const control = button(popup, name);
      await control.scrollIntoViewIfNeeded();
      const at = (await control.boundingBox())!;
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.x + at.width, name).toBeLessThanOrEqual(375);
    }
    await button(popup, '确定').click();
    await expect(popup).toBeHidden();
    await expect(formItem(form, '涉及权利').locator('.ant-select-selection-item')).toContainText([markName, otherName]);
  });
  test('JPopup fills the staff filters: 申请机构 of the batch list and 机构 of the claim list, over the 选择机构 report', async ({
    browser,
    request,
    baseURL,
  }) => {
    // an organisation with a submitted batch and a claim waiting for payment, so both filtered lists have its rows
    const org = await seedRows(request);
    const staff = await contextFor(browser, org.reviewer, baseURL!, '10.83.0.3');
    await staff.setViewportSize({ width: 1440, height: 900 });
    for (const [path, label, list] of [
      ['/rights/batch/list', '申请机构', '/rights/threaded/list'],
      ['/finance/claim/list', '机构', '/rights/financeRecord/list'],
    ] as const) {
      await staff.goto(path);
      await staff.getByRole('button', { name: /展开/ }).click();
      const field = staff.getByRole('textbox', { name: new RegExp(`^${label}( :)?$`) });
      await field.click();
      const popup = dialog(staff, '选择机构');
      await popup.getByRole('textbox', { name: /机构名称/ }).fill(org.orgName);
      await button(popup, '查询').click();
      await expect(popup.getByText(/共 1 条/)).toBeVisible();
      await row(popup, org.orgName).click();
      await expect(popup.getByText('已选择 1 项')).toBeVisible();
      await button(popup, '确定').click();
      await expect(popup).toBeHidden();
      await expect(field).toHaveValue(org.orgName);
      // 查询 sends the organisation's full name and the list shows its rows only
      const listed = staff.waitForResponse((res) => res.url().includes(`${API}${list}?`) && new URL(res.url()).searchParams.get('orgName') === org.orgName);
      await button(staff, '查询').click();
      const answer = (await (await listed).json()) as { success: boolean; result: { total: number; records: { orgName: string }[] } };
      expect(answer.success).toBe(true);
      expect(answer.result.total).toBeGreaterThan(0);
      expect(answer.result.records.every((r) => r.orgName === org.orgName)).toBe(true);
      await expect(staff.getByRole('row').filter({ hasText: org.orgName }).first()).toBeVisible();
    }
    await staff.context().close();
  });

  test('issue 36: amounts with thousands separators and exported as Excel numbers; unticking 排序 makes a number or date column unsortable; 字典编码 is picked from the dictionaries; the stock 功能测试 address /online/cgreport/<id> opens the report', async ({
    page,
    request,
  }) => {
    const { form, code, field } = await newReportForm(page, '金额格式');
    // 数据源 is chosen from the 多数据源 sources (/sys/dataSource/options); empty runs on the main database
    await expect(formItem(form, '数据源').getByRole('combobox')).toBeVisible();
    await formItem(form, '报表SQL')
      .locator('textarea')
      .fill("select id, item_text as item_name, sort_order, 1234567.5::numeric(12,2) as amount, '0' as job_status, create_time from sys_dict_item");
    await button(form, '解析SQL').click();
    await expect(form.getByText('预览（前 10 行）')).toBeVisible();
    // numbers and dates come ticked 排序, text does not
    await expect(field('sort_order').getByLabel('排序', { exact: true })).toBeChecked();
    await expect(field('item_name').getByLabel('排序', { exact: true })).not.toBeChecked();
    await field('create_time').getByLabel('排序', { exact: true }).uncheck();
    await field('id').getByLabel('显示', { exact: true }).uncheck();
    await field('amount').getByLabel('显示名称').fill('金额（元）');
    await field('sort_order').getByLabel('显示名称').fill('排序号');
    await field('create_time').getByLabel('显示名称').fill('创建时间');
    await field('job_status').getByLabel('显示名称').fill('任务状态');
    const dictCode = field('job_status').getByLabel('字典编码');
    await dictCode.click();
    await dictCode.fill('定时任务');
    await page.locator('.ant-select-dropdown:visible').getByText('定时任务状态（quartz_status）').click();
    await expect(dictCode).toHaveValue('quartz_status');
    await button(form, '确定').click();
    await toast(page, '添加成功！');

    await page.goto(`/online/cgreport/${code}`);
    const table = page.locator('.ant-table');
    await expect(table.getByRole('columnheader', { name: '金额（元）' })).toBeVisible();
    await expect.poll(async () => (await columnTexts(page, '金额（元）')).every((t) => t === '1,234,567.50')).toBe(true);
    await expect.poll(async () => (await columnTexts(page, '任务状态')).every((t) => t === '正常')).toBe(true);
    // 排序号 sorts; 创建时间, unticked, offers no sort at all
    await expect(table.locator('thead th.ant-table-column-has-sorters', { hasText: '排序号' })).toHaveCount(1);
    await expect(table.locator('thead th', { hasText: '创建时间' })).not.toHaveClass(/ant-table-column-has-sorters/);

    const file = await exported(page);
    expect(file.header).toEqual(['item_name', '排序号', '金额（元）', '任务状态', '创建时间']);
    expect(file.rows.every((r) => r[2] === 1234567.5 && r[3] === '正常')).toBe(true);
    expect(file.rows.reduce((sum, r) => sum + (r[2] as number), 0)).toBe(1234567.5 * file.rows.length);

    // the stock configuration screen's 功能测试 opens /online/cgreport/<id> (the hidden route AUTO在线报表)
    const token = await apiToken(request);
    const meta = (await (await request.get(`${API}/online/cgreport/api/getRpColumns/${code}`, { headers: { 'X-Access-Token': token } })).json()) as {
      result: { cgRpConfigId: string };
    };
    await page.goto(`/online/cgreport/${meta.result.cgRpConfigId}`);
    await expect(page.locator('.ant-table').getByRole('columnheader', { name: '金额（元）' })).toBeVisible();
    await expect(page.getByText('页面不存在')).toHaveCount(0);
    await expect.poll(async () => (await columnTexts(page, '金额（元）')).length).toBeGreaterThan(0);
  });
});
