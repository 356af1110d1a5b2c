import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RightsMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, DepartId, RoleId } from '../../../test/harness.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { sysUser, sysUserDepart } from '../../identity/user/user.table.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { certifiedOrg, PASSWORD, rightsRig, submittedOrg } from '../shared/test-fixtures.ts';
import { rightsOrg } from '../../core/org/org.table.ts';

describe('DOMAIN organisation: enrolment (未提交 → 待审核 → 已入驻 | 已驳回; 已入驻 ⇄ 已停用) and certification (未认证 → 认证中 → 已认证 | 认证失败)', async () => {
  const rig = await rightsRig();
  const db = rig.database.db;
  const reviewer = await rig.staff('rev1', [RoleId.reviewer]);
  const reviewer2 = await rig.staff('rev2', [RoleId.reviewer]);
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const approvalsOf = (bizId: string) => db.select().from(rightsApproval).where(eq(rightsApproval.bizId, bizId));
  const orgRow = async (id: string) => (await db.select().from(rightsOrg).where(eq(rightsOrg.id, id)))[0];

  it('a new organisation user has no application: mine is null, status says enrol, allowed is false', async () => {
    await rig.createUser({ username: 'fresh', password: PASSWORD, roleIds: [RoleId.agency], departIds: [DepartId.agencies] });
    const token = await rig.loginAs('fresh', PASSWORD);
    const mine = await rig.call(token, 'GET', '/rights/org/mine');
    expect(mine).toMatchObject({ success: true, result: null });
    const status = (await rig.call(token, 'GET', '/rights/org/status')).result;
    expect(status).toMatchObject({ staff: false, orgId: null, nextStep: 'enrol', allowed: false });
    expect((await rig.call(reviewer.token, 'GET', '/rights/org/status')).result).toMatchObject({ staff: true, nextStep: 'none', allowed: true });
  });

  it('DOMAIN certify flow: until enrolled and certified the rights screens refuse the organisation user (code 403, clear message)', async () => {
    const token = await rig.loginAs('fresh', PASSWORD);
    for (const url of ['/rights/bank/list', '/rights/right/list']) {
      const res = await rig.call(token, 'GET', url);
      expect(res, url).toMatchObject({ success: false, code: 403, message: RightsMsg.orgNotReady });
    }
    expect((await rig.call(token, 'POST', '/rights/right/add', {})).success).toBe(false);
  });

  it('保存 keeps a draft (未提交) with only the name; a present field is still checked, and an empty one clears it', async () => {
    const token = await rig.loginAs('fresh', PASSWORD);
    const saved = await rig.call(token, 'POST', '/rights/org/saveEnrol', { orgName: '草稿机构', creditCode: '', region: '浙江省' });
    expect(saved).toMatchObject({ success: true, message: RightsMsg.saved });
    const bad = await rig.call(token, 'POST', '/rights/org/saveEnrol', { orgName: '草稿机构', creditCode: '91440300708461136A' });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('统一社会信用代码不正确');
    await rig.call(token, 'POST', '/rights/org/saveEnrol', { orgName: '草稿机构2', region: '' });
    const mine = (await rig.call(token, 'GET', '/rights/org/mine')).result;
    expect(mine).toMatchObject({
      id: saved.result,
      orgName: '草稿机构2',
      region: null,
      enterStatus: '0',
      enterStatus_dictText: '未提交',
      enrolEditable: true,
      certifyEditable: false,
    });
    expect(mine).not.toHaveProperty('applicantId');
  });

  it('提交 checks the whole form: checksum, licence, phone, date; status fields in the body are ignored', async () => {
    const token = await rig.loginAs('fresh', PASSWORD);
    const form = await rig.enrolForm(1);
    expect((await rig.call(token, 'POST', '/rights/org/submitEnrol', form)).message).toBe('请上传营业执照');
    const licenseFile = await rig.upload(token, 'png');
    const cases: [Record<string, unknown>, string][] = [
      [{ creditCode: '91440300708461136A' }, '统一社会信用代码不正确'],
      [{ contactPhone: '12345' }, '联系电话格式不正确'],
      [{ foundDate: '2015-02-30' }, '成立日期格式应为 YYYY-MM-DD'],
      [{ foundDate: '2999-01-01' }, '成立日期不能晚于今天'],
      [{ orgType: '9' }, '请选择机构类型'],
      [{ legalPerson: '   ' }, '请输入法定代表人'],
      [{ licenseFile: '../../etc/passwd' }, '营业执照的文件路径不正确'],
      [{ licenseFile: 'rights/20260101/0123456789abcdef0123456789abcdef.png' }, RightsMsg.fileNotVisible],
    ];
    for (const [patch, message] of cases) {
      const res = await rig.call(token, 'POST', '/rights/org/submitEnrol', { ...form, licenseFile, ...patch });
      expect(res.success, JSON.stringify(patch)).toBe(false);
      expect(res.message, JSON.stringify(patch)).toContain(message);
    }
    const ok = await rig.call(token, 'POST', '/rights/org/submitEnrol', { ...form, licenseFile, enterStatus: '2', certifyStatus: '2', sysOrgCode: 'A01' });
    expect(ok).toMatchObject({ success: true, message: RightsMsg.enrolSubmitted });
    const row = await orgRow(ok.result);
    expect(row).toMatchObject({ enterStatus: '1', certifyStatus: '0', sysOrgCode: null, departId: null });
    const [file] = await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, licenseFile));
    expect(file).toMatchObject({ bizType: 'rights_org', bizId: ok.result, fileType: '3' });
    expect((await rig.call(token, 'GET', '/rights/org/status')).result).toMatchObject({
      nextStep: 'waitEnrol',
      enterStatus_dictText: '待审核',
      allowed: false,
    });
    expect((await rig.call(token, 'POST', '/rights/org/saveEnrol', { orgName: '改名' })).message).toBe(RightsMsg.enrolSubmitted);
  });

  it("another organisation's file path is refused; so is the same credit code twice", async () => {
    const a = await submittedOrg(rig, 2);
    await rig.createUser({ username: 'thief', password: PASSWORD, roleIds: [RoleId.agency], departIds: [DepartId.agencies] });
    const thief = await rig.loginAs('thief', PASSWORD);
    const aRow = await orgRow(a.orgId);
    const stolen = await rig.call(thief, 'POST', '/rights/org/submitEnrol', await rig.enrolForm(3, { licenseFile: aRow.licenseFile }));
    expect(stolen.success).toBe(false);
    expect(stolen.message).toContain(RightsMsg.fileNotVisible);
    const own = await rig.upload(thief, 'png');
    const dup = await rig.call(thief, 'POST', '/rights/org/submitEnrol', await rig.enrolForm(2, { licenseFile: own }));
    expect(dup.message).toBe(RightsMsg.creditCodeTaken);
  });

  it('DOMAIN enrolment: 待审核 → 已入驻 creates the department and moves the user; the approval record is written with it', async () => {
    const org = await submittedOrg(rig, 4);
    const res = await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass', opinion: '材料齐全' });
    expect(res).toMatchObject({ success: true, message: RightsMsg.enrolApproved });
    const row = await orgRow(org.orgId);
    expect(row).toMatchObject({ enterStatus: '2', auditOpinion: '材料齐全', auditBy: 'rev1-姓名' });
    const [depart] = await db.select().from(sysDepart).where(eq(sysDepart.id, row.departId!));
    expect(depart).toMatchObject({ parentId: DepartId.agencies, departName: row.orgName, orgCode: row.sysOrgCode });
    expect(depart.orgCode).toMatch(/^A02A\d{2}$/);
    const links = await db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, org.userId));
    expect(links.map((l) => l.depId)).toEqual([row.departId]);
    const [user] = await db.select().from(sysUser).where(eq(sysUser.id, org.userId));
    expect(user.orgCode).toBe(row.sysOrgCode);
    const [file] = await db.select().from(sbFileInfo).where(eq(sbFileInfo.filePath, row.licenseFile!));
    expect(file.sysOrgCode).toBe(row.sysOrgCode);
    const records = await approvalsOf(org.orgId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      bizType: '1',
      node: '1',
      result: '1',
      opinion: '材料齐全',
      approverId: reviewer.id,
      orgId: org.orgId,
      sysOrgCode: row.sysOrgCode,
    });
    expect((await rig.call(org.token, 'GET', '/rights/org/status')).result).toMatchObject({ nextStep: 'certify', allowed: false });
    // a second user of the organisation, added by an admin into its department, sees the same organisation
    await rig.createUser({ username: 'colleague', password: PASSWORD, roleIds: [RoleId.agency], departIds: [row.departId!] });
    const colleague = await rig.loginAs('colleague', PASSWORD);
    expect((await rig.call(colleague, 'GET', '/rights/org/mine')).result.id).toBe(org.orgId);
  });

  it('a 权利人企业 becomes a department under 会员企业 (A03)', async () => {
    const org = await submittedOrg(rig, 5, { holder: true });
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass', opinion: null });
    expect((await orgRow(org.orgId)).sysOrgCode).toMatch(/^A03A\d{2}$/);
  });

  it('DOMAIN enrolment: 已驳回 needs remarks; the rejected form is edited and resubmitted → 待审核', async () => {
    const org = await submittedOrg(rig, 6);
    expect((await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'reject', opinion: ' ' })).message).toBe(
      RightsMsg.opinionRequired,
    );
    expect(await approvalsOf(org.orgId)).toHaveLength(0);
    const rejected = await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', {
      id: org.orgId,
      result: 'reject',
      opinion: '营业执照不清晰，请重新上传',
    });
    expect(rejected).toMatchObject({ success: true, message: RightsMsg.enrolRejected });
    expect(await orgRow(org.orgId)).toMatchObject({ enterStatus: '3', departId: null });
    const status = (await rig.call(org.token, 'GET', '/rights/org/status')).result;
    expect(status).toMatchObject({ nextStep: 'enrol', opinion: '营业执照不清晰，请重新上传', enterStatus_dictText: '已驳回' });
    expect((await rig.call(org.token, 'GET', '/rights/org/mine')).result.enrolEditable).toBe(true);
    const licenseFile = await rig.upload(org.token, 'png');
    const again = await rig.call(org.token, 'POST', '/rights/org/submitEnrol', await rig.enrolForm(6, { licenseFile }));
    expect(again.success).toBe(true);
    expect(again.result).toBe(org.orgId);
    expect((await orgRow(org.orgId)).enterStatus).toBe('1');
    await rig.call(reviewer2.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass', opinion: '' });
    const history = await rig.call(reviewer.token, 'GET', `/rights/approval/list?bizType=1&bizId=${org.orgId}&column=approveTime&order=asc`);
    expect(history.result.records.map((r: { result_dictText: string }) => r.result_dictText)).toEqual(['驳回', '通过']);
  });

  it('illegal transitions are refused with a clear message and write no approval record', async () => {
    await rig.createUser({ username: 'drafter', password: PASSWORD, roleIds: [RoleId.agency], departIds: [DepartId.agencies] });
    const draftId = (await rig.call(await rig.loginAs('drafter', PASSWORD), 'POST', '/rights/org/saveEnrol', { orgName: '只存草稿的机构' })).result;
    const submitted = await submittedOrg(rig, 7);
    const approved = await certifiedOrg(rig, reviewer.token, 8);
    const before = (await db.select().from(rightsApproval)).length;
    const refusals: [string, string, Record<string, unknown>, string][] = [
      [reviewer.token, '/rights/org/approveEnrol', { id: approved.orgId, result: 'pass' }, '（当前状态：已入驻）'],
      [reviewer.token, '/rights/org/approveEnrol', { id: approved.orgId, result: 'reject', opinion: '再驳回' }, RightsMsg.enrolNotPending],
      [reviewer.token, '/rights/org/approveCertify', { id: approved.orgId, result: 'pass' }, '（当前状态：已认证）'],
      [reviewer.token, '/rights/org/approveCertify', { id: submitted.orgId, result: 'pass' }, RightsMsg.certifyNotPending],
      [submitted.token, '/rights/org/submitCertify', { practiceFile: null, filingFile: null }, RightsMsg.certifyFilesRequired],
      [admin, '/rights/org/disable', { id: submitted.orgId }, RightsMsg.disableNotAllowed],
      [admin, '/rights/org/enable', { id: approved.orgId }, RightsMsg.enableNotAllowed],
      [reviewer.token, '/rights/org/approveEnrol', { id: 'no-such-id', result: 'pass' }, RightsMsg.notFound],
      [reviewer.token, '/rights/org/approveEnrol', { id: draftId, result: 'pass' }, '（当前状态：未提交）'],
    ];
    for (const [who, url, body, message] of refusals) {
      const res = await rig.call(who, 'POST', url, body);
      expect(res.success, `${url} ${JSON.stringify(body)}`).toBe(false);
      expect(res.message, `${url} ${JSON.stringify(body)}`).toContain(message);
    }
    const pdf = await rig.upload(submitted.token, 'pdf');
    expect((await rig.call(submitted.token, 'POST', '/rights/org/submitCertify', { practiceFile: pdf })).message).toBe(RightsMsg.certifyNeedsEnrol);
    expect((await rig.call(approved.token, 'POST', '/rights/org/submitCertify', { practiceFile: await rig.upload(approved.token, 'pdf') })).message).toBe(
      RightsMsg.certifyNotEditable,
    );
    expect((await db.select().from(rightsApproval)).length).toBe(before);
    expect((await orgRow(submitted.orgId)).enterStatus).toBe('1');
  });

  it('nobody approves their own submission: a user who is both organisation and reviewer is refused, nothing is written', async () => {
    await rig.createUser({ username: 'both', password: PASSWORD, roleIds: [RoleId.agency, RoleId.reviewer], departIds: [DepartId.agencies] });
    const both = await rig.loginAs('both', PASSWORD);
    const res = await rig.call(both, 'POST', '/rights/org/submitEnrol', await rig.enrolForm(9, { licenseFile: await rig.upload(both, 'png') }));
    const todo = (await rig.call(both, 'GET', '/rights/approval/todo')).result.records;
    expect(todo.some((r: { bizId: string }) => r.bizId === res.result)).toBe(false);
    const self = await rig.call(both, 'POST', '/rights/org/approveEnrol', { id: res.result, result: 'pass' });
    expect(self).toMatchObject({ success: false, message: RightsMsg.selfApproval });
    expect(await approvalsOf(res.result)).toHaveLength(0);
    expect((await orgRow(res.result)).enterStatus).toBe('1');
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: res.result, result: 'pass' });
    await rig.call(both, 'POST', '/rights/org/submitCertify', { practiceFile: await rig.upload(both, 'pdf') });
    expect((await rig.call(both, 'POST', '/rights/org/approveCertify', { id: res.result, result: 'pass' })).message).toBe(RightsMsg.selfApproval);
    expect((await orgRow(res.result)).certifyStatus).toBe('1');
  });

  it('parallel approvals of one enrolment: exactly one succeeds, one department and one approval record', async () => {
    const org = await submittedOrg(rig, 10);
    const results = await Promise.all([
      rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass' }),
      rig.call(reviewer2.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'reject', opinion: '不同意' }),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)!.message).toContain(RightsMsg.enrolNotPending);
    expect(await approvalsOf(org.orgId)).toHaveLength(1);
    const departs = await db
      .select()
      .from(sysDepart)
      .where(eq(sysDepart.departName, (await orgRow(org.orgId)).orgName));
    expect(departs.length).toBe((await orgRow(org.orgId)).enterStatus === '2' ? 1 : 0);
  });

  it('parallel certification approvals: exactly one succeeds', async () => {
    const org = await submittedOrg(rig, 11);
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass' });
    await rig.call(org.token, 'POST', '/rights/org/submitCertify', { filingFile: await rig.upload(org.token, 'pdf') });
    const results = await Promise.all([
      rig.call(reviewer.token, 'POST', '/rights/org/approveCertify', { id: org.orgId, result: 'pass' }),
      rig.call(reviewer2.token, 'POST', '/rights/org/approveCertify', { id: org.orgId, result: 'pass' }),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect((await approvalsOf(org.orgId)).filter((a) => a.bizType === '2')).toHaveLength(1);
  });

  it('DOMAIN certify: 认证失败 with reasons → resubmitted → 认证中 → 已认证; a 商标代理机构 needs its 备案号; then the rights screens open', async () => {
    const org = await submittedOrg(rig, 12);
    await db.update(rightsOrg).set({ agentFilingNo: null }).where(eq(rightsOrg.id, org.orgId));
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass' });
    const practiceFile = await rig.upload(org.token, 'pdf');
    expect((await rig.call(org.token, 'POST', '/rights/org/submitCertify', { practiceFile })).message).toBe(RightsMsg.agentFilingNoRequired);
    expect((await rig.call(org.token, 'POST', '/rights/org/submitCertify', { practiceFile, agentFilingNo: 'TM2024001' })).success).toBe(true);
    expect((await rig.call(org.token, 'GET', '/rights/org/status')).result).toMatchObject({ nextStep: 'waitCertify', certifyStatus_dictText: '认证中' });
    expect((await rig.call(reviewer.token, 'POST', '/rights/org/approveCertify', { id: org.orgId, result: 'reject' })).message).toBe(RightsMsg.opinionRequired);
    const failed = await rig.call(reviewer.token, 'POST', '/rights/org/approveCertify', { id: org.orgId, result: 'reject', opinion: '执业许可证已过期' });
    expect(failed).toMatchObject({ success: true, message: RightsMsg.certifyFailed });
    expect((await rig.call(org.token, 'GET', '/rights/org/status')).result).toMatchObject({
      nextStep: 'certify',
      certifyStatus: '3',
      opinion: '执业许可证已过期',
    });
    expect((await rig.call(org.token, 'GET', '/rights/bank/list')).code).toBe(403);
    const filingFile = await rig.upload(org.token, 'pdf');
    expect((await rig.call(org.token, 'POST', '/rights/org/submitCertify', { practiceFile, filingFile })).success).toBe(true);
    expect((await rig.call(reviewer.token, 'POST', '/rights/org/approveCertify', { id: org.orgId, result: 'pass' })).message).toBe(RightsMsg.certifyPassed);
    expect(await orgRow(org.orgId)).toMatchObject({ certifyStatus: '2', filingFile, agentFilingNo: 'TM2024001', certifyBy: 'rev1-姓名' });
    expect((await rig.call(org.token, 'GET', '/rights/org/status')).result).toMatchObject({ nextStep: 'done', allowed: true });
    expect((await rig.call(org.token, 'GET', '/rights/bank/list')).success).toBe(true);
    const records = (await approvalsOf(org.orgId))
      .filter((a) => a.bizType === '2')
      .map((a) => a.result)
      .sort();
    expect(records).toEqual(['1', '2']);
  });

  it('DOMAIN enrolment: admins disable (已入驻 → 已停用) and re-enable; a disabled organisation is refused', async () => {
    const org = await certifiedOrg(rig, reviewer.token, 13);
    expect((await rig.call(reviewer.token, 'POST', '/rights/org/disable', { id: org.orgId })).code).toBe(510);
    expect((await rig.call(admin, 'POST', '/rights/org/disable', { id: org.orgId, reason: '年检未通过' })).message).toBe(RightsMsg.disabled);
    expect((await rig.call(org.token, 'GET', '/rights/org/status')).result).toMatchObject({ nextStep: 'disabled', allowed: false });
    expect(await rig.call(org.token, 'GET', '/rights/right/list')).toMatchObject({ success: false, code: 403, message: RightsMsg.orgDisabled });
    expect((await rig.call(admin, 'POST', '/rights/org/enable', { id: org.orgId })).message).toBe(RightsMsg.enabled);
    expect((await rig.call(org.token, 'GET', '/rights/right/list')).success).toBe(true);
  });

  it('permissions: organisations cannot approve or list all; staff have no enrolment form', async () => {
    const org = await submittedOrg(rig, 14);
    for (const [url, method] of [
      ['/rights/org/approveEnrol', 'POST'],
      ['/rights/org/list', 'GET'],
      ['/rights/org/disable', 'POST'],
    ] as const) {
      const res = await rig.inject({
        method,
        url: rig.api(url),
        headers: { 'X-Access-Token': org.token },
        ...(method === 'POST' ? { payload: { id: org.orgId, result: 'pass' } } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await rig.inject({ url: rig.api('/rights/org/mine'), headers: { 'X-Access-Token': reviewer.token } })).statusCode).toBe(403);
  });

  it('staff list: filters, dictionary texts, queryById; injection text is stored and answered as plain text', async () => {
    const evil = `恶意'); drop table rights_org; --<script>alert(1)</script>`;
    await rig.createUser({ username: 'evil', password: PASSWORD, roleIds: [RoleId.agency], departIds: [DepartId.agencies] });
    const token = await rig.loginAs('evil', PASSWORD);
    const res = await rig.call(
      token,
      'POST',
      '/rights/org/submitEnrol',
      await rig.enrolForm(15, { orgName: evil.slice(0, 100), regAddress: evil, licenseFile: await rig.upload(token, 'png') }),
    );
    expect(res.success).toBe(true);
    const list = (await rig.call(reviewer.token, 'GET', `/rights/org/list?orgName=${encodeURIComponent('*drop table*')}`)).result;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ orgName: evil, regAddress: evil, orgType_dictText: '商标代理机构', enterStatus_dictText: '待审核' });
    const pending = (await rig.call(reviewer.token, 'GET', '/rights/org/list?enterStatus=1&column=createTime&order=asc&pageSize=100')).result;
    expect(pending.records.every((r: { enterStatus: string }) => r.enterStatus === '1')).toBe(true);
    expect((await rig.call(reviewer.token, 'GET', `/rights/org/queryById?id=${res.result}`)).result.orgName).toBe(evil);
    expect((await rig.call(reviewer.token, 'GET', '/rights/org/list?column=password')).success).toBe(false);
  });

  it('bad input is refused with 400 or a business message, never a 500', async () => {
    const token = await rig.loginAs('fresh', PASSWORD);
    const bodies: [string, unknown][] = [
      ['/rights/org/saveEnrol', { orgName: { $gt: '' } }],
      ['/rights/org/saveEnrol', { orgName: 'x'.repeat(101) }],
      ['/rights/org/submitEnrol', { orgName: '机构', foundDate: 12345 }],
      ['/rights/org/submitCertify', { practiceFile: ['a', 'b'] }],
      ['/rights/org/submitEnrol', 'not json'],
    ];
    for (const [url, body] of bodies) {
      const res = await rig.inject({
        method: 'POST',
        url: rig.api(url),
        headers: { 'X-Access-Token': token, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().success, url).toBe(false);
    }
    for (const body of [{ id: 'x'.repeat(37), result: 'pass' }, { id: 'a', result: 'maybe' }, { result: 'pass' }]) {
      const res = await rig.inject({ method: 'POST', url: rig.api('/rights/org/approveEnrol'), headers: { 'X-Access-Token': reviewer.token }, payload: body });
      expect(res.statusCode).toBe(400);
    }
  });
});
