import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test } from '../support/app.ts';
import { certifiedOrgViaApi, createFinance, createOrgUser, creditCode, pngFile, apiUpload } from '../support/rights.ts';
import { screenshotPath, signInQuickly } from '../support/shell.ts';
import { apiCall, apiToken, expect, unique, USER_PASSWORD } from '../support/system.ts';

/**
 * Issue 11 "375 px": on a phone the list tables squeezed their flexible columns to 0 px, spilled out of
 * their card so that the whole page scrolled sideways, and a cell lay over the 审批/详情 buttons. Every
 * screen of the administrator's menu (read from the server, so a new screen is walked the moment it is
 * in the menu) is opened at 375 × 740 with touch.
 */

const WIDTH = 375;
const MIN_COLUMN_WIDTH = 48;

type Screen = { path: string; title: string; component: string };
type MenuNode = { path: string; component: string | null; hidden?: boolean; meta: { title: string; internalOrExternal: boolean }; children?: MenuNode[] };

/** The menu's screens: leaves that name a component, neither hidden nor outside links. */
function screensOf(menu: MenuNode[]): Screen[] {
  return menu.flatMap((node): Screen[] => {
    if (node.children?.length) return screensOf(node.children);
    const component = node.component ?? '';
    if (node.hidden || node.meta.internalOrExternal || !component || component.startsWith('layouts/') || /^https?:/.test(node.path)) return [];
    return [{ path: node.path, title: node.meta.title, component }];
  });
}

/** An organisation user who has filled in and submitted the enrolment form (waiting for 入驻审批). */
async function submittedEnrolment(request: APIRequestContext) {
  const { username } = await createOrgUser(request);
  const token = await apiToken(request, username, USER_PASSWORD);
  const licenseFile = await apiUpload(request, token, { name: '营业执照.png', mimeType: 'image/png', buffer: pngFile() });
  const orgId = await apiCall<string>(request, token, 'POST', '/rights/org/submitEnrol', {
    orgName: `窄屏测试知识产权代理有限公司${username.slice(-5)}`,
    orgType: '1',
    creditCode: creditCode(),
    legalPerson: '李四',
    regAddress: '浙江省杭州市西湖区文三路90号',
    foundDate: '2015-06-01',
    licenseFile,
    agentFilingNo: 'TM2015001',
    contactName: '孙七',
    contactPhone: '13800138000',
    region: '浙江省杭州市',
  });
  return { token, orgId };
}

