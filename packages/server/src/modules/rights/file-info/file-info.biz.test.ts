import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, json, multipart, RoleId } from '../../../test/harness.ts';
import { certifiedOrg, PDF, PNG, rightsRig, trademarkForm } from '../shared/test-fixtures.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';
import { FileBizMsg } from './file-info.biz.ts';

const mark = (n: number, files: Record<string, string>) => trademarkForm(n, { niceClass: '9', ...files });

describe('DOMAIN 文件信息: every file says what it is (文件类型) and which record it belongs to (所属业务, named and linked)', async () => {
  const rig = await rightsRig();
  const db = rig.database.db;
  const reviewer = await rig.staff('rev', [RoleId.reviewer]);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const b = await certifiedOrg(rig, reviewer.token, 2, { holder: true });
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const upload = async (token: string, fields: Record<string, string>, kind: 'png' | 'pdf' = 'png') => {
    const body = multipart({ filename: kind === 'png' ? '图样.png' : '文件.pdf', content: kind === 'png' ? PNG : PDF }, { biz: 'rights', ...fields });
    return json(
      await rig.inject({ method: 'POST', url: rig.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } }),
    );
  };
  const fileOf = async (filePath: string) => (await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, filePath)))[0];

  let rightId = '';
  let markImage = '';
  it("the app's own upload paths record the file type: 商标图样, 证明文件 (商标注册证), 营业执照, 执业许可证, 开户证明", async () => {
    markImage = await rig.upload(a.token, 'png');
    const proofFile = await rig.upload(a.token, 'png');
    const res = await rig.call(a.token, 'POST', '/rights/right/add', mark(1, { markImage, proofFile }));
    expect(res.success, res.message).toBe(true);
    rightId = res.result;
    expect(await fileOf(markImage)).toMatchObject({ fileType: '10', bizType: 'rights_right', bizId: rightId });
    expect(await fileOf(proofFile)).toMatchObject({ fileType: '1', bizType: 'rights_right', bizId: rightId });
    const org = (await rig.call(a.token, 'GET', '/rights/org/mine')).result;
    expect(await fileOf(org.licenseFile)).toMatchObject({ fileType: '3', bizType: 'rights_org', bizId: a.orgId });
    expect(await fileOf(org.practiceFile)).toMatchObject({ fileType: '11', bizType: 'rights_org', bizId: a.orgId });
    const proof = await rig.upload(a.token, 'pdf');
    const bank = await rig.call(a.token, 'POST', '/rights/bank/add', {
      accountName: '测试知识产权代理有限公司1',
      bankName: '中国工商银行',
      branchName: '杭州西湖支行',
      accountNo: '6222021234561234',
      bankCode: '102331000123',
      accountNature: '1',
      proofFile: proof,
    });
    expect(bank.success, bank.message).toBe(true);
    expect(await fileOf(proof)).toMatchObject({ fileType: '13', bizType: 'rights_bank', bizId: bank.result });
  });

  it('文件信息 names the record a file belongs to: 商标名称 + 注册号, the organisation, the bank account', async () => {
    const list = (await rig.call(a.token, 'GET', '/rights/sbFileInfo/list?pageSize=50')).result;
    const titleOf = (path: string) => list.records.find((r: { filePath: string }) => r.filePath === path)?.bizTitle;
    expect(titleOf(markImage)).toBe('华光1（注册号 30000001，第9类）');
    const org = (await rig.call(a.token, 'GET', '/rights/org/mine')).result;
    expect(titleOf(org.licenseFile)).toBe('测试知识产权代理有限公司1');
    expect(list.records.find((r: { bizType: string }) => r.bizType === 'rights_bank').bizTitle).toBe('中国工商银行 尾号1234（测试知识产权代理有限公司1）');
    const unlinked = await rig.upload(a.token, 'pdf');
    const again = (await rig.call(a.token, 'GET', '/rights/sbFileInfo/list?pageSize=50')).result;
    expect(again.records.find((r: { filePath: string }) => r.filePath === unlinked)).toMatchObject({ bizType: null, bizTitle: null });
  });

  it("the 上传文件 dialog's upload records the chosen 文件类型 and links the chosen record the user may see", async () => {
    const res = await upload(a.token, { fileType: '4', bizType: 'rights_right', bizId: rightId });
    expect(res.success, res.message).toBe(true);
    expect(await fileOf(res.message)).toMatchObject({ fileType: '4', bizType: 'rights_right', bizId: rightId });
    // staff attach a file to an organisation's record: the organisation sees it
    const staffFile = await upload(reviewer.token, { fileType: '5', bizType: 'rights_org', bizId: a.orgId }, 'pdf');
    expect(staffFile.success, staffFile.message).toBe(true);
    const mine = (await rig.call(a.token, 'GET', '/rights/sbFileInfo/list?pageSize=50')).result;
    expect(mine.records.find((r: { filePath: string }) => r.filePath === staffFile.message)).toMatchObject({
      fileType: '5',
      bizTitle: '测试知识产权代理有限公司1',
    });
  });

  it('refuses an unknown 文件类型, an unknown business type, and a record of another organisation, with a Chinese message (no file stored)', async () => {
    const before = (await db.select().from(sbFileInfo)).length;
    const cases: [string, Record<string, string>, string][] = [
      [a.token, { fileType: '99' }, FileBizMsg.fileTypeBad],
      [a.token, { fileType: 'abc' }, FileBizMsg.fileTypeBad],
      [a.token, { bizType: 'sys_user', bizId: rightId }, FileBizMsg.typeBad],
      [a.token, { bizType: 'rights_right', bizId: 'no-such-record' }, FileBizMsg.recordMissing],
      [a.token, { bizType: 'rights_right' }, FileBizMsg.recordMissing],
      // organisation b may not attach files to organisation a or to a's rights record
      [b.token, { bizType: 'rights_org', bizId: a.orgId }, FileBizMsg.recordMissing],
      [b.token, { bizType: 'rights_right', bizId: rightId }, FileBizMsg.recordMissing],
    ];
    for (const [token, fields, message] of cases) {
      const res = await upload(token, fields);
      expect(res, JSON.stringify(fields)).toMatchObject({ success: false, message });
    }
    expect((await db.select().from(sbFileInfo)).length).toBe(before);
  });

  it('announcement images are 通告图片 and, once an announcement shows them, linked to it by title', async () => {
    const res = await upload(admin, { biz: 'announcement' });
    expect(await fileOf(res.message)).toMatchObject({ fileType: '14', bizId: null });
    const added = await rig.call(admin, 'POST', '/sys/annountCement/add', {
      titile: '春节放假安排',
      msgContent: `<p>通知</p><img src="/jeecg-boot/sys/common/static/${res.message}">`,
      priority: 'M',
      msgCategory: '1',
      msgType: 'ALL',
    });
    expect(added.success, added.message).toBe(true);
    const file = await fileOf(res.message);
    expect(file).toMatchObject({ bizType: 'announcement', fileType: '14' });
    const row = (await rig.call(admin, 'GET', `/rights/sbFileInfo/queryById?id=${file.id}`)).result;
    expect(row.bizTitle).toBe('春节放假安排');
  });
});
