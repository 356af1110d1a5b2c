import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OssFileMsg, OssFilePerm } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, DepartId, json, multipart, RoleId } from '../../../test/harness.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(48, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Node = { path: string; component: string; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('issue 39 文件列表: the stock /oss/file/list, upload, delete and queryById', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-oss-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const adminToken = await t.loginAs('admin', ADMIN_PASSWORD);
  const admin = t.as(adminToken);
  const userId = await t.createUser({ username: 'oss.org', password: 'Orguser123', roleIds: [RoleId.agency], departIds: [DepartId.rightsDept] });
  const org = t.as(await t.loginAs('oss.org', 'Orguser123'));
  const upload = (filename: string, content: Buffer) => {
    const body = multipart({ filename, content });
    return t.inject({ method: 'POST', url: t.api('/oss/file/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': adminToken } });
  };

  it('the menu row 文件列表 under the stock component name modules/oss/OSSFileList carries its three buttons; other roles have neither', async () => {
    const info = json(await admin('GET', '/sys/permission/getUserPermissionByToken')).result;
    expect(flat(info.menu).find((n) => n.component === 'modules/oss/OSSFileList')).toMatchObject({ path: '/isystem/ossFile' });
    expect(info.auth.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(Object.values(OssFilePerm)));
    expect(json(await org('GET', '/oss/file/list')).success).toBe(false);
  });

  let id = '';
  let filePath = '';
  it('upload answers the stock 上传成功！ and stores the file with its SHA-256; the list names its uploader, storage and address; 文件地址 finds it by the whole address', async () => {
    const res = json(await upload('证据截图.png', PNG));
    expect(res).toMatchObject({ success: true, message: OssFileMsg.uploaded });
    filePath = res.result.filePath;
    expect(filePath).toMatch(/^oss\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(dataDir, 'upload', filePath))).toEqual(PNG);
    const page = json(await admin('GET', `/oss/file/list?url=${encodeURIComponent(`http://host${t.api('/sys/common/static/')}${filePath}`)}`)).result;
    expect(page.total).toBe(1);
    const [row] = page.records;
    expect(row).toMatchObject({
      fileName: '证据截图.png',
      filePath,
      storage: 'local',
      createBy: 'admin',
      sha256: createHash('sha256').update(PNG).digest('hex'),
      bizTitle: null,
    });
    expect(row.url).toBe(t.api(`/sys/common/static/${filePath}`));
    expect(row.createByName).toBeTruthy();
    id = row.id;
    expect(json(await admin('GET', `/oss/file/queryById?id=${id}`)).result).toMatchObject({ id, fileName: '证据截图.png' });
    expect(json(await admin('GET', '/oss/file/list?fileName=*截图*')).result.records.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('a file a record still names cannot be deleted (the record is named); once the record no longer names it, it is deleted, row and bytes', async () => {
    const edit = (avatar: string | null) =>
      admin('PUT', '/sys/user/edit', { id: userId, realname: '头像用户', avatar, selectedroles: RoleId.agency, selecteddeparts: DepartId.rightsDept });
    expect(json(await edit(filePath)).success).toBe(true);
    const refused = json(await admin('DELETE', `/oss/file/delete?id=${id}`));
    expect(refused).toMatchObject({ success: false, message: `${OssFileMsg.inUse}用户头像「头像用户」${OssFileMsg.inUseHint}` });
    expect(fs.existsSync(path.join(dataDir, 'upload', filePath))).toBe(true);
    expect(json(await edit(null)).success).toBe(true);
    expect(json(await admin('DELETE', `/oss/file/delete?id=${id}`))).toMatchObject({ success: true, message: OssFileMsg.deleted });
    expect(fs.existsSync(path.join(dataDir, 'upload', filePath))).toBe(false);
    expect(json(await admin('GET', `/oss/file/queryById?id=${id}`)).success).toBe(false);
    expect(json(await admin('DELETE', `/oss/file/delete?id=${id}`)).message).toBe(OssFileMsg.notFound);
  });

  it("a name within another file's list is no use of it: only whole comma-separated items count", async () => {
    const res = json(await upload('委托书.pdf', PDF));
    const other = res.result.filePath as string;
    expect(
      json(
        await admin('PUT', '/sys/user/edit', {
          id: userId,
          realname: '头像用户',
          avatar: `x${other}`,
          selectedroles: RoleId.agency,
          selecteddeparts: DepartId.rightsDept,
        }),
      ).success,
    ).toBe(true);
    const row = json(await admin('GET', `/oss/file/list?url=${other}`)).result.records[0];
    expect(json(await admin('DELETE', `/oss/file/delete?id=${row.id}`)).success).toBe(true);
  });

  it("the stock screen's MINIO文件上传 (/sys/upload/uploadMinio) stores into the current store as upload does, answering the file's address as stock does", async () => {
    const uploadMinio = async (token: string) => {
      const body = multipart({ filename: '公证书.pdf', content: PDF });
      return json(
        await t.inject({ method: 'POST', url: t.api('/sys/upload/uploadMinio'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } }),
      );
    };
    const res = await uploadMinio(adminToken);
    expect(res.success, res.message).toBe(true);
    expect(res.message).toBe(t.api(`/sys/common/static/${res.result.filePath}`));
    expect(fs.readFileSync(path.join(dataDir, 'upload', res.result.filePath))).toEqual(PDF);
    const [row] = json(await admin('GET', `/oss/file/list?url=${encodeURIComponent(res.message)}`)).result.records;
    expect(row).toMatchObject({ fileName: '公证书.pdf', storage: 'local', url: res.message, sha256: createHash('sha256').update(PDF).digest('hex') });
    // the same permission as 上传文件: a role without system:ossFile:upload is refused
    const denied = await uploadMinio(await t.loginAs('oss.org', 'Orguser123'));
    expect(denied.success).toBe(false);
  });

  it('bad input answers a Chinese message, never a 500: a forged file, no file', async () => {
    const forged = await upload('x.png', Buffer.from('<?php echo 1; ?>'));
    expect(forged.statusCode).toBeLessThan(500);
    expect(json(forged).message).toContain('文件内容与扩展名不符');
    expect(json(await admin('DELETE', '/oss/file/delete')).success).toBe(false);
  });
});
