import type { APIRequestContext, Page } from '@playwright/test';
import { signIn, test, expectFitsWidth } from '../support/app.ts';
import { claimableBatch, draftBatchViaApi, readyForBatch, submittedBatchViaApi } from '../support/batch.ts';
import { expect, row, signInAs } from '../support/system.ts';
import { apiCall, apiUpload, pngFile, shot, unique, type CertifiedOrg } from '../support/rights.ts';

/** The figure card of the analysis page with this title (a link to its list). */
const card = (page: Page, title: string) => page.getByRole('link', { name: `${title}：查看列表` });
const figure = async (page: Page, title: string) => Number((await card(page, title).locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''));
/** The list's own total (pagination "1-3 共 3 条"); no pagination means no rows. */
async function listTotal(page: Page): Promise<number> {
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const total = page.locator('.ant-pagination-total-text');
  return (await total.count()) ? Number(/共 (\d+) 条/.exec(await total.innerText())![1]) : 0;
}

const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

/** An organisation with a batch in 维权中 with 1000.00 frozen, and an approved bank account: what a claim needs. */
async function claimable(request: APIRequestContext) {
  const { batchId, bankAccountId, ...ready } = await claimableBatch(request, '看板', `6222${randomDigits(12)}`);
  return { ...ready, target: { batchId, bankAccountId } };
}

/** A claim of 100.00 taken through both reviews: it waits in 付款管理 as 待付款. Answers its number. */
async function claimToPay(
  request: APIRequestContext,
  org: CertifiedOrg,
  reviewerToken: string,
  financeToken: string,
  target: { batchId: string; bankAccountId: string },
) {
  const files = await apiUpload(request, org.token, { name: '发票.png', mimeType: 'image/png', buffer: pngFile() }, 'finance_claim');
  const claim = await apiCall<{ id: string; claimNo: string }>(request, org.token, 'POST', '/rights/financeRecord/add', {
    batchId: target.batchId,
    expenseType: '1',
    applyAmount: '100',
    bankAccountId: target.bankAccountId,
    invoices: [{ invoiceCode: '', invoiceNo: randomDigits(8), invoiceDate: '2026-10-01', amount: '100', files }],
  });
  await apiCall(request, org.token, 'POST', '/rights/financeRecord/submit', { id: claim.id });
  await apiCall(request, reviewerToken, 'POST', '/rights/financeRecord/bizReview', { id: claim.id, result: 'pass' });
  await apiCall(request, financeToken, 'POST', '/rights/financeRecord/financeReview', { id: claim.id, result: 'pass' });
  return claim;
}

