import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageMsg, MsgSendStatus } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { noticeText } from '../../core/notice/notice-template.ts';
import { writeNotice } from '../../core/notice/delivery.ts';
import { deliverDue, deliverOne, enqueue } from './message.service.ts';
import { sysSms, sysSmsTemplate } from './message.table.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { startTestSmtp } from './smtp.testkit.ts';
import { rewordTemplate } from './message.fixtures.ts';
import { outboxProvider } from '../../identity/sms/sms.provider.ts';
import { sysSmsOutbox } from '../../identity/sms/sms.table.ts';

describe('issue 38 message module: /message/sysMessageTemplate and /message/sysMessage', async () => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'noreply@sbwq.test' });
  const db = t.database.db;
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  const preview = async (body: Record<string, unknown>) => json(await admin('POST', '/message/sysMessageTemplate/preview', body));
  const sendMsg = async (body: Record<string, unknown>) => json(await admin('POST', '/message/sysMessageTemplate/sendMsg', body));
  const userId = await t.createUser({ username: 'msguser', password: 'Passw0rd1' });
  await db.update(sysUser).set({ email: 'msguser@example.test', phone: null }).where(eq(sysUser.id, userId));

  const addTemplate = async (body: Record<string, unknown>) => json(await admin('POST', '/message/sysMessageTemplate/add', body));
  const message = async (id: string) => (await db.select().from(sysSms).where(eq(sysSms.id, id)))[0];

  it('templates: add, list with the type text, a duplicate code refused; a syntax error or a section is refused before it is saved', async () => {
    const added = await addTemplate({
      templateCode: 'test_mail',
      templateName: '审核结果：${batchNo}',
      templateContent: '${name}，您好：批次 ${batchNo} 已通过。',
      templateType: '2',
      templateTestJson: '{"name":"张三","batchNo":"XS001"}',
    });
    expect(added).toMatchObject({ success: true, message: MessageMsg.added });
    const list = json(await admin('GET', '/message/sysMessageTemplate/list?templateCode=test_mail'));
    expect(list.result.records).toHaveLength(1);
    expect(list.result.records[0]).toMatchObject({ templateCode: 'test_mail', templateType: '2', templateType_dictText: '邮件' });
    expect(
      json(await admin('POST', '/message/sysMessageTemplate/add', { templateCode: 'test_mail', templateName: 'x', templateContent: 'y', templateType: '2' }))
        .message,
    ).toBe(MessageMsg.codeTaken);
    const broken = await addTemplate({ templateCode: 'broken', templateName: 'x', templateContent: '你好 ${name', templateType: '4' });
    expect(broken.success).toBe(false);
    expect(broken.message).toMatch(/^模板语法错误/);
    expect((await addTemplate({ templateCode: 'section', templateName: 'x', templateContent: '${#list}a${/list}', templateType: '4' })).message).toBe(
      MessageMsg.sectionsRefused,
    );
  });

  it('preview renders with the test data; a variable the data lacks is refused by name, not left empty', async () => {
    const ok = await preview({ templateName: '审核结果：${batchNo}', templateContent: '${name}，您好', templateTestJson: '{"name":"张三","batchNo":"XS001"}' });
    expect(ok.result).toEqual({ title: '审核结果：XS001', content: '张三，您好' });
    const missing = await preview({ templateContent: '${name}，批次 ${batchNo}', templateTestJson: '{"name":"张三"}' });
    expect(missing).toMatchObject({ success: false, message: MessageMsg.missingVars(['batchNo']) });
  });

  it('发送测试 by e-mail reaches the SMTP server (receiver, subject, body) and the log says 发送成功 with one send', async () => {
    const sent = await sendMsg({ templateCode: 'test_mail', msgType: '2', receiver: 'msguser', testData: '{"name":"张三","batchNo":"XS002"}' });
    expect(sent.success).toBe(true);
    expect(sent.result.esSendStatus).toBe(MsgSendStatus.sent);
    expect(smtp.received.at(-1)).toEqual({ to: 'msguser@example.test', subject: '审核结果：XS002', text: '张三，您好：批次 XS002 已通过。' });
    const row = await message(sent.result.messageId);
    expect(row).toMatchObject({ esSendStatus: '1', esSendNum: 1, esReceiver: 'msguser', templateCode: 'test_mail', nextTryTime: null });
    const listed = json(await admin('GET', '/message/sysMessage/list?esSendStatus=1'));
    expect(listed.result.records.find((r: { id: string }) => r.id === sent.result.messageId)).toMatchObject({
      esSendStatus_dictText: '发送成功',
      esType_dictText: '邮件',
    });
  });

  it('an SMTP outage: 发送失败 with the reason and a retry time; when the server is back the job sends it (two tries, one mail)', async () => {
    smtp.state.refuse = true;
    const before = smtp.received.length;
    const id = await enqueue(db, null, { type: '2', receiver: 'outage@example.test', title: '重试测试', content: '服务恢复后送达' });
    await deliverOne(t.deps, id);
    const failed = await message(id);
    expect(failed.esSendStatus).toBe(MsgSendStatus.failed);
    expect(failed.esResult).toMatch(/第 1 次发送失败：.*邮件服务暂不可用.*1 分钟后重试/);
    expect(failed.nextTryTime!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // not due yet: the job leaves it alone
    await deliverDue(t.deps, 100);
    expect((await message(id)).esSendNum).toBe(1);
    smtp.state.refuse = false;
    await db
      .update(sysSms)
      .set({ nextTryTime: new Date(Date.now() - 1000) })
      .where(eq(sysSms.id, id));
    await deliverDue(t.deps, 100);
    expect(await message(id)).toMatchObject({ esSendStatus: '1', esSendNum: 2 });
    expect(smtp.received.slice(before)).toEqual([{ to: 'outage@example.test', subject: '重试测试', text: '服务恢复后送达' }]);
  });

  it('an unreachable server fails with the reason; 重新发送 from 消息中心 sends it once the server is reachable', async () => {
    const config = t.deps.config;
    const real = config.smtp;
    config.smtp = { ...real!, port: 1 };
    const id = await enqueue(db, null, { type: '2', receiver: 'later@example.test', title: '不可达', content: '稍后重发' });
    await deliverOne(t.deps, id);
    expect((await message(id)).esResult).toMatch(/第 1 次发送失败：.*ECONNREFUSED/);
    config.smtp = real;
    expect(json(await admin('POST', '/message/sysMessage/resend', { id }))).toMatchObject({ success: true, message: MessageMsg.resent });
    expect(await message(id)).toMatchObject({ esSendStatus: '1' });
    expect(json(await admin('POST', '/message/sysMessage/resend', { id })).message).toBe(MessageMsg.resendOnlyFailed);
  });

  it('two deliveries racing for one message send it once (the claim is one conditional update)', async () => {
    const before = smtp.received.length;
    const id = await enqueue(db, null, { type: '2', receiver: 'once@example.test', title: '只发一次', content: 'x' });
    const [one, two, due] = await Promise.all([deliverOne(t.deps, id), deliverOne(t.deps, id), deliverDue(t.deps, 10)]);
    // whichever of the three wins the claim, it is the only one that tried
    expect([one, two].filter(Boolean).length + due.tried).toBe(1);
    expect(smtp.received.slice(before).filter((m) => m.to === 'once@example.test')).toHaveLength(1);
  });

  it('a user without a phone gets no SMS: recorded as such, not tried again; a system message lands in their bell', async () => {
    const sms = await enqueue(db, null, { type: '1', receiver: 'msguser', title: null, content: '短信内容' });
    await deliverOne(t.deps, sms);
    expect(await message(sms)).toMatchObject({ esSendStatus: '2', esResult: `未发送：${MessageMsg.noPhone}`, nextTryTime: null });
    const bell = await enqueue(db, null, { type: '4', receiver: 'msguser', title: '站内消息标题', content: '站内消息内容' });
    await deliverOne(t.deps, bell);
    expect((await message(bell)).esSendStatus).toBe('1');
    const [notice] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, '站内消息标题'));
    expect(notice.userIds).toBe(`${userId},`);
  });

  it('a business notice uses the seeded template, and a rewording in 消息模板 is what the next notice says', async () => {
    expect(await noticeText(db, 'claim_batch_closed', { batchNo: 'XS9', deadlineFact: '报销申请期限至 2027-01-01' })).toMatchObject({
      titile: '批次 XS9 已结案，请上传报销信息',
    });
    const [row] = json(await admin('GET', '/message/sysMessageTemplate/list?templateCode=claim_batch_closed')).result.records;
    const edited = json(await admin('PUT', '/message/sysMessageTemplate/edit', { ...row, templateName: '【结案】${batchNo} 请尽快报销' }));
    expect(edited.success).toBe(true);
    expect((await noticeText(db, 'claim_batch_closed', { batchNo: 'XS9', deadlineFact: 'x' })).titile).toBe('【结案】XS9 请尽快报销');
    await expect(noticeText(db, 'claim_batch_closed', { batchNo: 'XS9' })).rejects.toThrow(MessageMsg.missingVars(['deadlineFact']));
  });

  it('the SMS verification code is the 消息模板 sms_verify_code: a rewording is what the next code says', async () => {
    await rewordTemplate(db, 'sms_verify_code', { content: '验证码 ${code}，请勿外传' });
    await outboxProvider(db).send({ mobile: '13900001111', smsmode: '1', code: '246810', ip: null });
    const [sent] = await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, '13900001111'));
    expect(sent.content).toBe('验证码 246810，请勿外传');
  });

  it('hostile templates: sections, inverted sections, partials, comments and delimiter changes are refused in Chinese; an unclosed tag is a syntax error', async () => {
    for (const content of ['${#a}x${/a}', '${^a}x${/a}', '${>partial}', '${! note}', '${=<% %>=}']) {
      expect(await preview({ templateContent: content, templateTestJson: '{"a":"1"}' }), content).toMatchObject({
        success: false,
        message: MessageMsg.sectionsRefused,
      });
      expect((await addTemplate({ templateCode: 'hostile', templateName: 't', templateContent: content, templateType: '4' })).message).toBe(
        MessageMsg.sectionsRefused,
      );
    }
    expect((await preview({ templateContent: '<p>${a</p>', templateTestJson: '{"a":"1"}' })).message).toMatch(/^模板语法错误：/);
    // a lone closing brace is text, put out as typed
    expect((await preview({ templateContent: 'a} ${a}', templateTestJson: '{"a":"1"}' })).result.content).toBe('a} 1');
  });

  it('prototype keys: a name the test data does not own (constructor, toString, __proto__, .) is a missing variable; an own __proto__ key is plain data', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'a.constructor', '.']) {
      expect((await preview({ templateContent: `\${${name}}`, templateTestJson: '{"a":"1"}' })).message, name).toMatch(/^缺少模板变量：/);
    }
    const own = await preview({ templateContent: '${__proto__.polluted}', templateTestJson: '{"__proto__":{"polluted":"是"}}' });
    expect(own.result.content).toBe('是');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('HTML: a system message escapes its values and cleans unbalanced or hostile tags; the preview is exactly the notice the bell gets', async () => {
    const body = {
      templateCode: 'hostile_html',
      templateName: '提醒：${who}',
      templateContent: '<p onclick="x()">你好 ${who}<b>未闭合 ${&raw}<script>alert(1)</script>',
      templateType: '4',
      templateTestJson: JSON.stringify({ who: '<img src=x onerror=alert(1)>', raw: '<a href="javascript:alert(1)">链接</a><iframe src="//evil"></iframe>' }),
    };
    const shown = (await preview(body)).result;
    expect(shown.title).toBe('提醒：<img src=x onerror=alert(1)>');
    // the value is text on the page; the template's own event handler, script, link target and frame are gone; the tags are closed
    expect(shown.content).toBe('<p>你好 &lt;img src=x onerror=alert(1)&gt;<b>未闭合 <a>链接</a></b></p>');
    expect((await addTemplate(body)).success).toBe(true);
    const sent = await sendMsg({ templateCode: 'hostile_html', msgType: '4', receiver: 'msguser', testData: body.templateTestJson });
    expect(sent.result.esSendStatus).toBe(MsgSendStatus.sent);
    const logged = await message(sent.result.messageId);
    expect({ title: logged.esTitle, content: logged.esContent }).toEqual(shown);
    const [notice] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, shown.title));
    expect(notice.msgContent).toBe(shown.content);
  });

  it('huge input: a template, test data or rendering beyond the limits is refused with a clear message, nothing cut', async () => {
    expect((await preview({ templateContent: 'x'.repeat(4001) })).message).toBe('模板内容不能超过4000个字符');
    expect((await preview({ templateContent: '${a}', templateTestJson: JSON.stringify({ a: 'x'.repeat(4000) }) })).message).toBe('测试数据不能超过4000个字符');
    const repeated = await preview({ templateContent: '${a}'.repeat(100), templateTestJson: JSON.stringify({ a: 'y'.repeat(100) }) });
    expect(repeated).toMatchObject({ success: false, message: MessageMsg.renderedTooLong('内容', 4000) });
    expect((await preview({ templateName: '${a}', templateContent: 'x', templateTestJson: JSON.stringify({ a: 'y'.repeat(101) }) })).message).toBe(
      MessageMsg.renderedTooLong('标题', 100),
    );
    const deep = await preview({ templateContent: '${a}', templateTestJson: `${'{"a":'.repeat(500)}1${'}'.repeat(500)}` });
    expect(deep.message).toBe(MessageMsg.notScalar(['a']));
  });

  it('新消息通知 decides the channels: a notice goes by e-mail to whoever chose it, a user without a phone or e-mail is recorded as not sent (not retried, the notice still written), a muted kind or no choice sends nothing else', async () => {
    const nomailId = await t.createUser({ username: 'nomail', password: 'Passw0rd1' });
    await db.update(sysUser).set({ email: null, phone: null, realname: '赵六' }).where(eq(sysUser.id, nomailId));
    const quietId = await t.createUser({ username: 'quiet', password: 'Passw0rd1' });
    const msguser = t.as(await t.loginAs('msguser', 'Passw0rd1'));
    const nomail = t.as(await t.loginAs('nomail', 'Passw0rd1'));
    expect(json(await msguser('PUT', '/sys/account/settings/notice', { muted: ['pool'], channels: ['2', '1'] })).success).toBe(true);
    expect(json(await nomail('PUT', '/sys/account/settings/notice', { muted: [], channels: ['2'] })).success).toBe(true);
    expect(json(await nomail('PUT', '/sys/account/settings/notice', { muted: [], channels: ['9'] })).message).toBe('未知的接收渠道');
    // an older client that sends only the muted kinds keeps the channels chosen
    expect(json(await nomail('PUT', '/sys/account/settings/notice', { muted: [] })).success).toBe(true);
    expect(json(await nomail('GET', '/sys/account/settings')).result.notice).toEqual({ muted: [], channels: ['2'] });

    const before = smtp.received.length;
    const logged = async (receiver: string) => db.select().from(sysSms).where(eq(sysSms.esReceiver, receiver));
    await db.transaction((tx) =>
      writeNotice(tx, {
        titile: '银行账户审核已通过：中国银行 尾号1001',
        msgContent: '<p>您提交的银行账户已通过。</p><p>审核意见：无</p>',
        userIds: [userId, nomailId, quietId],
        sender: 'fin',
        busType: 'approval_7',
      }),
    );
    await deliverDue(t.deps, 100);
    expect(smtp.received.slice(before)).toEqual([
      { to: 'msguser@example.test', subject: '银行账户审核已通过：中国银行 尾号1001', text: expect.stringContaining('您提交的银行账户已通过。\n审核意见：无') },
    ]);
    const mine = await logged(userId);
    expect(mine.find((m) => m.esType === '2')).toMatchObject({ esSendStatus: '1', templateCode: 'mail_notice' });
    expect(mine.find((m) => m.esType === '1')).toMatchObject({
      esSendStatus: '2',
      esResult: `未发送：${MessageMsg.noPhone}`,
      nextTryTime: null,
      templateCode: 'sms_notice',
    });
    expect(await logged(nomailId)).toMatchObject([{ esType: '2', esSendStatus: '2', esResult: `未发送：${MessageMsg.noEmail}`, nextTryTime: null }]);
    expect(await logged(quietId)).toEqual([]);
    // every one of them has the notice in the bell
    const [notice] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, '银行账户审核已通过：中国银行 尾号1001'));
    expect(notice.userIds).toBe(`${userId},${nomailId},${quietId},`);

    // a kind msguser muted goes by no channel
    await db.transaction((tx) => writeNotice(tx, { titile: '资金池对账发现差异：1 个资金池', userIds: [userId], sender: 'system', busType: 'pool_reconcile' }));
    expect(await logged(userId)).toHaveLength(2);
  });

  it('an installation of the last release gets the new notice templates when it upgrades; a template an administrator reworded is kept', async () => {
    await rewordTemplate(db, 'claim_paid', { name: '改写后的付款通知 ${claimNo}' });
    await db.delete(sysSmsTemplate).where(inArray(sysSmsTemplate.templateCode, ['org_enrol_result', 'sms_notice']));
    await db.delete(sysSeed).where(inArray(sysSeed.key, ['system:message-templates:v4', 'system:message-templates:v5']));
    expect(await runSeeds(db, { adminPassword: null, seedDemo: false, announce: () => undefined })).toEqual([
      'system:message-templates:v4',
      'system:message-templates:v5',
    ]);
    const codes = (await db.select({ code: sysSmsTemplate.templateCode }).from(sysSmsTemplate)).map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['org_enrol_result', 'sms_notice']));
    expect((await db.select({ name: sysSmsTemplate.templateName }).from(sysSmsTemplate).where(eq(sysSmsTemplate.templateCode, 'claim_paid')))[0].name).toBe(
      '改写后的付款通知 ${claimNo}',
    );
  });

  it('exportXls answers a workbook of the log', async () => {
    const res = await admin('GET', '/message/sysMessage/exportXls');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('issue 38 消息中心 demo (SEED_DEMO)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));

  it('fills the log from the seeded templates: sent e-mails to accounts with an address, a failed one to resend, one waiting for its retry', async () => {
    const userId = await t.createUser({ username: 'demomail', password: 'Passw0rd1' });
    await db.update(sysUser).set({ email: 'demomail@example.test', realname: '李四' }).where(eq(sysUser.id, userId));
    const { seedMessageDemo } = await import('./message.demo.ts');
    await seedMessageDemo(db);
    const list = json(await admin('GET', '/message/sysMessage/list?pageSize=50'));
    const records = list.result.records as { esReceiver: string; esSendStatus: string; esTitle: string; esContent: string; nextTryTime: string | null }[];
    expect(records.find((r) => r.esReceiver === 'demomail@example.test')).toMatchObject({ esSendStatus: '1', esTitle: '账号开通通知' });
    expect(records.find((r) => r.esReceiver === 'demomail@example.test')!.esContent).toContain('李四，您好');
    expect(records.filter((r) => r.esSendStatus === '2' && r.nextTryTime === null)).toHaveLength(1);
    expect(records.filter((r) => r.esSendStatus === '2' && r.nextTryTime !== null)).toHaveLength(1);
  });
});