/** At least one row on every list of the menu, each created through the API as its user would. */
async function seedRows(request: APIRequestContext): Promise<{ reviewer: string }> {
  const admin = await apiToken(request);
  // 机构列表, 审批记录, 文件信息
  const org = await certifiedOrgViaApi(request);
  // 入驻审批 and 待我审批: one enrolment waiting; 认证审批: one certification waiting
  await submittedEnrolment(request);
  const certifying = await submittedEnrolment(request);
  const reviewer = await apiToken(request, org.reviewer, USER_PASSWORD);
  await apiCall(request, reviewer, 'POST', '/rights/org/approveEnrol', { id: certifying.orgId, result: 'pass' });
  const practiceFile = await apiUpload(request, certifying.token, { name: '执业许可证.png', mimeType: 'image/png', buffer: pngFile() });
  await apiCall(request, certifying.token, 'POST', '/rights/org/submitCertify', { practiceFile });
  // 受保护权利 (submitted, so it waits in 待我审批 too) and 机构银行账户
  const regNo = String(40_000_000 + Math.floor(Math.random() * 9_000_000));
  const rightId = await apiCall<string>(request, org.token, 'POST', '/rights/right/add', {
    trademarkName: '窄屏测试商标名称较长的一件注册商标',
    regNo,
    niceClass: '9',
    goodsServices: '电子计算机；计算机软件（已录制）；智能手机',
    trademarkType: '1',
    registrant: '测试品牌股份有限公司',
    registrantAddress: '浙江省杭州市滨江区',
    regDate: '2018-05-07',
    legalStatus: '1',
    authOrg: org.orgName,
    authStartDate: '2024-01-01',
    authEndDate: '2030-12-31',
  });
  await apiCall(request, org.token, 'POST', '/rights/right/submit', { ids: rightId });
  await apiCall(request, org.token, 'POST', '/rights/bank/add', {
    accountName: org.orgName,
    bankName: '中国工商银行',
    branchName: '杭州西湖支行',
    accountNo: '6222021234561234',
    bankCode: '102331000123',
    accountNature: '1',
  });
  // 资金池管理 and 资金池日志: an enabled pool; 线索批次 (and 待我审批): a submitted batch against it
  const poolId = await apiCall<string>(request, admin, 'POST', '/rights/capitalPool/add', { poolName: '窄屏测试年度商标维权专项资金', fundSource: '1', poolYear: 2026, totalAmount: '1000000', subsidyPerCase: '500', orgCap: '100000' });
  await apiCall(request, admin, 'PUT', '/rights/capitalPool/enable', { id: poolId });
  const batchRightId = await apiCall<string>(request, org.token, 'POST', '/rights/right/add', { trademarkName: '窄屏批次商标', regNo: String(Number(regNo) + 1), niceClass: '25', registrant: '测试品牌股份有限公司', regDate: '2019-04-07' });
  await apiCall(request, org.token, 'POST', '/rights/right/submit', { ids: batchRightId });
  await apiCall(request, reviewer, 'POST', '/rights/right/approve', { id: batchRightId, result: 'pass' });
  const batchId = await apiCall<string>(request, org.token, 'POST', '/rights/threaded/add', { batchName: '窄屏测试淘宝假冒商品线索批次', rightIds: batchRightId, infringeType: '1', clueSource: '1', platform: '1', rightsMethod: '1', poolId });
  await apiCall(request, org.token, 'POST', '/rights/threaded/item/save', { batchId, values: [{ linkUrl: 'https://item.taobao.com/item.htm?id=375' }], deleteIds: [] });
  await apiCall(request, org.token, 'POST', '/rights/threaded/submit', { id: batchId });
  // 报销管理 and 付款管理: a claim of a second batch (维权中), passed by the reviewer and finance, waiting for payment
  const finance = await apiToken(request, await createFinance(request), USER_PASSWORD);
  const claimBatchId = await apiCall<string>(request, org.token, 'POST', '/rights/threaded/add', { batchName: '窄屏测试报销批次', rightIds: batchRightId, infringeType: '1', clueSource: '1', platform: '1', rightsMethod: '1', poolId });
  await apiCall(request, org.token, 'POST', '/rights/threaded/item/save', { batchId: claimBatchId, values: [{ linkUrl: 'https://item.taobao.com/item.htm?id=376' }], deleteIds: [] });
  await apiCall(request, org.token, 'POST', '/rights/threaded/submit', { id: claimBatchId });
  await apiCall(request, reviewer, 'POST', '/rights/threaded/review', { id: claimBatchId, result: 'pass', approvedAmount: '500' });
  await apiCall(request, org.token, 'POST', '/rights/threaded/startEnforce', { id: claimBatchId });
  const bankAnswer = await apiCall<string | { id: string }>(request, org.token, 'POST', '/rights/bank/add', { accountName: org.orgName, bankName: '中国农业银行', branchName: '杭州滨江支行', accountNo: '6228480012345678', accountNature: '1' });
  const claimBankId = typeof bankAnswer === 'string' ? bankAnswer : bankAnswer.id;
  await apiCall(request, finance, 'POST', '/rights/bank/approve', { id: claimBankId, result: 'pass' });
  const invoiceFile = await apiUpload(request, org.token, { name: '发票.png', mimeType: 'image/png', buffer: pngFile() }, 'finance_claim');
  const claim = await apiCall<{ id: string }>(request, org.token, 'POST', '/rights/financeRecord/add', {
    batchId: claimBatchId,
    expenseType: '1',
    applyAmount: '300',
    bankAccountId: claimBankId,
    invoices: [{ invoiceCode: '', invoiceNo: '37500001', invoiceDate: '2026-10-01', amount: '300', files: invoiceFile }],
  });
  await apiCall(request, org.token, 'POST', '/rights/financeRecord/submit', { id: claim.id });
  await apiCall(request, reviewer, 'POST', '/rights/financeRecord/bizReview', { id: claim.id, result: 'pass' });
  await apiCall(request, finance, 'POST', '/rights/financeRecord/financeReview', { id: claim.id, result: 'pass' });
  // 职务管理, 通告管理 and 我的消息
  await apiCall(request, admin, 'POST', '/sys/position/add', { code: unique('pos'), name: '知识产权法务专员' });
  const me = await apiCall<{ records: { id: string }[] }>(request, admin, 'GET', '/sys/user/list', undefined, { username: 'admin' });
  const notice = await apiCall<string>(request, admin, 'POST', '/sys/annountCement/add', {
    titile: '窄屏测试：系统维护通知',
    msgType: 'USER',
    userIds: `${me.records[0].id},`,
    msgCategory: '1',
    priority: 'M',
    msgContent: '<p>本周六凌晨系统维护。</p>',
  });
  await apiCall(request, admin, 'GET', '/sys/annountCement/doReleaseData', undefined, { id: notice });
  return { reviewer: org.reviewer };
}

