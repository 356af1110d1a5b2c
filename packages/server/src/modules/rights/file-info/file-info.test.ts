import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spoolRoot } from '../../../platform/storage/file-store.ts';
import { ADMIN_PASSWORD, createTestApp, DepartId, json, multipart, RoleId } from '../../../test/harness.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);

describe('§5 upload, §7 files: /sys/common/upload, /sys/common/static, deleteFileFetch, 文件信息', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-upload-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  await t.createUser({ username: 'org.a', password: 'Orguser123', roleIds: [RoleId.agency], departIds: [DepartId.rightsDept] });
  const tokenA = await t.loginAs('org.a', 'Orguser123');
  await t.createUser({ username: 'org.b', password: 'Orguser123', roleIds: [RoleId.agency], departIds: [DepartId.financeDept] });
  const tokenB = await t.loginAs('org.b', 'Orguser123');
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const upload = (token: string, filename: string, content: Buffer, fields: Record<string, string> = { biz: 'rights' }) => {
    const body = multipart({ filename, content }, fields);
    return t.inject({ method: 'POST', url: t.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } });
  };

  let stored = '';
  it('answers the path in message and {fileName, filePath, fileSize} in result; stores under a generated name in DATA_DIR', async () => {
    const res = json(await upload(tokenA, '商标注册证.png', PNG, { biz: 'rights', fileType: '1' }));
    expect(res.success).toBe(true);
    stored = res.message;
    expect(stored).toMatch(/^rights\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(res.result).toEqual({ fileName: '商标注册证.png', filePath: stored, fileSize: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
    expect(fs.readFileSync(path.join(dataDir, 'upload', stored))).toEqual(PNG);
    expect(json(await upload(tokenA, 'a.pdf', PDF, { isup: '1' })).message).toMatch(/^temp\//);
    expect(json(await upload(tokenA, 'b.JPG', JPG)).success).toBe(true);
  });

  it('§5 refuses other types, forged content, double extensions, special characters, empty and oversize files', async () => {
    const cases: [string, Buffer, string][] = [
      ['x.gif', Buffer.from('GIF89a'), '仅支持JPG/JPEG/PNG或PDF文件上传'],
      ['x.svg', Buffer.from('<svg onload=alert(1)>'), '仅支持JPG/JPEG/PNG或PDF文件上传'],
      ['x.html', Buffer.from('<script>alert(1)</script>'), '仅支持JPG/JPEG/PNG或PDF文件上传'],
      ['shell.php.png', PNG, '仅支持JPG/JPEG/PNG或PDF文件上传'],
      ['evil.png', Buffer.from('<?php system($_GET[1]); ?>'), '文件内容与扩展名不符'],
      ['page.pdf', Buffer.from('<html><script>alert(1)</script></html>'), '文件内容与扩展名不符'],
      ['a:b.png', PNG, '文件名不能包含'],
      ['a<b>.png', PNG, '文件名不能包含'],
      ['empty.png', Buffer.alloc(0), '未上传任何文件'],
    ];
    for (const [name, content, message] of cases) {
      const res = json(await upload(tokenA, name, content));
      expect(res.success, name).toBe(false);
      expect(res.message, name).toContain(message);
    }
    const spooled = () => (fs.existsSync(spoolRoot()) ? fs.readdirSync(spoolRoot()).filter((f) => f.endsWith('.part')) : []);
    const before = new Set(spooled());
    const big = await upload(tokenA, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBeLessThan(500);
    expect(json(big).success).toBe(false);
    // issue 39: an upload refused while it arrives leaves no spool file, and nothing under DATA_DIR
    await expect.poll(() => spooled().filter((f) => !before.has(f)), { timeout: 5000 }).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'upload', '.spool'))).toBe(false);
  });

  it('biz is a safe folder pattern: traversal, absolute paths and odd characters are refused', async () => {
    for (const biz of ['../etc', '..%2f..', '/abs', 'a\\b', 'a/b/c/d', 'x y', '.hidden']) {
      const res = json(await upload(tokenA, 'a.png', PNG, { biz }));
      expect(res.success, biz).toBe(false);
    }
  });

  it('static files: signed-in users of the owning organisation (and staff) only; the cookie from login works for <img>', async () => {
    const url = t.api(`/sys/common/static/${stored}`);
    expect((await t.inject({ url })).statusCode).toBe(401);
    const mine = await t.inject({ url, headers: { 'X-Access-Token': tokenA } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload).toEqual(PNG);
    expect((await t.inject({ url, headers: { 'X-Access-Token': tokenB } })).statusCode).toBe(404);
    expect((await t.inject({ url, headers: { 'X-Access-Token': admin } })).statusCode).toBe(200);
    const login = await t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'org.a', password: 'Orguser123' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect(String(login.headers['set-cookie'])).toContain('HttpOnly');
    expect((await t.inject({ url, headers: { cookie } })).statusCode).toBe(200);
  });

  it('traversal in static paths (.., encoded, backslashes, absolute) never leaves the upload folder', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'TOP SECRET');
    for (const p of [
      '../secret.txt',
      '..%2fsecret.txt',
      '%2e%2e/%2e%2e/secret.txt',
      '..\\secret.txt',
      '/etc/passwd',
      'rights/../../secret.txt',
      `${stored}/../../../secret.txt`,
    ]) {
      const res = await t.inject({ url: t.api(`/sys/common/static/${p}`), headers: { 'X-Access-Token': admin } });
      expect(res.statusCode, p).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, p).toBeLessThan(500);
      expect(res.body).not.toContain('TOP SECRET');
    }
  });

  it('文件信息 lists what the user may see; deleteFileFetch removes own files only', async () => {
    const mine = json(await t.inject({ url: t.api('/rights/sbFileInfo/list'), headers: { 'X-Access-Token': tokenA } })).result;
    expect(mine.total).toBe(3);
    expect(mine.records[0]).toHaveProperty('url');
    expect(json(await t.inject({ url: t.api('/rights/sbFileInfo/list'), headers: { 'X-Access-Token': tokenB } })).result.total).toBe(0);
    expect(json(await t.inject({ url: t.api('/rights/sbFileInfo/list'), headers: { 'X-Access-Token': admin } })).result.total).toBe(3);
    const other = json(
      await t.inject({
        method: 'DELETE',
        url: t.api(`/rights/sbFileInfo/deleteFileFetch?fileUrl=${encodeURIComponent(stored)}`),
        headers: { 'X-Access-Token': tokenB },
      }),
    );
    expect(other.success).toBe(false);
    const res = json(
      await t.inject({
        method: 'DELETE',
        url: t.api(`/rights/sbFileInfo/deleteFileFetch?fileUrl=${encodeURIComponent(`/jeecg-boot/sys/common/static/${stored}`)}`),
        headers: { 'X-Access-Token': tokenA },
      }),
    );
    expect(res.success).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'upload', stored))).toBe(false);
    expect((await t.inject({ url: t.api(`/sys/common/static/${stored}`), headers: { 'X-Access-Token': tokenA } })).statusCode).toBe(404);
  });
  it("§7 announcement images: only announcement managers upload them; every signed-in user may read them (they show in everyone's notice)", async () => {
    expect(json(await upload(tokenA, 'notice.png', PNG, { biz: 'announcement' })).message).toBe('无权上传通告图片');
    const res = json(await upload(admin, 'notice.png', PNG, { biz: 'announcement' }));
    expect(res.message).toMatch(/^announcement\/\d{8}\/[0-9a-f]{32}\.png$/);
    const url = t.api(`/sys/common/static/${res.message}`);
    expect((await t.inject({ url, headers: { 'X-Access-Token': tokenB } })).statusCode).toBe(200);
    expect((await t.inject({ url })).statusCode).toBe(401);
    // the folder name alone opens nothing else: an organisation's file stays its own
    const own = json(await upload(tokenA, 'own.png', PNG)).message;
    expect((await t.inject({ url: t.api(`/sys/common/static/${own}`), headers: { 'X-Access-Token': tokenA } })).statusCode).toBe(200);
    expect((await t.inject({ url: t.api(`/sys/common/static/announcement/../${own}`), headers: { 'X-Access-Token': tokenB } })).statusCode).toBe(404);
  });
});
