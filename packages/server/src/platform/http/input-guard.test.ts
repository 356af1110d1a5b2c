import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { Msg } from '@sbwq/contracts';
import { createTestApp, json, multipart } from '../../test/harness.ts';
import { createAllPermissionUser } from '../robustness/robustness.testkit.ts';
import { sysUser } from '../../modules/identity/user/user.table.ts';
import { controlCharAt } from './input-guard.ts';

/**
 * Hardening: malformed input is refused with a Chinese message in one place, never a 500.
 * Each case here answered HTTP 500 before the fix (PostgreSQL refuses U+0000 in text; integer
 * columns overflow; busboy throws on a broken body; a second decode throws a URIError).
 */
describe('input hardening: refused with a Chinese message, never a 500', async () => {
  const t = await createTestApp();
  await createAllPermissionUser(t, 'guard_all', 'Guard12345x');
  const admin = await t.loginAs('guard_all', 'Guard12345x', '10.9.0.1');
  const auth = { 'x-access-token': admin };

  it('refuses a NUL character in the login name with a Chinese 400, before any token or database is involved (public route)', async () => {
    const res = await t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'a\u0000b', password: 'x' }, remoteAddress: '10.9.0.2' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, message: `username：${Msg.controlChars}` });
  });

  it('refuses a control character in a query value, a path parameter, a nested body field and a header', async () => {
    const query = await t.inject({ method: 'GET', url: t.api('/sys/user/list?realname=a%00b'), headers: auth });
    expect(query.statusCode).toBe(400);
    expect(json(query).message).toBe(`realname：${Msg.controlChars}`);
    const path = await t.inject({ method: 'GET', url: t.api('/sys/randomImage/a%07b') });
    expect(path.statusCode).toBe(400);
    const body = await t.inject({
      method: 'POST',
      url: t.api('/sys/role/add'),
      headers: auth,
      payload: { roleName: 'r', roleCode: 'r', list: [{ deep: 'x\u001by' }] },
    });
    expect(body.statusCode).toBe(400);
    expect(json(body).message).toBe(`list.0.deep：${Msg.controlChars}`);
    const header = await t.inject({ method: 'GET', url: t.api('/sys/user/list'), headers: { ...auth, tenant_id: '1\u00002' } });
    expect(header.statusCode).toBe(400);
    expect(json(header).message).toBe(Msg.controlChars);
  });

  it('keeps tab, line feed and carriage return (text areas, pasted tables) and ordinary text', () => {
    expect(controlCharAt({ remark: '第一行\r\n第二行\t制表', list: ['普通文字'] }, 'body')).toBeNull();
    expect(controlCharAt({ a: { b: ['ok', 'x\u000bz'] } }, 'body')).toBe('body.a.b.1');
    expect(controlCharAt({ ['k\u0000']: 'v' }, 'body')).toBe('body');
    expect(controlCharAt('\u007f\u00a0中文', 'query')).toBeNull();
  });

  it('refuses a control character in a cell of an imported Excel file (the cell escape _x0000_ decodes to NUL) and imports nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户');
    sheet.addRow(['用户账号', '姓名', '初始密码']);
    sheet.addRow(['nul_user', 'a_x0000_b', 'Abc12345x']);
    const file = multipart({ filename: 'users.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    const res = await t.inject({ method: 'POST', url: t.api('/sys/user/importExcel'), headers: { ...auth, ...file.headers }, payload: file.payload });
    expect(res.statusCode).toBeLessThan(500);
    expect(json(res)).toMatchObject({ success: false, message: `第 2 行「姓名」${Msg.controlChars}` });
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'nul_user'))).toEqual([]);
  });

  it('a multipart body without a boundary, or cut short, answers 400 on every upload and import route', async () => {
    const boundary = '----cut';
    const truncated = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004`);
    for (const url of ['/sys/common/upload', '/sys/user/importExcel', '/rights/right/importExcel']) {
      const noBoundary = await t.inject({ method: 'POST', url: t.api(url), headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'x' });
      expect([url, noBoundary.statusCode, json(noBoundary).message]).toEqual([url, 400, Msg.badMultipart]);
      const cut = await t.inject({
        method: 'POST',
        url: t.api(url),
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: truncated,
      });
      expect([url, cut.statusCode, json(cut).message]).toEqual([url, 400, Msg.badMultipart]);
    }
  });

  it('a static file path with a % is decoded once: 100%25zz is the plain name "100%zz", not found (404), not a URIError; a malformed token cookie is no token', async () => {
    for (const name of ['100%25zz', 'temp%2F20260101%2F%25E0%25A4']) {
      const res = await t.inject({ method: 'GET', url: t.api(`/sys/common/static/${name}`), headers: auth });
      expect([name, res.statusCode]).toEqual([name, 404]);
    }
    const badCookie = await t.inject({ method: 'GET', url: t.api('/sys/common/static/x.png'), headers: { cookie: 'sbwq_static=%zz' } });
    expect(badCookie.statusCode).toBeLessThan(500);
    const badDocCookie = await t.inject({ method: 'GET', url: t.api('/doc/json'), headers: { cookie: 'sbwq_doc_token=%zz' } });
    expect(badDocCookie.statusCode).toBeLessThan(500);
  });

  it('a tenant id beyond the column (2147483648, 1e20) answers 400 on queryById, delete and deleteBatch; the body bound (1-99999) is the one checked', async () => {
    for (const [method, url] of [
      ['GET', '/sys/tenant/queryById?id=2147483648'],
      ['DELETE', '/sys/tenant/delete?id=2147483648'],
      ['DELETE', '/sys/tenant/deleteBatch?ids=1,99999999999999999999'],
      ['GET', '/sys/tenant/queryById?id=100000'],
    ] as const) {
      const res = await t.inject({ method, url: t.api(url), headers: auth });
      expect([url, res.statusCode, json(res).success]).toEqual([url, 400, false]);
      expect(json(res).message).toContain('租户编号应为');
    }
    const list = await t.inject({ method: 'GET', url: t.api('/sys/tenant/queryList?ids=1,2147483648'), headers: auth });
    expect(list.statusCode).toBe(200);
  });

  it('list filters on an integer column are bounded by the column type; __proto__ is no field', async () => {
    for (const q of ['id=2147483648', 'status=1.5', 'id=>= 99999999999999999999', 'status_MultiString=1,40000000000']) {
      const res = await t.inject({ method: 'GET', url: t.api(`/sys/tenant/list?${q.replace(/ /g, '%20')}`), headers: auth });
      expect([q, res.statusCode]).toEqual([q, 400]);
      expect(json(res).message).toMatch(/^查询条件 (id|status) (应为整数|超出范围)$/);
    }
    const proto = await t.inject({ method: 'GET', url: t.api('/sys/tenant/list?column=__proto__&order=desc'), headers: auth });
    expect([proto.statusCode, json(proto).message]).toEqual([400, '不支持按 __proto__ 排序']);
    const ctor = await t.inject({ method: 'GET', url: t.api('/sys/tenant/list?constructor=1'), headers: auth });
    expect(ctor.statusCode).toBe(200);
  });
});
