import { startTestSmtp } from '../../packages/server/src/modules/messaging/message/smtp.testkit.ts';
import { button, test } from '../support/app.ts';
import { apiCall, apiToken, dialog, expect, row, signIn, SYSTEM_TEST_TIMEOUT, toast, unique, USER_PASSWORD } from '../support/system.ts';
import { signInQuickly } from '../support/shell.ts';
import { confirmInPopup, searchOne } from '../support/system-data.ts';
import { certifiedOrgViaApi, contextFor, createFinance } from '../support/rights.ts';

/*
 * Issue 38 消息模板 / 消息中心: an administrator rewords a template (the preview shows the new words while
 * typing), 发送测试 by e-mail while the SMTP server refuses → 发送失败 with the reason in 消息中心, then
 * 重新发送 once the server is back → 发送成功, and the mail that arrives carries the new words; and a business
 * notice (the bank-account decision) reworded in the browser and decided by finance in the browser reaches the
 * organisation's bell and — the organisation user chose e-mail in 新消息通知 — their mailbox in the new words.
 */

const SMTP_PORT = Number(process.env.E2E_PORT ?? 18080) + 7;

test.describe('消息模板与消息中心 (issue 38)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('reword a template, send a test e-mail during an SMTP outage, resend it from 消息中心 when the server is back', async ({ page, request }) => {
    const smtp = await startTestSmtp(SMTP_PORT, true);
    const { received, state } = smtp;
    try {
      const code = unique('e2e_mail').replace(/[^A-Za-z0-9_]/g, '_');
      const token = await apiToken(request);
      await apiCall(request, token, 'POST', '/message/sysMessageTemplate/add', {
        templateCode: code,
        templateName: '审核通知：${batchNo}',
        templateContent: '${name}，您好：批次 ${batchNo} 已通过。',
        templateType: '2',
        templateTestJson: '{"name":"张三","batchNo":"XS001"}',
      });

      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page);
      await page.goto('/modules/message/sysMessageTemplateList');
      await row(page, code).getByRole('button', { name: '编辑' }).click();
      const form = dialog(page, /编辑消息模板/);
      await form.getByLabel('模板标题').fill('【维权】审核结果 ${batchNo}');
      await expect(form.getByText('【维权】审核结果 XS001')).toBeVisible();
      await form.getByLabel('模板内容').fill('${name}，您好：批次 ${batchNo} ${missing}');
      await expect(form.getByText('缺少模板变量：missing')).toBeVisible();
      await form.getByLabel('模板内容').fill('${name}，您好：您的批次 ${batchNo} 已审核通过。');
      await button(form, '确定').click();
      await toast(page, '编辑成功!');

      await row(page, code).getByRole('button', { name: '发送测试' }).click();
      const send = dialog(page, /发送测试/);
      await send.getByLabel('接收人').fill('e2e-receiver@example.test');
      await button(send, '发送').click();
      const outcome = page.locator('.ant-modal-confirm');
      await expect(outcome.locator('.ant-modal-confirm-title')).toHaveText('发送失败（已记入消息中心，将自动重试）');
      await expect(outcome).toContainText(/第 1 次发送失败：.*451/);
      await button(outcome, '知道了').click();

      state.refuse = false;
      await page.goto('/modules/message/sysMessageList');
      const logged = row(page, 'e2e-receiver@example.test');
      await expect(logged).toContainText('发送失败');
      await expect(logged).toContainText('【维权】审核结果 XS001');
      await logged.getByRole('button', { name: '重新发送' }).click();
      await confirmInPopup(page);
      await toast(page, '已重新加入发送队列');
      await expect(logged).toContainText('发送成功');
      expect(received).toEqual([{ to: 'e2e-receiver@example.test', subject: '【维权】审核结果 XS001', text: '张三，您好：您的批次 XS001 已审核通过。' }]);
    } finally {
      await smtp.close();
    }
  });

  test('reword the bank-account decision in 消息模板, finance approves the account in the browser, the organisation reads the new words in the bell and in the e-mail', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // the mail waits for the 消息发送 job's next run (every 20 s)
    test.setTimeout(180_000);
    const smtp = await startTestSmtp(SMTP_PORT);
    const org = await certifiedOrgViaApi(request);
    const financeName = await createFinance(request);
    const address = `${org.username}@example.test`.toLowerCase();
    // 新消息通知 by e-mail (channel '2'), chosen by the organisation user for their own account
    await apiCall(request, org.token, 'POST', '/sys/account/email/change', { email: address, password: USER_PASSWORD });
    await apiCall(request, org.token, 'POST', '/sys/account/settings/notice', { muted: [], channels: ['2'] });
    const tail = String(Date.now()).slice(-4);
    await apiCall(request, org.token, 'POST', '/rights/bank/add', {
      accountName: org.orgName,
      bankName: '中国工商银行',
      branchName: '杭州滨江支行',
      accountNo: `622202000000${tail}`,
      accountNature: '1',
    });
    const token = await apiToken(request);
    const [seeded] = (
      await apiCall<{ records: Record<string, unknown>[] }>(request, token, 'GET', '/message/sysMessageTemplate/list?templateCode=bank_review_result')
    ).records;
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page);
      await page.goto('/modules/message/sysMessageTemplateList');
      await searchOne(page, '请输入模板CODE', 'bank_review_result');
      await row(page, 'bank_review_result').getByRole('button', { name: '编辑' }).click();
      const form = dialog(page, /编辑消息模板/);
      await form.getByLabel('模板标题').fill('【账户审核】${bizTitle}：${result}，请查收');
      await expect(form.getByText('【账户审核】示例中心 工商银行 尾号1234：已通过，请查收')).toBeVisible();
      await form.getByLabel('模板内容').fill('<p>贵机构的银行账户${record}审核${result}，可以收款了。</p><p>经办人：${approver}</p>');
      await button(form, '确定').click();
      await toast(page, '编辑成功!');

      // the business step: finance approves the account from 待我审批
      const finance = await contextFor(browser, financeName, baseURL!, '10.79.0.38');
      await finance.setViewportSize({ width: 1440, height: 900 });
      await finance.goto('/rights/approval/todo');
      await row(finance, `中国工商银行 尾号${tail}`).getByRole('button', { name: '审批' }).click();
      await button(dialog(finance, `银行账户：中国工商银行 尾号${tail}`), '通过').click();
      await toast(finance, '银行账户审核通过');
      await finance.context().close();

      await signInQuickly(page, '/dashboard/analysis', org.username, USER_PASSWORD);
      await page.getByRole('button', { name: /^消息通知/ }).click();
      const panel = page.getByRole('dialog', { name: '消息通知' });
      await panel.getByRole('tab', { name: /系统消息/ }).click();
      await expect(panel.getByText(`【账户审核】中国工商银行 尾号${tail}：已通过，请查收`)).toBeVisible();

      // the e-mail goes through 消息中心 and the 消息发送 job (every 20 s) to the local SMTP server
      await expect.poll(() => smtp.received.filter((mail) => mail.to === address), { timeout: 75_000, intervals: [1000] }).toHaveLength(1);
      const [mail] = smtp.received.filter((m) => m.to === address);
      expect(mail.subject).toBe(`【账户审核】中国工商银行 尾号${tail}：已通过，请查收`);
      expect(mail.text).toContain(`贵机构的银行账户「中国工商银行 尾号${tail}」审核已通过，可以收款了。`);
      expect(mail.text).toContain(`经办人：财务${financeName.slice(-4)}`);
    } finally {
      // other specs read this notice's stock wording
      await apiCall(request, token, 'PUT', '/message/sysMessageTemplate/edit', seeded);
      await smtp.close();
    }
  });
});
