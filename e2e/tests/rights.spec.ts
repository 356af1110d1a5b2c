import type { Page } from '@playwright/test';
import { button, test } from '../support/app.ts';
import { dialog, expect, pick, row, signInAs, toast } from '../support/system.ts';
import { contextFor, createOrgUser, createReviewer, creditCode, fileInputOf, formItem, message, pdfFile, pngFile, shot } from '../support/rights.ts';

/** Clicks a confirm dialog's 确定 and waits for it to close. */
async function confirmDialog(page: Page, title: string) {
  const confirm = page.getByRole('dialog', { name: title });
  await button(confirm, '确定').click();
  await expect(confirm).toBeHidden();
}

/** Types a date into an antd DatePicker and waits for its panel to close. */
async function typeDate(page: Page, input: ReturnType<Page['locator']>, date: string) {
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
}

/** A registration date whose ten-year term ends about three months from now (即将到期), and that end. */
function expiringInThreeMonths(): { regDate: string; expireDate: string } {
  const now = new Date(Date.now() + 8 * 3600_000);
  const reg = new Date(Date.UTC(now.getUTCFullYear() - 10, now.getUTCMonth() + 3, 1));
  const end = new Date(Date.UTC(reg.getUTCFullYear() + 10, reg.getUTCMonth(), reg.getUTCDate() - 1));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { regDate: day(reg), expireDate: day(end) };
}

/** The side menu's top-level entries. */
const menuTitles = (page: Page) =>
  page
    .locator('.ant-layout-sider .ant-menu-root > li')
    .evaluateAll((items) => items.map((li) => ((li.querySelector(':scope > .ant-menu-submenu-title') ?? li) as HTMLElement).innerText.trim()));

