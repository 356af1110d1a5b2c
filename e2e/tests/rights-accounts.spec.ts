import { ADMIN, button, newContext, test } from '../support/app.ts';
import { confirmPopup, dialog, expect, pick, row, signInAs, toast } from '../support/system.ts';
import { certifiedOrgViaApi, contextFor, createFinance, createOrgUser, fileInputOf, formItem, message, pdfFile, pngFile, shot } from '../support/rights.ts';

test.describe('机构入驻、认证与受保护权利: upload rules, bank accounts, phone layout', () => {
  test.describe.configure({ timeout: 240_000 });

  test('§5 upload rules in the browser: wrong type, over 10 MB, special characters, more than 3 files, forged content (§8 {name} 上传失败); removing deletes on the server; §9 the 520 × 200 popup refuses an empty 确定', async ({
    page,
    request,
  }, testInfo) => {
    const org = await createOrgUser(request);
    await signInAs(page, org.username);
    await page.goto('/dashboard/enter-organisation');
    const licence = formItem(page.locator('form#org-enrol'), '营业执照');
    const input = licence.locator('input[type=file]');
    const items = licence.locator('.ant-upload-list-item');

    await input.setInputFiles({
      name: '营业执照.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK'),
    });
    await message(page, '仅支持JPG/JPEG/PNG或PDF文件上传');
    await input.setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([pdfFile(), Buffer.alloc(10 * 1024 * 1024)]) });
    await message(page, '文件最大支持10M');
    await input.setInputFiles({ name: '营业*执照.png', mimeType: 'image/png', buffer: pngFile() });
    await message(page, '文件名不能包含下列特殊字符：/ \\ * : ? " < > |');
    await expect(items).toHaveCount(0);

    // A file whose content is not what its name says is refused by the server: {name} 上传失败 and why.
    await input.setInputFiles({ name: '假图片.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
    await message(page, /^假图片\.png 上传失败：文件内容与扩展名不符/);
    await expect(licence.locator('.ant-upload-list-item-error')).toHaveCount(1);
    await licence.locator('.ant-upload-list-item-error').hover();
    await licence.locator('.ant-upload-list-item-error').getByRole('button', { name: '删除文件' }).click();
    await expect(items).toHaveCount(0);

    // Four at once: three are taken, the fourth refused.
    const four = [1, 2, 3, 4].map((n) => ({ name: `执照第${n}页.png`, mimeType: 'image/png', buffer: pngFile() }));
    await input.setInputFiles(four);
    await message(page, '文件上传限制3个以内');
    await expect(licence.locator('.ant-upload-list-item-done')).toHaveCount(3);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: shot(testInfo, 'rights-upload-rules'), fullPage: true });

    // Removing a file just uploaded deletes it on the server: its address answers 404 afterwards.
    const first = licence.locator('.ant-upload-list-item-done').first();
    const href = await first.locator('a.ant-upload-list-item-name').getAttribute('href');
    expect((await page.request.get(href!)).status()).toBe(200);
    await first.hover();
    await first.getByRole('button', { name: '删除文件' }).click();
    await expect(licence.locator('.ant-upload-list-item-done')).toHaveCount(2);
    await expect.poll(async () => (await page.request.get(href!)).status()).toBe(404);

    // The upload popup of 文件信息 (signed in as the administrator).
    const admin = await newContext(page.context().browser()!, {
      baseURL: testInfo.project.use.baseURL,
      locale: 'zh-CN',
      extraHTTPHeaders: { 'X-Forwarded-For': '10.78.0.3' },
    });
    const adminPage = await admin.newPage();
    await signInAs(adminPage, ADMIN.username, ADMIN.password);
    await adminPage.goto('/rights/right/file');
    await button(adminPage, '上传文件').click();
    const popup = dialog(adminPage, '上传文件');
    await expect(popup).toBeVisible();
    // measured once the opening animation is over
    await expect.poll(async () => Math.round((await adminPage.locator('.upload-popup').boundingBox())?.width ?? 0)).toBe(520);
    // the file says what it is before it is picked
    await button(popup, '确定').click();
    await expect(popup.locator('.ant-form-item-explain-error')).toHaveText('请选择文件类型');
    await pick(adminPage, popup.getByLabel('文件类型'), '公证书');
    await button(popup, '确定').click();
    await message(adminPage, '未上传任何文件');
    await expect(popup).toBeVisible();
    const docName = `协会通知${Date.now().toString(36)}.pdf`;
    await popup.locator('input[type=file]').setInputFiles({ name: docName, mimeType: 'application/pdf', buffer: pdfFile('Notice') });
    await expect(popup.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await adminPage.setViewportSize({ width: 1440, height: 900 });
    await adminPage.screenshot({ path: shot(testInfo, 'rights-upload-popup') });
    await button(popup, '确定').click();
    await toast(adminPage, '上传成功');
    await expect(popup).toBeHidden();
    const stored = row(adminPage, docName);
    await expect(stored).toContainText('未关联');
    await expect(stored).toContainText('公证书');
    await adminPage.screenshot({ path: shot(testInfo, 'rights-file-info'), fullPage: true });
    await stored.getByRole('button', { name: '删除' }).click();
    await confirmPopup(adminPage);
    await toast(adminPage, '删除成功!');
    await expect(row(adminPage, docName)).toHaveCount(0);
    await admin.close();
  });

  test('DOMAIN bank account: an organisation adds an account (first one is the default), finance approves it from 待我审批 and sees the whole number, the administrator sees it masked; the administrator disables and re-enables the organisation (confirmed)', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const org = await certifiedOrgViaApi(request);
    const financeName = await createFinance(request);
    // unique per run: finance and the administrator see every organisation's accounts
    const tail = String(1000 + Math.floor(Math.random() * 9000));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.username);
    await page.goto('/rights/org/bank');
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await button(page, '新增').click();
    const add = dialog(page, '新增银行账户');
    await add.getByLabel('开户名称').fill(org.orgName);
    await add.getByLabel('开户银行').fill('中国工商银行');
    await add.getByLabel('开户支行').fill('杭州西湖支行');
    await add.getByLabel('银行账号').fill('6222 0212');
    await expect(add.getByText('银行账号应为8-30位数字')).toBeHidden();
    await add.getByLabel('银行账号').fill('6222abc');
    await expect(add.getByText('银行账号应为8-30位数字')).toBeVisible();
    await add.getByLabel('银行账号').fill(`6222 0212 3456 ${tail}`);
    await fileInputOf(add, '证明文件').setInputFiles({ name: '开户许可证.pdf', mimeType: 'application/pdf', buffer: pdfFile('Bank account licence') });
    await expect(formItem(add, '证明文件').locator('.ant-upload-list-item-done')).toHaveCount(1);
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await expect(add).toBeHidden();
    const account = row(page, '中国工商银行');
    await expect(account).toContainText(`622202123456${tail}`);
    await expect(account).toContainText('默认');
    await expect(account).toContainText('待审核');
    await page.screenshot({ path: shot(testInfo, 'rights-bank-list-owner'), fullPage: true });

    // Finance approves it from 待我审批, reading the whole number and the proof.
    const finance = await contextFor(browser, financeName, baseURL!, '10.79.0.4');
    await finance.setViewportSize({ width: 1440, height: 900 });
    await finance.goto('/rights/approval/todo');
    const todo = row(finance, `中国工商银行 尾号${tail}`);
    await expect(todo).toContainText(org.orgName);
    await finance.screenshot({ path: shot(testInfo, 'rights-approval-todo'), fullPage: true });
    await todo.getByRole('button', { name: '审批' }).click();
    const decide = dialog(finance, `银行账户：中国工商银行 尾号${tail}`);
    await expect(decide.getByText(`622202123456${tail}`)).toBeVisible();
    await expect(decide.getByRole('link', { name: /证明文件/ })).toBeVisible();
    await button(decide, '通过').click();
    await toast(finance, '银行账户审核通过');
    await finance.goto('/rights/approval/list');
    await expect(row(finance, `中国工商银行 尾号${tail}`)).toContainText('通过');
    await finance.screenshot({ path: shot(testInfo, 'rights-approval-list'), fullPage: true });
    await finance.context().close();

    await page.reload();
    await expect(row(page, '中国工商银行')).toContainText('已通过');

    // The administrator sees the number masked, and disables then re-enables the organisation.
    const admin = await contextFor(browser, ADMIN.username, baseURL!, '10.79.0.5', ADMIN.password);
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto('/rights/org/bank');
    const masked = row(admin, org.orgName);
    await expect(masked).toContainText(`6222 **** **** ${tail}`);
    await expect(masked).not.toContainText(`622202123456${tail}`);
    await admin.screenshot({ path: shot(testInfo, 'rights-bank-list-admin'), fullPage: true });
    await admin.goto('/rights/org/list');
    await admin.getByPlaceholder('请输入机构名称').fill(org.orgName);
    await button(admin, '查询').click();
    const listed = row(admin, org.orgName);
    await expect(listed).toContainText('已入驻');
    await expect(listed).toContainText('已认证');
    await admin.screenshot({ path: shot(testInfo, 'rights-org-list'), fullPage: true });
    await listed.getByRole('button', { name: '停用' }).click();
    await expect(admin.locator('.ant-popconfirm')).toContainText('停用后该机构的用户只能访问入驻与认证页面');
    await confirmPopup(admin);
    await toast(admin, '机构已停用');
    await expect(listed).toContainText('已停用');
    await listed.getByRole('button', { name: '启用' }).click();
    await confirmPopup(admin);
    await toast(admin, '机构已启用');
    await expect(listed).toContainText('已入驻');
    await listed.getByRole('button', { name: '详情' }).click();
    const detail = dialog(admin, `机构详情：${org.orgName}`);
    await expect(detail.getByRole('link', { name: /执业许可证/ })).toBeVisible();
    await admin.context().close();
  });

  test('the onboarding pages read well on a phone (375 px) and a desktop (1440 px)', async ({ page, request }, testInfo) => {
    const org = await createOrgUser(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, org.username);
    await page.goto('/dashboard/enter-organisation');
    await expect(page.locator('form#org-enrol')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'rights-enter-organisation-375'), fullPage: true });
    await page.goto('/dashboard/certification');
    await expect(page.getByText('请填写并提交机构入驻申请')).toBeVisible();
    await expect(button(page, '去填写入驻申请')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'rights-certification-375'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard/certification');
    await expect(page.getByText('请填写并提交机构入驻申请')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'rights-certification-1440'), fullPage: true });
  });
});
