import type { APIRequestContext } from '@playwright/test';
import { axeFindings } from '../support/axe.ts';
import { button, signIn, test } from '../support/app.ts';
import { confirmInPopup } from '../support/system-data.ts';
import { apiToken, dialog, expect, pick, row, signInAs, SYSTEM_TEST_TIMEOUT, toast, unique, USER_PASSWORD } from '../support/system.ts';
import { apiCall, apiUpload, certifiedOrgViaApi, pdfFile, pngFile, type CertifiedOrg } from '../support/rights.ts';

/** A protected-rights record of the organisation, with its mark image, added through the API. */
async function addRight(request: APIRequestContext, org: CertifiedOrg, name: string): Promise<{ id: string; regNo: string }> {
  const markImage = await apiUpload(request, org.token, { name: '图样.png', mimeType: 'image/png', buffer: pngFile() }, 'rights_right');
  const regNo = String(40_000_000 + Math.floor(Math.random() * 9_000_000));
  const id = await apiCall<string>(request, org.token, 'POST', '/rights/right/add', {
    trademarkName: name,
    regNo,
    niceClass: '9',
    goodsServices: '计算机软件（已录制）',
    trademarkType: '1',
    registrant: org.orgName,
    registrantAddress: '浙江省杭州市滨江区',
    regDate: '2019-05-07',
    legalStatus: '1',
    authOrg: org.orgName,
    authStartDate: '2024-01-01',
    authEndDate: '2030-12-31',
    markImage,
  });
  return { id, regNo };
}

test.describe('DOMAIN 文件信息: 文件类型 and 所属业务 of every file, the record named and opened', () => {
  // two sign-ins, uploads and an axe audit: within the default 30 s on an idle machine, not beside the unit tests
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });
  test('an organisation uploads 侵权证据 for one of its rights records from 上传文件; the row names the record, and a click opens it', async ({
    page,
    request,
  }) => {
    test.slow(); // an organisation is enrolled and certified through the API first
    const org = await certifiedOrgViaApi(request);
    const mark = `维权${Date.now().toString(36).slice(-4)}`;
    const right = await addRight(request, org, mark);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, org.username);
    await page.goto('/rights/right/file');

    // the files the app's own forms stored say what they are and whose they are
    const image = row(page, '图样.png');
    await expect(image).toContainText('商标图样');
    await expect(image).toContainText(`${mark}（注册号 ${right.regNo}，第9类）`);
    await expect(row(page, '营业执照.png')).toContainText(org.orgName);

    await button(page, '上传文件').click();
    const popup = dialog(page, '上传文件');
    await expect(popup).toBeVisible();
    // no file can be picked before the type is chosen
    const fileInput = popup.locator('input[type=file]');
    await expect(fileInput).toBeDisabled();
    await pick(page, popup.getByLabel('文件类型'), '侵权证据');
    await expect(fileInput).toBeEnabled();
    await popup.getByLabel('所属业务').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('受保护权利', { exact: true }).click();
    // a business type without its record still blocks the upload
    await expect(fileInput).toBeDisabled();
    // found by the mark's name, as a user types it
    const picker = popup.getByLabel('业务记录');
    await picker.click();
    await picker.pressSequentially(mark);
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${mark}（注册号 ${right.regNo}）`, { exact: true }).click();
    const evidence = `侵权商品照片${Date.now().toString(36)}.pdf`;
    await fileInput.setInputFiles({ name: evidence, mimeType: 'application/pdf', buffer: pdfFile('Evidence') });
    await expect(popup.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('file-info-upload-dialog.png') });
    await button(popup, '确定').click();
    await toast(page, '上传成功');
    await expect(popup).toBeHidden();

    const stored = row(page, evidence);
    await expect(stored).toContainText('侵权证据');
    await expect(stored).toContainText('受保护权利');
    await stored.getByRole('button', { name: `${mark}（注册号 ${right.regNo}，第9类）` }).click();
    const detail = dialog(page, /^受保护权利：/);
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(mark);
    await expect(detail).toContainText(right.regNo);
    await page.screenshot({ path: test.info().outputPath('file-info-record-detail.png') });
    await detail.locator('.ant-modal-footer').getByRole('button').click();
    await expect(detail).toBeHidden();
  });

  test("the business picker offers only what the user may see: another organisation's record cannot be chosen, and the server refuses it", async ({
    page,
    request,
  }) => {
    test.slow(); // two organisations are enrolled and certified through the API first
    const [mine, other] = [await certifiedOrgViaApi(request), await certifiedOrgViaApi(request)];
    const theirs = `他人${Date.now().toString(36).slice(-4)}`;
    const right = await addRight(request, other, theirs);
    await signInAs(page, mine.username);
    await page.goto('/rights/right/file');
    await button(page, '上传文件').click();
    const popup = dialog(page, '上传文件');
    await pick(page, popup.getByLabel('文件类型'), '侵权证据');
    await popup.getByLabel('所属业务').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('受保护权利', { exact: true }).click();
    const picker = popup.getByLabel('业务记录');
    await picker.click();
    await picker.pressSequentially(theirs);
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('没有查询到任何数据');
    // the server checks the same, whatever a client sends
    const response = await request.post('/jeecg-boot/sys/common/upload', {
      headers: { 'X-Access-Token': mine.token },
      multipart: { biz: 'files', fileType: '4', bizType: 'rights_right', bizId: right.id, file: { name: 'x.png', mimeType: 'image/png', buffer: pngFile() } },
    });
    expect(await response.json()).toMatchObject({ success: false, message: '所属业务记录不存在或无权查看' });
    await page.keyboard.press('Escape');
    await button(popup, '取消').click();
    await expect(popup).toBeHidden();
  });
});

test.describe('issue 39 文件列表 (modules/oss/OSSFileList): every stored file, its preview, and delete only of what no record uses', () => {
  test('the administrator previews an avatar, is refused its delete (the user is named), and uploads then deletes an unused file (axe)', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const avatarName = `${unique('头像')}.png`;
    const avatar = await apiUpload(request, token, { name: avatarName, mimeType: 'image/png', buffer: pngFile() }, 'user');
    const username = unique('oss');
    await apiCall(request, token, 'POST', '/sys/user/add', {
      username,
      realname: `头像${username}`,
      password: USER_PASSWORD,
      confirmpassword: USER_PASSWORD,
      avatar,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/isystem/ossFile');

    const stored = row(page, avatarName);
    await expect(stored).toContainText('本地');
    await expect(stored).toContainText('系统管理员');
    await stored.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.ant-image-preview-img');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.locator('.ant-image-preview-close').click();
    await expect(preview).toBeHidden();

    await stored.getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, `该文件仍被业务记录使用，不能删除：用户头像「头像${username}」。请先在该记录中移除此文件。`);
    await expect(stored).toBeVisible();

    const spare = `${unique('无用')}.pdf`;
    await page.locator('.ant-upload input[type=file]').setInputFiles({ name: spare, mimeType: 'application/pdf', buffer: pdfFile('Spare') });
    await toast(page, `${spare} 上传成功！`);
    const uploaded = row(page, spare);
    await expect(uploaded).toContainText('PDF');
    await expect(uploaded).toContainText('未关联');
    expect(await axeFindings(page, '.list-toolbar', '.ant-table-wrapper')).toEqual([]);
    await uploaded.getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除成功!');
    await expect(uploaded).toHaveCount(0);
  });
});
