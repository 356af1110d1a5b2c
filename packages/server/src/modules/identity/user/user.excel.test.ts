import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, multipart, RoleId } from '../../../test/harness.ts';
import { xlsxSheet } from '../../../test/excel.ts';
import { sysUser } from './user.table.ts';

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('用户');
  ws.addRow(['用户导入']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('用户 导出/导入 (Excel)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const headers = { 'X-Access-Token': admin };
  const upload = async (content: Buffer, filename = 'users.xlsx', token = admin) => {
    const body = multipart({ filename, content });
    return t.inject({ method: 'POST', url: t.api('/sys/user/importExcel'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } });
  };

  it('imports valid rows and reports each skipped row with its number and reason', async () => {
    const file = await sheet([
      ['用户账号', '姓名', '初始密码', '性别', '手机号', '邮箱', '工号', '部门编码', '角色编码'],
      ['imp.one', '导入一', 'Import1234', '男', '13900000001', 'one@example.org.cn', 'I001', 'A01A02', 'reviewer'],
      ['imp.two', '导入二', 'Import1234', '女', '', '', '', 'A01A03', 'finance,reviewer'],
      ['imp.one', '重复账号', 'Import1234', '', '', '', '', '', ''],
      ['bad name!', '坏账号', 'Import1234', '', '', '', '', '', ''],
      ['imp.weak', '弱密码', '123', '', '', '', '', '', ''],
      ['imp.dept', '坏部门', 'Import1234', '', '', '', '', 'Z99', ''],
      ['imp.role', '坏角色', 'Import1234', '', '', '', '', '', "admin' --"],
      ['imp.phone', '重复手机', 'Import1234', '', '13900000001', '', '', '', ''],
      ['=cmd|calc', '公式', 'Import1234', '', '', '', '', '', ''],
    ]);
    const res = json(await upload(file));
    expect(res.code).toBe(201);
    expect(res.message).toBe('文件导入成功，但有错误。');
    expect(res.result).toMatchObject({ totalCount: 9, successCount: 2, errorCount: 7 });
    const byRow = Object.fromEntries(res.result.errors.map((e: { row: number; message: string }) => [e.row, e.message]));
    expect(byRow[5]).toBe('与第 3 行重复');
    expect(byRow[6]).toContain('用户账号');
    expect(byRow[7]).toContain('密码至少8位');
    expect(byRow[8]).toContain('部门编码“Z99”不存在');
    expect(byRow[9]).toContain('不存在');
    expect(byRow[10]).toBe('与第 3 行重复');
    const two = json(await t.inject({ url: t.api('/sys/user/list?username=imp.two'), headers })).result.records[0];
    expect(two).toMatchObject({ realname: '导入二', sex: 2, orgCodeTxt: '财务部' });
    expect(json(await t.inject({ url: t.api(`/sys/user/queryUserRole?userid=${two.id}`), headers })).result.sort()).toEqual(
      [RoleId.finance, RoleId.reviewer].sort(),
    );
    expect(await t.loginAs('imp.one', 'Import1234')).toBeTruthy();
  });

  it('a file without the required header, a non-xlsx file or a broken one is refused with a message and imports nothing', async () => {
    const before = (await db.select().from(sysUser)).length;
    expect(
      json(
        await upload(
          await sheet([
            ['账号', '名字'],
            ['x', 'y'],
          ]),
        ),
      ).message,
    ).toContain('未找到表头');
    expect(json(await upload(Buffer.from('a,b,c'), 'users.csv')).message).toBe('只支持 .xlsx 格式的 Excel 文件');
    expect(json(await upload(Buffer.from('PK not really a zip'), 'users.xlsx')).message).toBe('文件不是有效的 Excel（.xlsx）文件');
    expect((await db.select().from(sysUser)).length).toBe(before);
  });

  it('export writes the current filter (or the selected rows) to an xlsx that can be imported again', async () => {
    const res = await t.inject({ url: t.api('/sys/user/exportXls?username=imp*'), headers });
    const ws = await xlsxSheet(res);
    expect(ws.getRow(2).getCell(1).value).toBe('用户账号');
    const names = [3, 4].map((r) => ws.getRow(r).getCell(1).value).sort();
    expect(names).toEqual(['imp.one', 'imp.two']);
    expect(ws.getRow(3).getCell(7).value).toMatch(/^A01A0[23]$/);
    const one = (await db.select().from(sysUser).where(eq(sysUser.username, 'imp.one')))[0];
    const selected = await t.inject({ url: t.api(`/sys/user/exportXls?selections=${one.id}`), headers });
    expect((await xlsxSheet(selected)).rowCount).toBe(3);
  });

  it('下载模板: the template has the import header row, and a row filled into it imports', async () => {
    const res = await t.inject({ url: t.api('/sys/user/importTemplate'), headers });
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('用户导入模板.xlsx'));
    const ws = await xlsxSheet(res);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['用户账号', '姓名', '初始密码', '性别', '手机号', '邮箱', '工号', '部门编码', '角色编码']);
    expect(ws.rowCount).toBe(2);
    ws.addRow(['imp.tpl', '模板导入', 'Import1234', '', '', '', '', '', '']);
    const answer = json(await upload(Buffer.from(await ws.workbook.xlsx.writeBuffer())));
    expect(answer).toMatchObject({ success: true, result: { successCount: 1, errorCount: 0 } });
  });

  it('a user without the import / export codes gets 403', async () => {
    await t.createUser({ username: 'noexcel', password: 'Noexcel123', roleIds: [RoleId.holder] });
    const token = await t.loginAs('noexcel', 'Noexcel123');
    expect((await upload(await sheet([['用户账号', '姓名', '初始密码']]), 'u.xlsx', token)).statusCode).toBe(403);
    expect((await t.inject({ url: t.api('/sys/user/exportXls'), headers: { 'X-Access-Token': token } })).statusCode).toBe(403);
    expect((await t.inject({ url: t.api('/sys/user/importTemplate'), headers: { 'X-Access-Token': token } })).statusCode).toBe(403);
  });
});
