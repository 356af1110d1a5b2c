import type { Page } from '@playwright/test';
import { ClaimMsg } from '@sbwq/contracts';
import { button, test } from '../support/app.ts';
import { claimableBatch } from '../support/batch.ts';
import { apiCall, apiUpload, contextFor, formItem, pdfFile, pngFile, shot, unique } from '../support/rights.ts';
import { choose, confirmInPopup, dropdown, typeInto } from '../support/system-data.ts';
import { dialog, expect, row, toast } from '../support/system.ts';

const EXPENSE_REMINDER = '温馨提示：请在“付款管理”菜单中上传报销信息。';

const bell = (page: Page) => page.getByRole('button', { name: /^消息通知/ });

test.describe('报销管理 / 付款管理 (DOMAIN expense claim flow; spec §1 finance records and progress, §2 notice modal)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an organisation claims against its batch with an invoice PDF; sent back, it follows the reminder and resubmits; reviewer and finance approve; finance pays with a voucher; the pool log shows the deduction and the organisation sees 已付款', async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const { org, financeUser, financeToken, batchName } = await claimableBatch(request, '报销', '6222020200112233445');

    // The organisation fills the claim: batch, 费用类型, 申请金额 and one invoice row with its PDF.
    const agent = await contextFor(browser, org.username, baseURL!, '10.83.0.1');
    await agent.setViewportSize({ width: 1440, height: 900 });
    await agent.goto('/finance/claim/list');
    await button(agent, '新增').click();
    const form = dialog(agent, '新增报销单');
    await formItem(form, '关联批次').locator('.ant-select').click();
    await dropdown(agent).getByText(batchName).click();
    await choose(agent, formItem(form, '费用类型').locator('.ant-select'), '公证费');
    await formItem(form, '申请金额（元）').locator('input').fill('800');
    // the approved default account is chosen already
    await expect(formItem(form, '收款账户')).toContainText('中国工商银行');
    await button(form, '新增').click();
    const invoice = form.locator('[data-row-id]').first();
    await typeInto(form, invoice.locator('[data-key="invoiceNo"]'), '发票号码', '12345678');
    await invoice.locator('[data-key="invoiceDate"]').click();
    const date = form.getByLabel('开票日期', { exact: true });
    await date.fill('2026-10-01');
    await date.press('Enter');
    await typeInto(form, invoice.locator('[data-key="amount"]'), '金额（元）', '800.00');
    await invoice
      .locator('[data-key="files"] input[type=file]')
      .setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: pdfFile('Invoice 12345678') });
    await expect(invoice.locator('[data-key="files"] a')).toBeVisible();
    await expect(form.getByText('发票金额合计 800.00 元')).toBeVisible();
    await agent.screenshot({ path: shot(testInfo, 'claim-form-1440') });
    await button(form, '保存').click();
    await toast(agent, ClaimMsg.added);
    const claimRow = row(agent, batchName);
    await expect(claimRow).toContainText('待提交');
    const claimNo = (await claimRow.locator('a').first().textContent())!.trim();
    await button(claimRow, '提交').click();
    await confirmInPopup(agent);
    await toast(agent, ClaimMsg.submitted);
    await expect(claimRow).toContainText('待业务审核');

    // The reviewer sends it back for invoices.
    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.83.0.2');
    await reviewer.goto('/finance/claim/list');
    await row(reviewer, claimNo).getByRole('button', { name: '业务审核', exact: true }).click();
    let review = dialog(reviewer, `业务审核：${claimNo}`);
    await review.getByText('退回补充发票').click();
    await review.getByLabel('审核意见').fill('请补充公证费付款凭证');
    await button(review, '提交').click();
    await toast(reviewer, ClaimMsg.returned);

    // The organisation's reminder: red text under the notice, 去处理 opens the claim page.
    await agent.reload();
    await bell(agent).click();
    await agent.getByRole('tab', { name: /^系统消息/ }).click();
    await agent
      .getByRole('button', { name: new RegExp(ClaimMsg.returnedNoticeTitle(claimNo)) })
      .first()
      .click();
    const notice = dialog(agent, '通知消息');
    await expect(notice.getByText(EXPENSE_REMINDER)).toBeVisible();
    await agent.screenshot({ path: shot(testInfo, 'claim-reminder-1440') });
    await button(notice, '去处理').click();
    await expect(agent).toHaveURL(/\/finance\/claim\/list/);
    await expect(row(agent, claimNo)).toContainText('退回补充发票');
    await button(row(agent, claimNo), '提交').click();
    await confirmInPopup(agent);
    await toast(agent, ClaimMsg.submitted);

    // 业务审核 and 财务审核 pass it at 800.00.
    await reviewer.reload();
    await row(reviewer, claimNo).getByRole('button', { name: '业务审核', exact: true }).click();
    review = dialog(reviewer, `业务审核：${claimNo}`);
    await expect(review.getByLabel('核定金额（元）')).toHaveValue('800.00');
    await button(review, '提交').click();
    await toast(reviewer, ClaimMsg.toFinance);

    const finance = await contextFor(browser, financeUser, baseURL!, '10.83.0.3');
    await finance.setViewportSize({ width: 1440, height: 900 });
    await finance.goto('/finance/claim/list');
    await row(finance, claimNo).getByRole('button', { name: '财务审核', exact: true }).click();
    review = dialog(finance, `财务审核：${claimNo}`);
    await button(review, '提交').click();
    await toast(finance, ClaimMsg.toPay);

    // 付款管理: pay with a voucher.
    await finance.goto('/finance/payment/list');
    await expect(row(finance, claimNo)).toContainText('待付款');
    // issue 36: finance reads the whole account number it transfers to (it was cut with an ellipsis)
    const account = row(finance, claimNo).locator('.payment-account > div').first();
    await expect(account).toHaveText('6222020200112233445');
    expect(
      await account.evaluate(
        (el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= el.closest('td')!.getBoundingClientRect().right + 1,
      ),
    ).toBe(true);
    await row(finance, claimNo).getByRole('button', { name: '付款', exact: true }).click();
    const pay = dialog(finance, `付款：${claimNo}`);
    await formItem(pay, '付款流水号').locator('input').fill(unique('LS'));
    await formItem(pay, '付款凭证').locator('input[type=file]').setInputFiles({ name: '付款凭证.png', mimeType: 'image/png', buffer: pngFile() });
    // done, not merely listed: an item is listed while it uploads, and 确认付款 clicked then finds the
    // voucher still empty (its 'required' message is cleared again when the upload lands: nothing is sent)
    await expect(formItem(pay, '付款凭证').locator('.ant-upload-list-item-done')).toHaveCount(1);
    await button(pay, '确认付款').click();
    await toast(finance, ClaimMsg.paid);
    await expect(row(finance, claimNo)).toContainText('已付款');
    await finance.screenshot({ path: shot(testInfo, 'payment-list-1440'), fullPage: true });

    // The pool log: the payment is a deduction naming the claim.
    await finance.goto('/finance/poolLog');
    await expect(row(finance, claimNo)).toContainText('800.00');

    // The organisation sees 已付款, and the progress in the claim's detail.
    await agent.goto('/finance/claim/list');
    await expect(row(agent, claimNo)).toContainText('已付款');
    await row(agent, claimNo).getByRole('button', { name: '详情', exact: true }).click();
    const detail = agent.locator('.claim-detail');
    await detail.getByRole('tab', { name: '审批进度' }).click();
    await expect(detail.locator('.claim-timeline')).toContainText('付款');
    await expect(detail.locator('.claim-batch-money')).toContainText('800.00');
    await agent.screenshot({ path: shot(testInfo, 'claim-detail-1440') });

    // Every pool still equals the sum of its log after the whole flow.
    const report = await apiCall<{ differences: unknown[] }>(request, financeToken, 'GET', '/rights/capitalPool/reconcile');
    expect(report.differences).toEqual([]);
  });

  test('DOMAIN "One 审批 screen lists what waits for me": reviewer and finance decide a claim from 待我审批 in its own review, with the invoices and files in view; the organisation sees its payment voucher under its uploaded name', async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const { org, financeUser, financeToken, batchName } = await claimableBatch(request, '报销', '6222020200112233445');
    const batch = (
      await apiCall<{ records: { id: string; batchName: string }[] }>(
        request,
        org.token,
        'GET',
        `/rights/threaded/list?batchName=${encodeURIComponent(batchName)}`,
      )
    ).records[0];
    const bankId = (await apiCall<{ id: string }[]>(request, org.token, 'GET', '/rights/financeRecord/bankOptions'))[0].id;
    const invoiceNo = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    const files = await apiUpload(
      request,
      org.token,
      { name: '公证费发票.pdf', mimeType: 'application/pdf', buffer: pdfFile(`Invoice ${invoiceNo}`) },
      'finance_claim',
    );
    const claim = await apiCall<{ id: string; claimNo: string }>(request, org.token, 'POST', '/rights/financeRecord/add', {
      batchId: batch.id,
      expenseType: '1',
      applyAmount: '600',
      deductions: '0',
      bankAccountId: bankId,
      description: '公证购买侵权商品',
      invoices: [{ invoiceCode: '', invoiceNo, invoiceDate: '2026-10-01', amount: '600.00', files }],
    });
    await apiCall(request, org.token, 'POST', '/rights/financeRecord/submit', { id: claim.id });

    // 业务审核 from 待我审批 at 1440: 事项 links to the claim, 审批 opens the claim's review with its invoice.
    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.84.0.2');
    await reviewer.setViewportSize({ width: 1440, height: 900 });
    await reviewer.goto('/rights/approval/todo');
    const todo = row(reviewer, claim.claimNo);
    const subject = todo.getByRole('link', { name: new RegExp(`^${claim.claimNo} `) });
    await expect(subject).toHaveAttribute('href', `/finance/claim/list?id=${claim.id}`);
    await subject.click();
    await expect(reviewer.locator('.claim-detail')).toContainText(`报销单 ${claim.claimNo}`);
    await reviewer.goto('/rights/approval/todo');
    await button(row(reviewer, claim.claimNo), '审批').click();
    let review = dialog(reviewer, `业务审核：${claim.claimNo}`);
    await expect(review.locator('.claim-review-invoices')).toContainText(invoiceNo);
    await expect(review.locator('.claim-review-invoices')).toContainText('600.00');
    await expect(review.getByRole('link', { name: /公证费发票\.pdf/ })).toBeVisible();
    await expect(review.getByLabel('核定金额（元）')).toHaveValue('600.00');
    await reviewer.screenshot({ path: shot(testInfo, 'todo-claim-review-1440') });
    await review.getByLabel('核定金额（元）').fill('550.00');
    await review.getByLabel('审核意见').fill('公证费按票面核减');
    await button(review, '提交').click();
    await toast(reviewer, ClaimMsg.toFinance);
    await expect(row(reviewer, claim.claimNo)).toHaveCount(0);

    // 财务审核 from 待我审批 at 375: what 业务审核 decided is in view.
    const finance = await contextFor(browser, financeUser, baseURL!, '10.84.0.3');
    await finance.setViewportSize({ width: 375, height: 812 });
    await finance.goto('/rights/approval/todo');
    await button(row(finance, claim.claimNo), '审批').click();
    review = dialog(finance, `财务审核：${claim.claimNo}`);
    await expect(review.locator('.claim-review-first')).toContainText('550.00');
    await expect(review.locator('.claim-review-first')).toContainText('公证费按票面核减');
    await expect(review.getByRole('link', { name: /公证费发票\.pdf/ })).toBeVisible();
    await finance.screenshot({ path: shot(testInfo, 'todo-claim-finance-375') });
    await button(review, '提交').click();
    await toast(finance, ClaimMsg.toPay);
    const moved = await apiCall<{ status: string; approvedAmount: string }>(request, financeToken, 'GET', `/rights/financeRecord/queryById?id=${claim.id}`);
    expect(moved).toMatchObject({ status: '4', approvedAmount: '550.00' });

    // Paid with a voucher finance uploads: the organisation opens its claim and sees the voucher by name.
    const voucher = await apiUpload(request, financeToken, { name: '银行回单.png', mimeType: 'image/png', buffer: pngFile(64) }, 'finance_payment');
    await apiCall(request, financeToken, 'POST', '/rights/financeRecord/payment/pay', { id: claim.id, payDate: '2026-11-20', serialNo: unique('LS'), voucher });
    const agent = await contextFor(browser, org.username, baseURL!, '10.84.0.1');
    for (const width of [1440, 375]) {
      await agent.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await agent.goto(`/finance/claim/list?id=${claim.id}`);
      const detail = agent.locator('.claim-detail');
      const named = detail.locator('.file-link-named');
      await expect(named).toContainText('银行回单.png');
      const image = named.locator('img').first();
      await expect(image).toHaveAttribute('alt', '银行回单.png');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await agent.screenshot({ path: shot(testInfo, `claim-voucher-${width}`) });
    }
  });
});
