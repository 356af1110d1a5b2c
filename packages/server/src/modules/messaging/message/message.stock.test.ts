import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { MsgSendStatus } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, multipart } from '../../../test/harness.ts';
import { sysSms, sysSmsTemplate } from './message.table.ts';
import { startTestSmtp } from './smtp.testkit.ts';

/**
 * Issue 38 "Compatibility": /message/sysMessageTemplate/* and /message/sysMessage/* answer the stock
 * JeecgBoot 2.3 client's two screens (SysMessageTemplateList / SysMessageList and their modals) with the
 * stock shapes — SysMessageTemplateController and SysMessageController: list pages, queryById ?id=,
 * add POST, edit PUT, delete DELETE ?id=, deleteBatch DELETE ?ids=a,b, exportXls, importExcel, and
 * sendMsg with MsgParams (msgType, receiver, templateCode, testData as JSON text).
 */
describe('issue 38 compatibility: the stock client’s 消息模板 and 消息中心 screens against /message/*', async () => {
  const smtp = await startTestSmtp();
  afterAll(() => smtp.close());
  const t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'noreply@sbwq.test' });
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const admin = t.as(token);
  const upload = (path: string, content: Buffer) => {
    const body = multipart({ filename: 'import.xlsx', content });
    return t.inject({ method: 'POST', url: t.api(path), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } });
  };
  // what SysMessageTemplateModal posts: its form's fields
  const stockTemplate = (code: string) => ({
    templateCode: code,
    templateName: '通知 ${name}',
    templateContent: '${name}，您好：这是一条测试消息。',
    templateType: '2',
    templateTestJson: '{"name":"张三"}',
  });
  const templateIdOf = async (code: string) =>
    (await db.select({ id: sysSmsTemplate.id }).from(sysSmsTemplate).where(eq(sysSmsTemplate.templateCode, code)))[0]?.id;

  it('消息模板: list is a page (records, total, size, current, pages) with the type text; queryById ?id=; edit by PUT with the record as the modal sends it; delete ?id= and deleteBatch ?ids=', async () => {
    for (const code of ['stock_a', 'stock_b', 'stock_c'])
      expect((await json(await admin('POST', '/message/sysMessageTemplate/add', stockTemplate(code)))).success).toBe(true);
    const page = json(await admin('GET', '/message/sysMessageTemplate/list?pageNo=1&pageSize=2&templateCode=stock_*&column=createTime&order=desc'));
    expect(page.success).toBe(true);
    expect(page.result).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(page.result.records).toHaveLength(2);
    expect(page.result.records[0]).toMatchObject({ templateType: '2', templateType_dictText: '邮件' });

    const id = await templateIdOf('stock_a');
    const byId = json(await admin('GET', `/message/sysMessageTemplate/queryById?id=${id}`));
    expect(byId).toMatchObject({ success: true, result: { id, templateCode: 'stock_a', templateTestJson: '{"name":"张三"}' } });
    // the modal sends the whole record back (audit columns and dictionary texts included)
    const edited = json(await admin('PUT', '/message/sysMessageTemplate/edit', { ...byId.result, templateName: '改过的通知 ${name}' }));
    expect(edited.success).toBe(true);
    expect(json(await admin('GET', `/message/sysMessageTemplate/queryById?id=${id}`)).result.templateName).toBe('改过的通知 ${name}');

    expect(json(await admin('DELETE', `/message/sysMessageTemplate/delete?id=${id}`))).toMatchObject({ success: true, message: '删除成功!' });
    const rest = [await templateIdOf('stock_b'), await templateIdOf('stock_c')];
    expect(json(await admin('DELETE', `/message/sysMessageTemplate/deleteBatch?ids=${rest.join(',')},`)).success).toBe(true);
    expect(
      await db
        .select()
        .from(sysSmsTemplate)
        .where(inArray(sysSmsTemplate.templateCode, ['stock_a', 'stock_b', 'stock_c'])),
    ).toEqual([]);
  });

  it('消息模板: exportXls answers a workbook that importExcel takes back (the rows deleted in between come back as they were)', async () => {
    expect(json(await admin('POST', '/message/sysMessageTemplate/add', stockTemplate('stock_round'))).success).toBe(true);
    const id = await templateIdOf('stock_round');
    const exported = await admin('GET', `/message/sysMessageTemplate/exportXls?selections=${id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(json(await admin('DELETE', `/message/sysMessageTemplate/delete?id=${id}`)).success).toBe(true);
    const imported = json(await upload('/message/sysMessageTemplate/importExcel', exported.rawPayload));
    expect(imported.success).toBe(true);
    const [back] = await db.select().from(sysSmsTemplate).where(eq(sysSmsTemplate.templateCode, 'stock_round'));
    expect(back).toMatchObject({
      templateName: '通知 ${name}',
      templateContent: '${name}，您好：这是一条测试消息。',
      templateType: '2',
      templateTestJson: '{"name":"张三"}',
    });
  });

  it('sendMsg with the stock MsgParams (testData the JSON text): the message is queued and the mail arrives; testData that is not JSON → 解析Json出错！', async () => {
    expect(json(await admin('POST', '/message/sysMessageTemplate/add', stockTemplate('stock_send'))).success).toBe(true);
    const send = async (testData: string) =>
      json(await admin('POST', '/message/sysMessageTemplate/sendMsg', { msgType: '2', receiver: 'stock@example.test', templateCode: 'stock_send', testData }));
    expect(await send('{"name":"李四"}')).toMatchObject({ success: true, message: '发送消息任务添加成功！' });
    expect(smtp.received).toContainEqual({ to: 'stock@example.test', subject: '通知 李四', text: '李四，您好：这是一条测试消息。' });
    expect(await send('{name')).toMatchObject({ success: false, message: '解析Json出错！' });
  });

  it('消息中心: SysMessageModal’s body (esSendTime as text, esSendStatus, esSendNum, esResult) adds a queued message; queryById, edit by PUT, delete, deleteBatch; importExcel of an exported log queues its rows again', async () => {
    // the mail server refuses while this runs: the message stays unsent, so it can be edited
    smtp.state.refuse = true;
    onTestFinished(() => void (smtp.state.refuse = false));
    const added = json(
      await admin('POST', '/message/sysMessage/add', {
        esTitle: '手工消息',
        esContent: '请查收',
        esParam: '{}',
        esReceiver: 'nobody-yet@example.test',
        esType: '2',
        esSendTime: '2026-11-29 08:00:00',
        esSendStatus: '1',
        esSendNum: 3,
        esResult: '',
        remark: '库存客户端',
      }),
    );
    expect(added.success).toBe(true);
    const [row] = await db.select().from(sysSms).where(eq(sysSms.esTitle, '手工消息'));
    // what is sent and how often is the log's own record, never the form's
    expect(row).toMatchObject({ esReceiver: 'nobody-yet@example.test', esType: '2', remark: '库存客户端' });
    expect(row.esSendStatus).not.toBe(MsgSendStatus.sent);
    expect(row.esSendNum).toBeLessThan(2);

    const list = json(await admin('GET', '/message/sysMessage/list?pageNo=1&pageSize=10&esReceiver=nobody-yet@example.test'));
    expect(list.result).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(list.result.records[0]).toMatchObject({ id: row.id, esType_dictText: '邮件', esSendStatus_dictText: expect.any(String) });

    const byId = json(await admin('GET', `/message/sysMessage/queryById?id=${row.id}`));
    expect(byId).toMatchObject({ success: true, result: { id: row.id, esContent: '请查收' } });
    expect(json(await admin('PUT', '/message/sysMessage/edit', { ...byId.result, esContent: '请查收（改）' })).success).toBe(true);
    expect(json(await admin('GET', `/message/sysMessage/queryById?id=${row.id}`)).result.esContent).toBe('请查收（改）');

    const exported = await admin('GET', `/message/sysMessage/exportXls?selections=${row.id}`);
    expect(exported.statusCode).toBe(200);
    const imported = json(await upload('/message/sysMessage/importExcel', exported.rawPayload));
    expect(imported.success).toBe(true);
    const copies = await db.select().from(sysSms).where(eq(sysSms.esReceiver, 'nobody-yet@example.test'));
    expect(copies).toHaveLength(2);
    expect(copies.every((m) => m.esTitle === '手工消息' && m.esType === '2')).toBe(true);

    const [one, two] = copies.map((m) => m.id);
    expect(json(await admin('DELETE', `/message/sysMessage/delete?id=${one}`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(json(await admin('DELETE', `/message/sysMessage/deleteBatch?ids=${two}`)).success).toBe(true);
    expect(await db.select().from(sysSms).where(eq(sysSms.esReceiver, 'nobody-yet@example.test'))).toEqual([]);
  });
});