/** What the page and each of its tables measure, taken in the browser in one go. */
function measure(page: Page, scope: string) {
  return page.evaluate(({ min, scope }) => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const tables = [...document.querySelectorAll(`${scope} .ant-table-wrapper`)].filter(visible).map((wrapper) => {
      const frame = wrapper.closest('.ant-card, .ant-drawer-body, .ant-modal-body') ?? document.body;
      const box = wrapper.getBoundingClientRect();
      const frameBox = frame.getBoundingClientRect();
      const narrow = [...wrapper.querySelectorAll('thead th.ant-table-cell')]
        .filter((th) => !th.matches('.ant-table-selection-column, .ant-table-row-expand-icon-cell, .ant-table-cell-scrollbar'))
        .map((th) => ({ title: (th.textContent ?? '').trim(), width: Math.round(th.getBoundingClientRect().width) }))
        .filter((column) => column.width < min);
      return {
        inside: box.left >= frameBox.left - 0.5 && box.right <= frameBox.right + 0.5,
        right: Math.round(box.right),
        frameRight: Math.round(frameBox.right),
        narrow,
        rows: wrapper.querySelectorAll('tbody tr.ant-table-row').length,
      };
    });
    return { scrollWidth: document.documentElement.scrollWidth, bodyScrollWidth: document.body.scrollWidth, tables };
  }, { min: MIN_COLUMN_WIDTH, scope });
}

/** Each button of the first row's 操作 cell is what a finger at its centre touches. */
async function expectRowActionsTappable(table: Locator, where: string) {
  const headers = await table.locator('thead th.ant-table-cell').allTextContents();
  const column = headers.findIndex((text) => text.trim() === '操作');
  if (column < 0) return 0;
  const cell = table.locator('tbody tr.ant-table-row').first().locator('> td').nth(column);
  const targets = cell.locator('button, a');
  const count = await targets.count();
  expect(count, `${where}: 操作 of the first row has buttons`).toBeGreaterThan(0);
  // as a finger would: the page up or down, the table sideways to the end of the row
  await cell.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    const hit = await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const top = document.elementFromPoint(x, y);
      return { x: Math.round(x), onTop: Boolean(top && (el === top || el.contains(top))), covering: top ? `${top.tagName}.${top.className}` : 'nothing' };
    });
    const label = (await target.textContent())?.trim();
    expect(hit.x, `${where}: ${label} is on the screen`).toBeGreaterThan(0);
    expect(hit.x, `${where}: ${label} is on the screen`).toBeLessThan(WIDTH);
    expect(hit.onTop, `${where}: ${label} is not covered (by ${hit.covering})`).toBe(true);
    await target.tap({ trial: true });
  }
  return count;
}

/** The page does not scroll sideways; each visible table stays in its frame, keeps its columns, has tappable actions. */
async function checkTables(page: Page, scope: string, where: string) {
  const tables = page.locator(scope).locator('.ant-table-wrapper:visible');
  const found = await measure(page, scope);
  expect(found.scrollWidth, `${where}: the page does not scroll sideways`).toBeLessThanOrEqual(WIDTH);
  expect(found.bodyScrollWidth, `${where}: the page does not scroll sideways`).toBeLessThanOrEqual(WIDTH);
  for (const [index, table] of found.tables.entries()) {
    expect(table.inside, `${where}: table ${index + 1} stays inside its card (right edge ${table.right} ≤ ${table.frameRight})`).toBe(true);
    expect(table.narrow, `${where}: table ${index + 1} has no column narrower than ${MIN_COLUMN_WIDTH} px`).toEqual([]);
    if (table.rows > 0) await expectRowActionsTappable(tables.nth(index), where);
  }
  return found;
}