test.describe('分析页: each figure opens the list of what it counts (spec §2 dashboard analysis, §7 statistics)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('§7 待付款: the card opens 付款管理 on the payment queue it counts (待付款 and 付款失败), not the claims already paid', async ({ page, request }) => {
    const { org, reviewerToken, financeUser: finance, financeToken, target } = await claimable(request);
    const waiting = await claimToPay(request, org, reviewerToken, financeToken, target);
    const paid = await claimToPay(request, org, reviewerToken, financeToken, target);
    const voucher = await apiUpload(request, financeToken, { name: '付款凭证.png', mimeType: 'image/png', buffer: pngFile() }, 'finance_payment');
    await apiCall(request, financeToken, 'POST', '/rights/financeRecord/payment/pay', { id: paid.id, payDate: '2026-11-20', serialNo: unique('LS'), voucher });

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, finance);
    // other specs may add claims meanwhile: the figure and the list are compared as read one after the other
    await expect(async () => {
      await page.goto('/dashboard/analysis');
      await expect(card(page, '待付款').locator('.ant-statistic-content-value')).toBeVisible();
      const counted = await figure(page, '待付款');
      expect(counted).toBeGreaterThanOrEqual(1);
      await card(page, '待付款').click();
      await expect(page).toHaveURL(/\/finance\/payment\/list\?status=4%2C6$/);
      expect(await listTotal(page)).toBe(counted);
    }).toPass({ timeout: 60_000 });
    await expect(page.locator('.list-search .ant-select').first()).toContainText('待付款（含付款失败）');
    await expect(row(page, waiting.claimNo)).toContainText('待付款');
    await expect(row(page, paid.claimNo)).toHaveCount(0);
    await expect(page.locator('.ant-table-tbody').getByText('已付款', { exact: true })).toHaveCount(0);
  });

  test('§7 本年已获报销 (organisation): the card sums its claims paid this year by 付款日期 and opens 报销管理 on exactly those', async ({ page, request }) => {
    const { org, reviewerToken, financeToken, target } = await claimable(request);
    const pay = async (claimId: string, payDate: string) => {
      const voucher = await apiUpload(request, financeToken, { name: '付款凭证.png', mimeType: 'image/png', buffer: pngFile() }, 'finance_payment');
      await apiCall(request, financeToken, 'POST', '/rights/financeRecord/payment/pay', { id: claimId, payDate, serialNo: unique('LS'), voucher });
    };
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()));
    // paid on the last day of last year, recorded today: last year's money, not this year's
    const lastYear = await claimToPay(request, org, reviewerToken, financeToken, target);
    await pay(lastYear.id, `${year - 1}-12-31`);
    const thisYear = await claimToPay(request, org, reviewerToken, financeToken, target);
    await pay(thisYear.id, `${year}-01-01`);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.username);
    const title = '本年已获报销（元）';
    await expect(card(page, title).locator('.ant-statistic-content-value')).toHaveText('100.00');
    await card(page, title).click();
    await expect(page).toHaveURL(new RegExp(`/finance/claim/list\\?status=5&payDate_begin=${year}-01-01&payDate_end=${year}-\\d{2}-\\d{2}$`));
    expect(await listTotal(page)).toBe(1);
    await expect(row(page, thisYear.claimNo)).toBeVisible();
    await expect(row(page, lastYear.claimNo)).toHaveCount(0);
    // the filter is the list's own 付款日期 search, shown filled in
    await expect(page.locator('.list-search').getByText('付款日期')).toBeVisible();
  });

  test('§7 月度线索申请与通过 (organisation): a 通过 bar opens the batches approved that month (审核时间), not those submitted in it', async ({
    page,
    request,
  }) => {
    const { org, reviewerToken, rightId, poolId } = await readyForBatch(request, { markName: unique('看板商标'), poolName: unique('看板资金池') });
    const submit = (batchName: string) =>
      submittedBatchViaApi(request, org.token, {
        batchName,
        rightId,
        poolId,
        rightsMethod: '2',
        items: [{ linkUrl: `https://item.jd.com/${randomDigits(8)}.html` }],
      });
    const approved = unique('已通过批次');
    const waiting = unique('待审核批次');
    await apiCall(request, reviewerToken, 'POST', '/rights/threaded/review', { id: await submit(approved), result: 'pass', approvedAmount: '200' });
    await submit(waiting);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.username);
    const chart = page.getByRole('img', { name: '月度线索申请与通过（近12个月）' });
    await expect(chart.locator('canvas')).toBeVisible();
    // this month: 申请 2, 通过 1. From the right edge the first bar under the pointer (ECharts shows
    // the pointer cursor over a bar) is this month's 通过, the right one of its pair
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    // ECharts sets the cursor on its own root inside the chart's box
    const cursor = () => chart.evaluate((el) => (el.firstElementChild as HTMLElement | null)?.style.cursor ?? '');
    // over no bar the cursor is the default one: what follows tells a bar from empty space
    await page.mouse.move(box.x + 4, box.y + 4);
    await expect.poll(cursor).toBe('default');
    const y = box.y + box.height - 40;
    let hit = false;
    for (let x = box.x + box.width - 17; x > box.x + box.width * 0.75 && !hit; x -= 2) {
      await page.mouse.move(x, y);
      hit = (await cursor()) === 'pointer';
      if (hit) await page.mouse.click(x, y);
    }
    expect(hit).toBe(true);
    await expect(page).toHaveURL(/\/rights\/batch\/list\?approveTime_begin=\d{4}-\d{2}-01&approveTime_end=\d{4}-\d{2}-\d{2}$/);
    expect(await listTotal(page)).toBe(1);
    await expect(row(page, approved)).toBeVisible();
    await expect(row(page, waiting)).toHaveCount(0);
  });

  test('§7 线索申请总数 (organisation): the card counts the batches handed in, says drafts are left out, and its list shows exactly those', async ({
    page,
    request,
  }) => {
    const { org, rightId, poolId } = await readyForBatch(request, { markName: unique('看板商标'), poolName: unique('看板资金池') });
    const submitted = unique('已提交批次');
    const draft = unique('草稿批次');
    await submittedBatchViaApi(request, org.token, {
      batchName: submitted,
      rightId,
      poolId,
      rightsMethod: '2',
      items: [{ linkUrl: 'https://item.jd.com/8803.html' }],
    });
    await draftBatchViaApi(request, org.token, { batchName: draft, rightId, poolId, rightsMethod: '2', items: [] });

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.username);
    await expect(card(page, '线索申请总数').locator('.ant-statistic-content')).toHaveText(/^1\s*批$/);
    await expect(card(page, '线索申请总数')).toContainText('不含草稿');
    await card(page, '线索申请总数').click();
    await expect(page).toHaveURL(/\/rights\/batch\/list\?submitTime_end=\d{4}-\d{2}-\d{2}$/);
    expect(await listTotal(page)).toBe(1);
    await expect(row(page, submitted)).toBeVisible();
    await expect(row(page, draft)).toHaveCount(0);
  });
});

test.describe('分析页 at 375 px (spec §4 Device: phones)', () => {
  test.describe.configure({ timeout: 180_000 });

  /** Every card title on the page shows its whole text: nothing cut with "…" or hidden under its neighbour. */
  async function titlesFit(page: Page) {
    await expect(page.locator('.ant-card-head-title').first()).toBeVisible();
    await expect(page.locator('[role="img"] canvas').first()).toBeVisible();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.ant-card-head-title, .ant-statistic-title')]
        .filter((title) => title.scrollWidth > title.clientWidth || title.getBoundingClientRect().right > window.innerWidth)
        .map((title) => title.textContent),
    );
    expect(cut).toEqual([]);
    await expectFitsWidth(page);
  }

  test('admin: the chart titles are whole, the range choice sits under its title, nothing runs off the screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    for (const title of ['机构申请排行（前10）', '资金池余额与使用走势', '维权结果（按维权方式）'])
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    await titlesFit(page);
    // 本月/本年/自定义 do not fit beside 机构申请排行（前10）: they move under it rather than squeeze it
    const ranking = page.locator('.ant-card').filter({ has: page.getByText('机构申请排行（前10）', { exact: true }) });
    const title = await ranking.locator('.ant-card-head-title').boundingBox();
    const choice = await ranking.locator('.ant-card-extra').boundingBox();
    expect(choice!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
    await page.screenshot({ path: shot(testInfo, 'dashboard-375-admin'), fullPage: true });
  });

  test('an organisation: its own figures and charts fit the phone the same way', async ({ page, request }, testInfo) => {
    const { org } = await claimable(request);
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, org.username);
    await expect(page.getByText('月度线索申请与通过（近12个月）', { exact: true })).toBeVisible();
    await titlesFit(page);
    await page.screenshot({ path: shot(testInfo, 'dashboard-375-org'), fullPage: true });
  });
});