test.describe('机构入驻、认证与受保护权利 (DOMAIN enrolment and certify flows)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('DOMAIN enrolment and certification flows, §5 upload, §7 files: a new organisation user goes from an empty form to certified with a reviewer in a second browser, then files a rights record with a mark image and an authorisation PDF', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const org = await createOrgUser(request);
    const reviewerName = await createReviewer(request);
    const orgName = `测试知识产权代理有限公司${org.username.slice(-5)}`;
    const code = creditCode();

    // Before enrolment the menu offers only the two onboarding pages, and the home page says what to do.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.username);
    await expect(page.getByText('机构尚未完成入驻和认证：请填写并提交机构入驻申请')).toBeVisible();
    await expect.poll(() => menuTitles(page)).toEqual(['首页', '入驻与认证']);
    await button(page, '前往机构入驻').click();
    await expect(page).toHaveURL('/dashboard/enter-organisation');
    await expect(page.getByText('请填写并提交机构入驻申请')).toBeVisible();

    // An empty form cannot be submitted: each required field says so.
    await button(page, '提交申请').click();
    for (const text of ['请输入机构名称', '请选择机构类型', '请输入统一社会信用代码', '请输入法定代表人', '请选择成立日期', '请上传营业执照']) {
      await expect(page.locator('.ant-form-item-explain-error').getByText(text, { exact: true })).toBeVisible();
    }
    await page.screenshot({ path: shot(testInfo, 'rights-enrol-empty'), fullPage: true });

    // The unified social credit code is checked with its check character (contracts schema).
    const form = page.locator('form#org-enrol');
    await formItem(form, '统一社会信用代码')
      .locator('input')
      .fill(`${code.slice(0, 17)}${code[17] === 'A' ? 'B' : 'A'}`);
    await expect(page.getByText(/统一社会信用代码不正确/)).toBeVisible();
    await formItem(form, '统一社会信用代码').locator('input').fill(code.toLowerCase());
    await expect(page.getByText(/统一社会信用代码不正确/)).toBeHidden();

    await formItem(form, '机构名称').locator('input').fill(orgName);
    await pick(page, formItem(form, '机构类型').locator('input'), '商标代理机构');
    await formItem(form, '法定代表人').locator('input').fill('张三');
    await typeDate(page, formItem(form, '成立日期').locator('input'), '2015-06-01');
    await formItem(form, '所在地区').locator('input').fill('浙江省杭州市');
    await formItem(form, '注册地址').locator('input').fill('浙江省杭州市西湖区文三路1号');
    await formItem(form, '联系人').locator('input').fill('李四');
    await formItem(form, '联系电话').locator('input').fill('13800138000');
    await formItem(form, '商标代理备案号').locator('input').fill('TM2015001');

    // 保存草稿 keeps what is there; the licence is uploaded through the control (uploading → done).
    await button(page, '保存草稿').click();
    await toast(page, '保存成功！');
    await fileInputOf(form, '营业执照').setInputFiles({ name: '营业执照副本.png', mimeType: 'image/png', buffer: pngFile() });
    await expect(formItem(form, '营业执照').locator('.ant-upload-list-item-done')).toHaveCount(1);
    await expect(formItem(form, '营业执照').getByText('营业执照副…')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'rights-enrol-filled'), fullPage: true });
    await button(page, '提交申请').click();
    await confirmDialog(page, '提交入驻申请');
    await toast(page, '入驻申请已提交，请等待协会审核');
    await expect(page.getByText('入驻申请审核中，请等待协会审核')).toBeVisible();
    await expect(page.locator('form#org-enrol')).toHaveCount(0);

    // The reviewer, in a browser of their own, rejects with reasons (a rejection needs them).
    const reviewer = await contextFor(browser, reviewerName, baseURL!, '10.77.0.2');
    await reviewer.setViewportSize({ width: 1440, height: 900 });
    await reviewer.goto('/rights/org/enrolApproval');
    await row(reviewer, orgName).getByRole('button', { name: '审批' }).click();
    const decide = dialog(reviewer, `入驻审批：${orgName}`);
    await expect(decide.getByText(code)).toBeVisible();
    await expect(decide.locator('img')).toHaveCount(1);
    await reviewer.screenshot({ path: shot(testInfo, 'rights-enrol-approve'), fullPage: false });
    await button(decide, '驳回').click();
    await expect(decide.getByText('驳回时请填写审核意见')).toBeVisible();
    await decide.getByLabel('审核意见').fill('营业执照照片不清晰，请重新上传');
    await button(decide, '驳回').click();
    await toast(reviewer, '入驻申请已驳回');
    await expect(decide).toBeHidden();

    // The organisation user sees the reasons, edits and submits again; the reviewer approves.
    await page.reload();
    await expect(page.getByText('审核意见：营业执照照片不清晰，请重新上传')).toBeVisible();
    await expect(page.locator('form#org-enrol')).toBeVisible();
    await formItem(page, '办公地址').locator('input').fill('浙江省杭州市西湖区文三路1号5楼');
    await button(page, '提交申请').click();
    await confirmDialog(page, '提交入驻申请');
    await toast(page, '入驻申请已提交，请等待协会审核');

    await reviewer.reload();
    await row(reviewer, orgName).getByRole('button', { name: '审批' }).click();
    await button(dialog(reviewer, `入驻审批：${orgName}`), '通过').click();
    await toast(reviewer, '入驻审核通过');

    // Enrolled: the next step is certification; the menu still holds only the onboarding pages.
    await page.reload();
    await expect(page.getByText('入驻已通过，请提交认证材料')).toBeVisible();
    await button(page, '去认证').click();
    await expect(page).toHaveURL('/dashboard/certification');
    await expect.poll(() => menuTitles(page)).toEqual(['首页', '入驻与认证']);
    const certify = page.locator('form#org-certify');
    await button(page, '提交认证').click();
    await expect(page.getByText('请至少上传执业许可证或备案证明文件中的一项')).toBeVisible();
    await fileInputOf(certify, '执业许可证').setInputFiles({ name: '执业许可证.pdf', mimeType: 'application/pdf', buffer: pdfFile('Practice licence') });
    await expect(formItem(certify, '执业许可证').locator('.ant-upload-list-item-done')).toHaveCount(1);
    await expect(formItem(certify, '商标代理备案号').locator('input')).toHaveValue('TM2015001');
    await page.screenshot({ path: shot(testInfo, 'rights-certify-form'), fullPage: true });
    await button(page, '提交认证').click();
    await confirmDialog(page, '提交认证材料');
    await toast(page, '认证材料已提交，请等待协会审核');
    await expect(page.getByText('认证材料审核中，请等待协会审核')).toBeVisible();

    await reviewer.goto('/rights/org/certifyApproval');
    await row(reviewer, orgName).getByRole('button', { name: '审批' }).click();
    const certifyDecision = dialog(reviewer, `认证审批：${orgName}`);
    await expect(certifyDecision.getByRole('link', { name: /执业许可证/ })).toBeVisible();
    await button(certifyDecision, '通过').click();
    await toast(reviewer, '认证通过');

    // Certified: 进入系统 loads the whole menu.
    await page.reload();
    await expect(page.getByText('已完成入驻和认证')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'rights-certified'), fullPage: true });
    await button(page, '进入系统').click();
    await expect(page).toHaveURL('/dashboard/analysis');
    await expect.poll(() => menuTitles(page)).toEqual(expect.arrayContaining(['入驻与认证', '机构管理', '权利管理', '审批管理']));

    // A protected-rights record with a mark image and an authorisation PDF (DOMAIN.md protected-rights record).
    const { regDate, expireDate } = expiringInThreeMonths();
    // unique per run: the reviewer sees every organisation's records
    const regNo = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    await page.goto('/rights/right/list');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await button(page, '新增').click();
    const add = dialog(page, '新增受保护权利');
    await formItem(add, '商标名称').locator('input').fill('华光');
    await formItem(add, '注册号').locator('input').fill(regNo);
    await pick(page, formItem(add, '国际分类').locator('input'), '第9类 科学仪器（商品）');
    await formItem(add, '注册人').locator('input').fill('杭州华光科技有限公司');
    await typeDate(page, formItem(add, '注册日期').locator('input'), regDate);
    await expect(add.locator('.right-validity')).toHaveText(`${regDate} 至 ${expireDate}`);
    await formItem(add, '授权机构').locator('input').fill(orgName);
    await typeDate(page, formItem(add, '授权开始日期').locator('input'), '2024-01-01');
    await typeDate(page, formItem(add, '授权期限').locator('input'), '2030-12-31');
    await fileInputOf(add, '授权委托书').setInputFiles({ name: '授权委托书.png', mimeType: 'image/png', buffer: pngFile() });
    await message(page, '仅支持PDF文件上传');
    await fileInputOf(add, '商标图样').setInputFiles({ name: '华光商标.png', mimeType: 'image/png', buffer: pngFile(96) });
    await expect(formItem(add, '商标图样').locator('.ant-upload-list-item-done')).toHaveCount(1);
    await fileInputOf(add, '授权委托书').setInputFiles({ name: '授权委托书.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await expect(formItem(add, '授权委托书').locator('.ant-upload-list-item-done')).toHaveCount(1);

    // §3 image preview: the stored image is served to its owner (static-file cookie).
    await formItem(add, '商标图样').locator('.ant-upload-list-item').hover();
    await formItem(add, '商标图样')
      .getByRole('link', { name: /预览文件|eye/ })
      .click();
    const preview = page.locator('.ant-image-preview-img');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    // the preview's own close button: Escape goes to whichever layer holds focus (the dialog behind it, under load)
    await page.locator('.ant-image-preview-close').click();
    await expect(preview).toBeHidden();
    // §3 a PDF opens in a new tab, served inline as application/pdf. (The headless browser the tests
    // run has no PDF viewer and saves it instead; what the tab was sent is what is checked.)
    const served = page.context().waitForEvent('response', (r) => r.url().includes('/jeecg-boot/sys/common/static/rights_right/'));
    const [tab] = await Promise.all([page.waitForEvent('popup'), formItem(add, '授权委托书').locator('.ant-upload-list-item-name').click()]);
    const pdf = await served;
    expect(pdf.frame().page()).toBe(tab);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    await tab.close();
    await page.screenshot({ path: shot(testInfo, 'rights-right-add'), fullPage: false });
    await button(add, '保存').click();
    await toast(page, '添加成功！');
    await expect(add).toBeHidden();

    const mark = row(page, regNo);
    await expect(mark).toContainText('华光');
    await expect(mark).toContainText('第9类');
    await expect(mark).toContainText('草稿');
    await expect(mark.locator('.ant-tag', { hasText: '即将到期' })).toBeVisible();
    await expect.poll(() => mark.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await page.screenshot({ path: shot(testInfo, 'rights-right-list'), fullPage: false });
    await mark.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '提交审核' }).click();
    await confirmDialog(page, '确认操作');
    await toast(page, '已提交审核');
    await expect(mark).toContainText('待审核');
    // 撤回 (issue 37), offered from the flow's declaration alone: back to 草稿 before the reviewer decides, then submitted again
    await mark.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '撤回' }).click();
    await confirmDialog(page, '确认操作');
    await toast(page, '已撤回，可修改后重新提交');
    await expect(mark).toContainText('草稿');
    await mark.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '提交审核' }).click();
    await confirmDialog(page, '确认操作');
    await toast(page, '已提交审核');
    await expect(mark).toContainText('待审核');

    // The reviewer reads the record with its files and approves it.
    await reviewer.goto('/rights/right/list');
    const pending = row(reviewer, regNo);
    await pending.getByRole('button', { name: '审核' }).click();
    const review = dialog(reviewer, '审核受保护权利：华光');
    await expect(review.getByText(`${regDate} 至 ${expireDate}`)).toBeVisible();
    await expect
      .poll(() =>
        review
          .locator('.ant-image img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(96);
    await expect(review.getByRole('link', { name: /授权委托书/ })).toBeVisible();
    await reviewer.screenshot({ path: shot(testInfo, 'rights-right-review') });
    await button(review, '通过').click();
    await toast(reviewer, '审核通过');
    await page.reload();
    const approved = row(page, regNo);
    await expect(approved).toContainText('已通过');

    // 详情: every field with its files, the derived flags and the reviewer's decision.
    // an approved record has no other action left, so 详情 stands alone in the row
    await approved.getByRole('button', { name: '详情' }).click();
    const detail = dialog(page, '受保护权利详情');
    await expect(detail.getByText(`${regDate} 至 ${expireDate}`)).toBeVisible();
    await expect(detail.getByText('第9类 科学仪器（商品）')).toBeVisible();
    await expect(detail.locator('.ant-tag', { hasText: '即将到期' })).toBeVisible();
    await expect(detail.getByRole('link', { name: /授权委托书/ })).toBeVisible();
    await expect
      .poll(() =>
        detail
          .locator('.ant-image img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(96);
    await page.screenshot({ path: shot(testInfo, 'rights-right-detail') });
    await reviewer.context().close();
  });
});
