import { describe, expect, it } from 'vitest';
import { RightsMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, DepartId, RoleId } from '../../test/harness.ts';
import { xlsxSheet } from '../../test/excel.ts';
import { certifiedOrg, draftRight, PASSWORD, rightsRig, submittedRight } from './shared/test-fixtures.ts';

/** A draft (a 草稿 rights record, an enrolment form saved but never submitted) is its organisation's alone until submitted. */
describe('data scope: another organisation’s drafts stay out of every staff list, detail and export (issue: reviewer sees 草稿 records)', async () => {
  const rig = await rightsRig();
  const reviewer = await rig.staff('rev', [RoleId.reviewer]);
  const finance = await rig.staff('fin', [RoleId.finance]);
  const admin = { token: await rig.loginAs('admin', ADMIN_PASSWORD) };
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const markImage = await rig.upload(a.token, 'png');
  const draft = await draftRight(rig, a.token, { trademarkName: '草稿商标', regNo: '20000001', markImage });
  const submitted = await submittedRight(rig, a.token, { trademarkName: '已提交商标', regNo: '20000002' });

  // an applicant who saved the enrolment form but never submitted it
  await rig.createUser({ username: 'drafter', password: PASSWORD, roleIds: [RoleId.agency], departIds: [DepartId.agencies] });
  const drafter = await rig.loginAs('drafter', PASSWORD);
  const licenseFile = await rig.upload(drafter, 'png', '3');
  const draftOrg = (await rig.call(drafter, 'POST', '/rights/org/saveEnrol', { orgName: '尚未提交的代理公司', licenseFile })).result as string;

  const staff = { reviewer, finance, admin };
  const names = (page: { records: { trademarkName?: string; orgName?: string }[] }) => page.records.map((r) => r.trademarkName ?? r.orgName);

  for (const [who, user] of Object.entries(staff)) {
    it(`${who}: 受保护权利 list, queryById and export hold the submitted record but not the draft`, async () => {
      const list = (await rig.call(user.token, 'GET', `/rights/right/list?orgId=${a.orgId}`)).result;
      expect(names(list)).toEqual(['已提交商标']);
      expect((await rig.call(user.token, 'GET', `/rights/right/list?auditStatus=3`)).result.total).toBe(0);
      expect((await rig.call(user.token, 'GET', `/rights/right/queryById?id=${draft}`)).message).toBe(RightsMsg.notFound);
      expect((await rig.call(user.token, 'GET', `/rights/right/queryById?id=${submitted}`)).success).toBe(true);
      if (who !== 'finance') {
        const file = await rig.inject({ url: rig.api(`/rights/right/exportXls?selections=${draft},${submitted}`), headers: { 'X-Access-Token': user.token } });
        const cells = (await xlsxSheet(file)).getSheetValues().flat().map(String);
        expect(cells).toContain('已提交商标');
        expect(cells).not.toContain('草稿商标');
      }
    });

    it(`${who}: 机构列表 and its queryById leave out an enrolment never submitted, and 文件信息 its files and the draft record's`, async () => {
      // reviewer and finance hold 机构列表 and 文件信息 by their menus; admin only what the seed grants admin
      const held = who !== 'admin';
      const orgs = (await rig.call(user.token, 'GET', '/rights/org/list?pageSize=100')).result;
      if (held) expect(orgs).toBeTruthy();
      if (orgs) {
        expect(names(orgs)).not.toContain('尚未提交的代理公司');
        expect((await rig.call(user.token, 'GET', `/rights/org/queryById?id=${draftOrg}`)).message).toBe(RightsMsg.notFound);
        expect((await rig.call(user.token, 'GET', `/rights/org/queryById?id=${a.orgId}`)).success).toBe(true);
      }
      const files = (await rig.call(user.token, 'GET', '/rights/sbFileInfo/list?pageSize=100')).result;
      if (held) expect(files).toBeTruthy();
      if (files) {
        const paths = files.records.map((f: { filePath: string }) => f.filePath);
        expect(paths).not.toContain(markImage);
        expect(paths).not.toContain(licenseFile);
        const read = await rig.inject({ url: rig.api(`/sys/common/static/${markImage}`), headers: { 'X-Access-Token': user.token } });
        expect(read.statusCode).toBe(404);
      }
    });
  }

  it('the owners still see their drafts: the organisation its 草稿 record and its file, the applicant their enrolment form', async () => {
    expect(names((await rig.call(a.token, 'GET', '/rights/right/list')).result).sort()).toEqual(['已提交商标', '草稿商标'].sort());
    expect((await rig.call(a.token, 'GET', `/rights/right/queryById?id=${draft}`)).result).toMatchObject({ trademarkName: '草稿商标', auditStatus: '3' });
    expect((await rig.inject({ url: rig.api(`/sys/common/static/${markImage}`), headers: { 'X-Access-Token': a.token } })).statusCode).toBe(200);
    expect((await rig.call(drafter, 'GET', '/rights/org/mine')).result).toMatchObject({ id: draftOrg, enterStatus: '0' });
  });

  it('once submitted, the record, the enrolment and their files are the association’s to see', async () => {
    await rig.call(a.token, 'POST', '/rights/right/submit', { ids: draft });
    expect((await rig.call(reviewer.token, 'GET', `/rights/right/queryById?id=${draft}`)).result).toMatchObject({
      trademarkName: '草稿商标',
      auditStatus: '0',
    });
    const form = await rig.enrolForm(5, { orgName: '尚未提交的代理公司', licenseFile });
    expect((await rig.call(drafter, 'POST', '/rights/org/submitEnrol', form)).success).toBe(true);
    expect((await rig.call(reviewer.token, 'GET', `/rights/org/queryById?id=${draftOrg}`)).result).toMatchObject({
      orgName: '尚未提交的代理公司',
      enterStatus: '1',
    });
    const files = (await rig.call(reviewer.token, 'GET', '/rights/sbFileInfo/list?pageSize=100')).result.records.map((f: { filePath: string }) => f.filePath);
    expect(files).toEqual(expect.arrayContaining([markImage, licenseFile]));
  });
});