/** Screens whose component draws a tree beside its lists rather than a list of its own. */
const TREE_SCREENS = new Set(['system/DepartList']);

/**
 * Opens each screen and checks it at 375 px; answers the list screens checked with rows and those the
 * user saw no row on (a list scoped to its user: 待我审批 holds nothing for the administrator).
 */
async function walk(page: Page, screens: Screen[], outputDir: string) {
  const checked: string[] = [];
  const empty: Screen[] = [];
  for (const screen of screens) {
    const where = `${screen.title} (${screen.path})`;
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
    const tables = page.locator('#root .ant-table-wrapper:visible');
    const list = screen.component.endsWith('List') && !TREE_SCREENS.has(screen.component);
    if (list) {
      await expect(tables.first(), `${where} shows its table`).toBeVisible();
      await expect(tables.first().locator('tbody tr.ant-table-row, .ant-empty').first(), `${where} has loaded`).toBeVisible();
    } else {
      await page.waitForLoadState('networkidle');
    }
    await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(outputDir, `mobile-${screen.path.replaceAll('/', '_')}`, WIDTH) });

    const found = await checkTables(page, '#root', where);
    if (list && found.tables[0]?.rows) checked.push(screen.title);
    else if (list) empty.push(screen);
  }
  return { checked, empty };
}

async function menuScreens(page: Page, request: APIRequestContext, username?: string) {
  const { token } = username ? await signInQuickly(page, '/dashboard/analysis', username, USER_PASSWORD) : await signInQuickly(page);
  const { menu } = await apiCall<{ menu: MenuNode[] }>(request, token, 'GET', '/sys/permission/getUserPermissionByToken');
  return screensOf(menu);
}

test.describe('every list of the menu at 375 px with touch', () => {
  test.use({ viewport: { width: WIDTH, height: 740 }, hasTouch: true, isMobile: true });

  test('no page scrolls sideways, tables scroll inside their card with no column under 48 px, and the first row’s actions can be tapped', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const { reviewer } = await seedRows(request);
    const outputDir = testInfo.project.outputDir;

    const screens = await menuScreens(page, request);
    expect(screens.length, 'screens in the administrator’s menu').toBeGreaterThan(20);
    const asAdmin = await walk(page, screens, outputDir);

    // what waits for a decision is the reviewer's, not the administrator's: those lists are walked
    // again as the reviewer, from the reviewer's own menu
    const again = new Set(asAdmin.empty.map((screen) => screen.path));
    const asReviewer = again.size ? await walk(page, (await menuScreens(page, request, reviewer)).filter((screen) => again.has(screen.path)), outputDir) : { checked: [], empty: [] };
    const withRows = new Set([...asAdmin.checked, ...asReviewer.checked]);
    expect(asAdmin.empty.filter((screen) => !withRows.has(screen.title)).map((screen) => screen.title), 'lists nobody saw a row on').toEqual([]);

    // lists in drawers: a dictionary's items and a role's users
    await signInQuickly(page);
    // Other specs add dictionaries and roles as they run: each row is searched for, not assumed on page 1.
    for (const [path, rowText, action, title, searchBy, searchFor] of [
      ['/isystem/dict', '职务职级', '字典配置', /字典配置/, '请输入字典编码', 'position_rank'],
      ['/isystem/roleUserList', '系统管理员', '用户', /角色用户/, null, null],
    ] as const) {
      await page.goto(path);
      if (searchBy && searchFor) {
        // the add dialog's form is mounted too, with a field of the same placeholder
        const field = page.locator('.list-search').getByPlaceholder(searchBy);
        await field.fill(searchFor);
        await field.press('Enter');
      }
      await page.getByRole('row').filter({ hasText: rowText }).first().getByRole('button', { name: action, exact: true }).tap();
      const drawer = page.getByRole('dialog', { name: title });
      await expect(drawer.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await page.screenshot({ path: screenshotPath(outputDir, `mobile-drawer-${path.replaceAll('/', '_')}`, WIDTH) });
      await checkTables(page, '.ant-drawer-body', `${title.source} (${path})`);
    }
    testInfo.annotations.push({ type: 'lists checked with rows', description: [...withRows].join('、') });
    expect(withRows.size, 'list screens checked with rows').toBeGreaterThan(18);
  });
});
