import ExcelJS from 'exceljs';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, AuditStatus, chinaToday, computeExpireDate, RightsMsg } from '@sbwq/contracts';
import { multipart, RoleId } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { toWorkbook } from '../../../platform/excel/excel.ts';
import { sysUserRole } from '../../identity/user/user.table.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { certifiedOrg, rightsRig, trademarkForm, type Rig } from '../shared/test-fixtures.ts';
import { rightsRight } from './right.table.ts';

/** The registration date whose ten-year term ends on `expire`. */
function regDateFor(expire: string): string {
  const [y, m, d] = expire.split('-').map(Number);
  const reg = new Date(Date.UTC(y - 10, m - 1, d + 1)).toISOString().slice(0, 10);
  return computeExpireDate(reg) === expire ? reg : regDateFor(addDays(expire, -1));
}

const mark = trademarkForm;

async function importFile(rig: Rig, token: string, buffer: Buffer) {
  const body = multipart({ filename: '受保护权利.xlsx', content: buffer });
  return rig.inject({
    method: 'POST',
    url: rig.api('/rights/right/importExcel'),
    payload: body.payload,
    headers: { ...body.headers, 'X-Access-Token': token },
  });
}

describe('DOMAIN protected-rights record: drafts, review, scope, derived flags, Excel', async () => {
  const rig = await rightsRig();
  const db = rig.database.db;
  const reviewer = await rig.staff('rev1', [RoleId.reviewer]);
  const reviewer2 = await rig.staff('rev2', [RoleId.reviewer]);
  const finance = await rig.staff('fin', [RoleId.finance]);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const b = await certifiedOrg(rig, reviewer.token, 2, { holder: true });
  const approvalsOf = (bizId: string) => db.select().from(rightsApproval).where(eq(rightsApproval.bizId, bizId));
  const status = async (id: string) => (await db.select().from(rightsRight).where(eq(rightsRight.id, id)))[0].auditStatus;

  let first = '';
  it('add: a draft (草稿) with its mark image and authorisation PDF; 专用权期限 computed; files linked in 文件信息', async () => {
    const markImage = await rig.upload(a.token, 'png');
    const authLetter = await rig.upload(a.token, 'pdf');
    const res = await rig.call(a.token, 'POST', '/rights/right/add', mark(1, { markImage, authLetter, regDate: '2016-03-14' }));
    expect(res).toMatchObject({ success: true, message: RightsMsg.added });
    first = res.result;
    const detail = (await rig.call(a.token, 'GET', `/rights/right/queryById?id=${first}`)).result;
    expect(detail).toMatchObject({
      trademarkName: '华光1',
      markImage,
      authLetter,
      regDate: '2016-03-14',
      expireDate: '2026-03-13',
      auditStatus: '3',
      auditStatus_dictText: '草稿',
      niceClass_dictText: expect.stringContaining('第2类'),
      trademarkType_dictText: '普通商标',
      legalStatus_dictText: '注册有效',
      orgName: '测试知识产权代理有限公司1',
      editable: true,
    });
    const files = await db.select().from(sbFileInfo).where(eq(sbFileInfo.bizId, first));
    expect(files.map((f) => [f.filePath, f.bizType, f.fileType]).sort()).toEqual(
      [
        [markImage, 'rights_right', '10'],
        [authLetter, 'rights_right', '2'],
      ].sort(),
    );
  });

  it('file rules: the mark image is an image, the letter a PDF, and both the organisation’s own uploads', async () => {
    const pdf = await rig.upload(a.token, 'pdf');
    const png = await rig.upload(a.token, 'png');
    expect((await rig.call(a.token, 'POST', '/rights/right/add', mark(2, { markImage: pdf }))).message).toBe(RightsMsg.fileNotImage);
    expect((await rig.call(a.token, 'POST', '/rights/right/add', mark(2, { authLetter: png }))).message).toBe(RightsMsg.fileNotPdf);
    const foreign = await rig.upload(b.token, 'png');
    expect((await rig.call(a.token, 'POST', '/rights/right/add', mark(2, { markImage: foreign }))).message).toContain(RightsMsg.fileNotVisible);
    expect((await rig.call(a.token, 'POST', '/rights/right/add', mark(2, { markImage: `/jeecg-boot/sys/common/static/${png}` }))).success).toBe(true);
  });

  it('validation through the shared schema; one mark per 注册号 + 国际分类 within an organisation; injection text stays text', async () => {
    for (const [patch, message] of [
      [{ niceClass: '46' }, '国际分类应为第1类至第45类'],
      [{ regNo: "1' or '1'='1" }, '注册号应为'],
      [{ regDate: '2999-01-01' }, '注册日期不能晚于今天'],
      [{ trademarkName: '' }, '请输入商标名称'],
      [{ authStartDate: '2030-01-01', authEndDate: '2029-01-01' }, '授权期限不能早于授权开始日期'],
    ] as const) {
      const res = await rig.call(a.token, 'POST', '/rights/right/add', mark(3, patch));
      expect(res.success, JSON.stringify(patch)).toBe(false);
      expect(res.message).toContain(message);
    }
    expect((await rig.call(a.token, 'POST', '/rights/right/add', mark(1))).message).toBe(RightsMsg.rightDuplicate);
    expect((await rig.call(b.token, 'POST', '/rights/right/add', mark(1))).success).toBe(true);
    const evil = `<img src=x onerror=alert(1)>'; drop table rights_right; --`;
    const id = (await rig.call(a.token, 'POST', '/rights/right/add', mark(4, { trademarkName: evil, registrant: evil, goodsServices: evil }))).result;
    expect((await rig.call(a.token, 'GET', `/rights/right/queryById?id=${id}`)).result).toMatchObject({
      trademarkName: evil,
      registrant: evil,
      goodsServices: evil,
    });
    expect((await rig.call(a.token, 'GET', `/rights/right/list?trademarkName=${encodeURIComponent('*drop table*')}`)).result.total).toBe(1);
  });

  it("scope: an organisation sees only its records; another organisation's record is refused for read, edit, submit and delete", async () => {
    const mine = (await rig.call(a.token, 'GET', '/rights/right/list?pageSize=100')).result;
    expect(mine.records.every((r: { orgId: string }) => r.orgId === a.orgId)).toBe(true);
    const theirs = (await rig.call(b.token, 'GET', '/rights/right/list?pageSize=100')).result;
    expect(theirs.total).toBe(1);
    expect((await rig.call(b.token, 'GET', `/rights/right/list?orgId=${a.orgId}`)).result.total).toBe(0);
    // staff see every organisation's submitted records, but nobody's drafts (a draft is its organisation's alone)
    const all = (await rig.call(finance.token, 'GET', '/rights/right/list?pageSize=100')).result;
    const submitted = await db
      .select()
      .from(rightsRight)
      .where(and(eq(rightsRight.delFlag, '0'), ne(rightsRight.auditStatus, '3')));
    expect(all.total).toBe(submitted.length);
    expect(all.total).toBeLessThan(mine.total + theirs.total);
    expect(all.records.every((r: { editable: boolean }) => !r.editable)).toBe(true);
    for (const res of [
      await rig.call(b.token, 'GET', `/rights/right/queryById?id=${first}`),
      await rig.call(b.token, 'PUT', '/rights/right/edit', mark(1, { id: first, trademarkName: '篡改' })),
      await rig.call(b.token, 'POST', '/rights/right/submit', { ids: first }),
      await rig.call(b.token, 'DELETE', `/rights/right/delete?id=${first}`),
      await rig.call(b.token, 'DELETE', `/rights/right/deleteBatch?ids=${first},`),
    ]) {
      expect(res).toMatchObject({ success: false, message: RightsMsg.notFound });
    }
    expect((await db.select().from(rightsRight).where(eq(rightsRight.id, first)))[0]).toMatchObject({ trademarkName: '华光1', auditStatus: '3', delFlag: '0' });
  });

  it('DOMAIN flow: edit in 草稿 → submit → 待审核 (not editable, not deletable) → reviewer approves with an approval record', async () => {
    expect((await rig.call(a.token, 'PUT', '/rights/right/edit', mark(1, { id: first, regDate: '2016-03-01', markImage: undefined }))).success).toBe(true);
    expect((await db.select().from(rightsRight).where(eq(rightsRight.id, first)))[0]).toMatchObject({ expireDate: '2026-02-28', markImage: null });
    expect((await rig.call(a.token, 'POST', '/rights/right/submit', { ids: `${first},` })).message).toBe(RightsMsg.rightSubmitted);
    expect(await status(first)).toBe('0');
    expect((await rig.call(a.token, 'PUT', '/rights/right/edit', mark(1, { id: first }))).message).toBe(RightsMsg.rightNotEditable);
    expect((await rig.call(a.token, 'DELETE', `/rights/right/delete?id=${first}`)).message).toBe(RightsMsg.rightNotDeletable);
    expect((await rig.call(a.token, 'POST', '/rights/right/submit', { ids: first })).message).toBe(RightsMsg.rightNotSubmittable);
    const todo = (await rig.call(reviewer.token, 'GET', '/rights/approval/todo?bizType=3')).result;
    expect(todo.records.find((r: { bizId: string }) => r.bizId === first)).toMatchObject({
      bizType_dictText: '权利备案',
      orgName: '测试知识产权代理有限公司1',
      submitByName: 'org1-姓名',
    });
    expect(
      (
        await rig.inject({
          method: 'POST',
          url: rig.api('/rights/right/approve'),
          headers: { 'X-Access-Token': a.token },
          payload: { id: first, result: 'pass' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id: first, result: 'pass', opinion: '与注册证一致' })).message).toBe(
      RightsMsg.rightApproved,
    );
    expect(await status(first)).toBe('1');
    const [record] = await approvalsOf(first);
    expect(record).toMatchObject({ bizType: '3', node: '1', result: '1', orgId: a.orgId, approverId: reviewer.id });
    expect((await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id: first, result: 'reject', opinion: '再审' })).message).toBe(
      RightsMsg.rightNotPending,
    );
    expect(await approvalsOf(first)).toHaveLength(1);
    expect((await rig.call(a.token, 'PUT', '/rights/right/edit', mark(1, { id: first }))).message).toBe(RightsMsg.rightNotEditable);
  });

  it('撤回 (issue 37): 待审核 → 草稿 by its own organisation before the reviewer decides; then editable and submitted again', async () => {
    const id = (await rig.call(a.token, 'POST', '/rights/right/add', mark(16))).result;
    expect((await rig.call(a.token, 'POST', '/rights/right/withdraw', { id })).message).toBe(RightsMsg.rightNotWithdrawable);
    await rig.call(a.token, 'POST', '/rights/right/submit', { ids: id });
    expect((await rig.call(b.token, 'POST', '/rights/right/withdraw', { id })).message).toBe(RightsMsg.notFound);
    const asReviewer = await rig.inject({
      method: 'POST',
      url: rig.api('/rights/right/withdraw'),
      headers: { 'X-Access-Token': reviewer.token },
      payload: { id },
    });
    expect(asReviewer.statusCode).toBe(403);
    expect(await status(id)).toBe(AuditStatus.pending);
    expect(await rig.call(a.token, 'POST', '/rights/right/withdraw', { id })).toMatchObject({ success: true, message: RightsMsg.rightWithdrawn });
    expect(await status(id)).toBe(AuditStatus.draft);
    expect((await rig.call(a.token, 'GET', `/rights/right/queryById?id=${id}`)).result).toMatchObject({ editable: true });
    const todo = (await rig.call(reviewer.token, 'GET', '/rights/approval/todo?bizType=3&pageSize=100')).result;
    expect(todo.records.some((r: { bizId: string }) => r.bizId === id)).toBe(false);
    expect((await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id, result: 'pass' })).message).toBe(RightsMsg.rightNotPending);
    expect(await approvalsOf(id)).toHaveLength(0);
    expect((await rig.call(a.token, 'POST', '/rights/right/withdraw', { id })).message).toBe(RightsMsg.rightNotWithdrawable);
    expect((await rig.call(a.token, 'POST', '/rights/right/submit', { ids: id })).message).toBe(RightsMsg.rightSubmitted);
    expect(await status(id)).toBe(AuditStatus.pending);
  });

  it('rejected with reasons → edited → resubmitted; the organisation sees its history, not others’', async () => {
    const id = (await rig.call(a.token, 'POST', '/rights/right/add', mark(5))).result;
    await rig.call(a.token, 'POST', '/rights/right/submit', { ids: id });
    expect((await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id, result: 'reject' })).message).toBe(RightsMsg.opinionRequired);
    expect((await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id, result: 'reject', opinion: '注册号与图样不符' })).message).toBe(
      RightsMsg.rightRejected,
    );
    expect((await rig.call(a.token, 'GET', `/rights/right/queryById?id=${id}`)).result).toMatchObject({
      auditStatus: '2',
      auditOpinion: '注册号与图样不符',
      editable: true,
    });
    expect((await rig.call(a.token, 'PUT', '/rights/right/edit', mark(5, { id, regNo: '30000105' }))).success).toBe(true);
    expect((await rig.call(a.token, 'POST', '/rights/right/submit', { ids: id })).success).toBe(true);
    const history = (await rig.call(a.token, 'GET', '/rights/approval/list?bizType=3')).result;
    expect(history.records.every((r: { orgId: string }) => r.orgId === a.orgId)).toBe(true);
    expect(history.total).toBe(2);
    expect((await rig.call(b.token, 'GET', '/rights/approval/list?bizType=3')).result.total).toBe(0);
    expect((await rig.call(b.token, 'GET', `/rights/approval/list?bizId=${id}`)).result.total).toBe(0);
  });

  it('self-approval refused; parallel approvals: exactly one succeeds and one record is written', async () => {
    await db.insert(sysUserRole).values({ id: newId(), userId: a.userId, roleId: RoleId.reviewer });
    const id = (await rig.call(a.token, 'POST', '/rights/right/add', mark(6))).result;
    await rig.call(a.token, 'POST', '/rights/right/submit', { ids: id });
    expect((await rig.call(a.token, 'POST', '/rights/right/approve', { id, result: 'pass' })).message).toBe(RightsMsg.selfApproval);
    expect(await approvalsOf(id)).toHaveLength(0);
    await db.delete(sysUserRole).where(and(eq(sysUserRole.userId, a.userId), eq(sysUserRole.roleId, RoleId.reviewer)));
    const results = await Promise.all([
      rig.call(reviewer.token, 'POST', '/rights/right/approve', { id, result: 'pass' }),
      rig.call(reviewer2.token, 'POST', '/rights/right/approve', { id, result: 'pass' }),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)!.message).toBe(RightsMsg.rightNotPending);
    expect(await approvalsOf(id)).toHaveLength(1);
  });

  it('derived flags on read (即将到期, 宽展期, 已过期, 授权过期) and the expiry filters', async () => {
    const today = chinaToday();
    const cases = {
      soon: { regDate: regDateFor(addDays(today, 40)) },
      grace: { regDate: regDateFor(addDays(today, -40)) },
      expired: { regDate: regDateFor(addDays(today, -400)) },
      auth: { regDate: '2020-01-01', authStartDate: '2020-01-01', authEndDate: addDays(today, -1) },
      fine: { regDate: '2020-01-01' },
    };
    const ids: Record<string, string> = {};
    let n = 100;
    for (const [key, patch] of Object.entries(cases)) ids[key] = (await rig.call(b.token, 'POST', '/rights/right/add', mark(n++, patch))).result;
    const detail = async (key: string) => (await rig.call(b.token, 'GET', `/rights/right/queryById?id=${ids[key]}`)).result;
    expect(await detail('soon')).toMatchObject({ expiringSoon: true, inGracePeriod: false, expired: false, authExpired: false, flagTexts: ['即将到期'] });
    expect(await detail('grace')).toMatchObject({ expiringSoon: false, inGracePeriod: true, expired: false, flagTexts: ['宽展期'] });
    expect(await detail('expired')).toMatchObject({ inGracePeriod: false, expired: true, flagTexts: ['已过期'] });
    expect(await detail('auth')).toMatchObject({ authExpired: true, flagTexts: ['授权过期'] });
    expect((await detail('fine')).flagTexts).toEqual([]);
    const filtered = async (query: string) =>
      (await rig.call(b.token, 'GET', `/rights/right/list?pageSize=100&${query}`)).result.records.map((r: { id: string }) => r.id);
    expect(await filtered('expiryFlag=expiringSoon')).toEqual([ids.soon]);
    expect(await filtered('expiryFlag=inGracePeriod')).toEqual([ids.grace]);
    expect(await filtered('expiryFlag=expired')).toEqual([ids.expired]);
    expect(await filtered('expiryFlag=authExpired')).toEqual([ids.auth]);
    expect(await filtered(`expireDate_begin=${today}&expireDate_end=${addDays(today, 60)}`)).toEqual([ids.soon]);
    expect((await rig.call(b.token, 'GET', '/rights/right/list?expiryFlag=bogus')).success).toBe(false);
  });

  it('search by name, registration number, class, owner and legal status; sort columns are whitelisted', async () => {
    const q = async (query: string) => (await rig.call(a.token, 'GET', `/rights/right/list?pageSize=100&${query}`)).result;
    expect((await q('trademarkName=*华光5*')).records.map((r: { trademarkName: string }) => r.trademarkName)).toEqual(['华光5']);
    expect((await q('regNo=30000006')).total).toBe(1);
    expect((await q('niceClass=7')).records.every((r: { niceClass: string }) => r.niceClass === '7')).toBe(true);
    expect((await q(`registrant=${encodeURIComponent('*品牌*')}`)).total).toBeGreaterThan(0);
    expect((await q('legalStatus=2')).total).toBe(0);
    expect((await q('column=expireDate&order=asc')).records.length).toBeGreaterThan(0);
    expect((await rig.call(a.token, 'GET', '/rights/right/list?column=orgId;drop')).success).toBe(false);
  });

  it('bad list parameters answer 400 with a message, never 500', async () => {
    for (const [url, q] of [
      ['/rights/right/list', 'expireDate_begin=2026-13-45'],
      ['/rights/right/list', 'regDate=2026-02-30'],
      ['/rights/right/list', 'regDate=2026-01-01,2026-02-31'],
      ['/rights/right/list', 'createTime_begin=2026-01-01 25:00:00'],
      ['/rights/right/list', 'pageNo=abc'],
      ['/rights/right/list', 'column=regNo;drop table x'],
      ['/rights/approval/list', 'approveTime_begin=2026-99-99'],
      ['/rights/org/list', 'createTime_end=2026-02-30'],
      ['/rights/bank/list', 'createTime_end=2026-02-30'],
    ]) {
      const res = await rig.inject({ url: rig.api(`${url}?${q}`), headers: { 'X-Access-Token': finance.token } });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success, q).toBe(false);
    }
  });

  it('Excel: export with the current filters, import into another organisation as drafts, a second import reports every row', async () => {
    const res = await rig.inject({ url: rig.api('/rights/right/exportXls?column=regNo&order=asc'), headers: { 'X-Access-Token': a.token } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const exported = (await rig.call(a.token, 'GET', '/rights/right/list?pageSize=100')).result.total;
    expect(sheet.rowCount).toBe(exported + 2);
    expect(sheet.getRow(2).getCell(1).value).toBe('商标名称');
    const evilRow = [...Array(sheet.rowCount - 2).keys()].map((i) => sheet.getRow(i + 3)).find((r) => String(r.getCell(1).value).includes('drop table'));
    expect(evilRow).toBeDefined();

    const c = await certifiedOrg(rig, reviewer.token, 3);
    const imported = await importFile(rig, c.token, res.rawPayload);
    expect(imported.json()).toMatchObject({ success: true, code: 200, result: { totalCount: exported, successCount: exported, errorCount: 0 } });
    const mine = (await rig.call(c.token, 'GET', '/rights/right/list?pageSize=100')).result;
    expect(mine.total).toBe(exported);
    expect(mine.records.every((r: { auditStatus: string; orgId: string }) => r.auditStatus === '3' && r.orgId === c.orgId)).toBe(true);
    const original = (await rig.call(a.token, 'GET', `/rights/right/queryById?id=${first}`)).result;
    const copy = mine.records.find((r: { regNo: string; niceClass: string }) => r.regNo === original.regNo && r.niceClass === original.niceClass);
    expect(copy).toMatchObject({
      trademarkName: original.trademarkName,
      regDate: original.regDate,
      expireDate: original.expireDate,
      goodsServices: original.goodsServices,
      legalStatus: '1',
      authEndDate: original.authEndDate,
    });
    const again = (await importFile(rig, c.token, res.rawPayload)).json();
    expect(again).toMatchObject({ code: 201, message: '文件导入成功，但有错误。', result: { successCount: 0, errorCount: exported } });
    expect(again.result.errors[0]).toMatchObject({ row: 3, message: expect.stringContaining('本机构已登记') });
  });

  it('import reports bad rows by number and reason and keeps the good ones', async () => {
    const columns = ['商标名称', '注册号', '国际分类', '注册人', '注册日期', '法律状态'].map((title, i) => ({ title, key: `c${i}` }));
    const rows = [
      { c0: '好商标', c1: '40000001', c2: '第9类 科学仪器（商品）', c3: '某公司', c4: '2019-01-02', c5: '注册有效' },
      { c0: '坏分类', c1: '40000002', c2: '46', c3: '某公司', c4: '2019-01-02', c5: '' },
      { c0: '坏日期', c1: '40000003', c2: '9', c3: '某公司', c4: '2019-02-30', c5: '' },
      { c0: '重复', c1: '40000001', c2: '9', c3: '某公司', c4: '2019-01-02', c5: '' },
      { c0: '=HYPERLINK("http://evil")', c1: '40000004', c2: '9', c3: '某公司', c4: '2019-01-02', c5: '' },
    ];
    const buffer = await toWorkbook('受保护权利', columns, rows);
    const res = (await importFile(rig, b.token, buffer)).json();
    expect(res).toMatchObject({ code: 201, result: { totalCount: 5, successCount: 2, errorCount: 3 } });
    expect(res.result.errors).toEqual([
      { row: 4, message: '国际分类应为第1类至第45类' },
      { row: 5, message: '注册日期格式应为 YYYY-MM-DD' },
      { row: 6, message: expect.stringContaining('与第 3 行重复') },
    ]);
    const formula = (await rig.call(b.token, 'GET', '/rights/right/list?regNo=40000004')).result.records[0];
    expect(formula.trademarkName).toBe('=HYPERLINK("http://evil")');
    const notXlsx = multipart({ filename: 'a.xlsx', content: Buffer.from('not a zip') });
    const bad = await rig.inject({
      method: 'POST',
      url: rig.api('/rights/right/importExcel'),
      payload: notXlsx.payload,
      headers: { ...notXlsx.headers, 'X-Access-Token': b.token },
    });
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().success).toBe(false);
  });
  it('the import template is the header the import reads, for those who may import', async () => {
    const res = await rig.inject({ url: rig.api('/rights/right/importTemplate'), headers: { 'X-Access-Token': a.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('受保护权利导入模板.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).filter(Boolean)).toEqual([
      '商标名称',
      '注册号',
      '国际分类',
      '核定商品/服务',
      '商标类型',
      '注册人',
      '注册人地址',
      '注册日期',
      '法律状态',
      '授权机构',
      '授权开始日期',
      '授权期限',
      '备注',
    ]);
    expect((await importFile(rig, a.token, res.rawPayload)).json()).toMatchObject({ success: true, result: { totalCount: 0 } });
    expect((await rig.inject({ url: rig.api('/rights/right/importTemplate'), headers: { 'X-Access-Token': reviewer.token } })).statusCode).toBe(403);
  });
});
