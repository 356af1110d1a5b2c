import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuditStatus } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { ADMIN_PASSWORD, json } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { seedRightsDemo } from './demo.seed.ts';

const DEMO_UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:content:v1'];

describe('demo data (SEED_DEMO=1): organisations in every state, their users, bank accounts, a few hundred rights records', async () => {
  const { t, db, applied, announced, passwordOf } = await appWithDemo(DEMO_UNITS);

  it('runs once and prints each generated password once', () => {
    expect(applied).toEqual(DEMO_UNITS);
    const text = announced.join('\n');
    expect(text).toContain('已创建演示机构账号（密码只显示这一次）');
    for (const username of ['agency02', 'holder02', 'agency10', 'agency13']) expect(text).toMatch(new RegExp(`\\s${username}\\s+[A-Za-z0-9]{16}\\s`));
  });

  it('organisations in each state: 未提交, 待审核, 已驳回, 已入驻 (未认证, 认证中, 已认证, 认证失败), 已停用', async () => {
    const counts = await rows<{ enter_status: string; certify_status: string; n: number }>(
      db,
      sql`select enter_status, certify_status, count(*)::int as n from rights_org group by 1, 2 order by 1, 2`,
    );
    const n = (enter: string, certify: string) => counts.find((c) => c.enter_status === enter && c.certify_status === certify)?.n ?? 0;
    expect(n('0', '0')).toBeGreaterThanOrEqual(2);
    expect(n('1', '0')).toBeGreaterThanOrEqual(2);
    expect(n('3', '0')).toBeGreaterThanOrEqual(2);
    expect(n('2', '0')).toBeGreaterThanOrEqual(1);
    expect(n('2', '1')).toBeGreaterThanOrEqual(2);
    expect(n('2', '2')).toBeGreaterThanOrEqual(6);
    expect(n('2', '3')).toBeGreaterThanOrEqual(1);
    expect(n('4', '2')).toBeGreaterThanOrEqual(2);
    // every enrolled (or disabled) organisation is a department under 入驻服务机构 / 会员企业, with its user in it
    const enrolled = await db
      .select()
      .from(rightsOrg)
      .where(inArray(rightsOrg.enterStatus, ['2', '4']));
    for (const org of enrolled) {
      const [depart] = await db.select().from(sysDepart).where(eq(sysDepart.id, org.departId!));
      expect(depart.orgCode, org.orgName).toBe(org.sysOrgCode);
      expect(depart.orgCode).toMatch(org.orgType === '5' ? /^A03A\d{2}$/ : /^A02A\d{2}$/);
      const [user] = await db.select().from(sysUser).where(eq(sysUser.id, org.applicantId!));
      expect(user.orgCode).toBe(org.sysOrgCode);
    }
    const demo = await db
      .select()
      .from(rightsOrg)
      .where(inArray(rightsOrg.sysOrgCode, ['A02A01', 'A03A01']));
    expect(demo.map((o) => [o.orgName, o.enterStatus, o.certifyStatus]).sort()).toEqual([
      ['示例品牌科技股份有限公司', '2', '2'],
      ['示例知识产权代理有限公司', '2', '2'],
    ]);
  });

  it('bank accounts in every review state, one default per organisation; approval records for every decision', async () => {
    const banks = await rows<{ audit_status: string; n: number }>(db, sql`select audit_status, count(*)::int as n from rights_bank_account group by 1`);
    expect(banks.map((b) => b.audit_status).sort()).toEqual(['0', '1', '2']);
    const twoDefaults = await rows(db, sql`select org_id from rights_bank_account where is_default = '1' group by org_id having count(*) > 1`);
    expect(twoDefaults).toEqual([]);
    const undecided = await rows(
      db,
      sql`select r.id from rights_right r where r.audit_status in ('1', '2')
            and not exists (select 1 from rights_approval a where a.biz_id = r.id and a.biz_type = '3')`,
    );
    expect(undecided).toEqual([]);
    const approvals = await rows<{ biz_type: string }>(db, sql`select distinct biz_type from rights_approval order by 1`);
    expect(approvals.map((a) => a.biz_type)).toEqual(['1', '2', '3', '7']);
  });

  it('a few hundred rights records in every audit state, and every derived flag occurs (staff view)', async () => {
    const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from rights_right`);
    expect(n).toBeGreaterThanOrEqual(200);
    const states = await rows<{ audit_status: string }>(db, sql`select distinct audit_status from rights_right order by 1`);
    expect(states.map((s) => s.audit_status)).toEqual(['0', '1', '2', '3']);
    const reviewer = await t.loginAs('reviewer', passwordOf('reviewer'));
    for (const flag of ['expiringSoon', 'inGracePeriod', 'expired', 'authExpired']) {
      const page = json(await t.inject({ url: t.api(`/rights/right/list?expiryFlag=${flag}&pageSize=5`), headers: { 'X-Access-Token': reviewer } })).result;
      expect(page.total, flag).toBeGreaterThan(0);
      expect(
        page.records.every((r: Record<string, boolean>) => r[flag]),
        flag,
      ).toBe(true);
    }
    const todo = json(await t.inject({ url: t.api('/rights/approval/todo?pageSize=500'), headers: { 'X-Access-Token': reviewer } })).result;
    expect(new Set(todo.records.map((r: { bizType: string }) => r.bizType))).toEqual(new Set(['1', '2', '3']));
  });

  it('the demo users agency and holder belong to certified organisations and see their own records; new accounts sign in', async () => {
    for (const username of ['agency', 'holder', 'agency02']) {
      const token = await t.loginAs(username, passwordOf(username));
      const status = json(await t.inject({ url: t.api('/rights/org/status'), headers: { 'X-Access-Token': token } })).result;
      expect(status, username).toMatchObject({ nextStep: 'done', allowed: true });
      const list = json(await t.inject({ url: t.api('/rights/right/list'), headers: { 'X-Access-Token': token } })).result;
      expect(list.total, username).toBeGreaterThan(0);
      expect(list.records.every((r: { orgId: string }) => r.orgId === status.orgId)).toBe(true);
    }
    const pending = await t.loginAs('agency09', passwordOf('agency09'));
    expect(json(await t.inject({ url: t.api('/rights/org/status'), headers: { 'X-Access-Token': pending } })).result.nextStep).toBe('waitEnrol');
  });

  it('does nothing on a database that already has organisations', async () => {
    const before = await rows<{ n: number }>(db, sql`select count(*)::int as n from rights_right`);
    await seedRightsDemo(db, () => undefined);
    expect(await rows<{ n: number }>(db, sql`select count(*)::int as n from rights_right`)).toEqual(before);
  });

  it('every protected right has a 商标图样 that the static route serves as a PNG, listed in 文件信息 as 商标图样 of that record', async () => {
    const reviewer = await t.loginAs('reviewer', passwordOf('reviewer'));
    const rights = await rows<{ id: string; mark_image: string | null; audit_status: string }>(
      db,
      sql`select id, mark_image, audit_status from rights_right where del_flag = '0'`,
    );
    expect(rights.length).toBeGreaterThanOrEqual(200);
    expect(rights.filter((r) => !r.mark_image)).toEqual([]);
    const submitted = rights.filter((r) => r.audit_status !== AuditStatus.draft);
    expect(submitted.length).toBeLessThan(rights.length);
    // a draft's files are its organisation's alone until it is submitted: the reviewer is told it is not there
    for (const draft of rights.filter((r) => r.audit_status === AuditStatus.draft).slice(0, 5)) {
      const res = await t.inject({ url: t.api(`/sys/common/static/${draft.mark_image}`), headers: { 'X-Access-Token': reviewer } });
      expect(res.statusCode, draft.mark_image!).toBe(404);
    }
    for (const right of submitted) {
      const res = await t.inject({ url: t.api(`/sys/common/static/${right.mark_image}`), headers: { 'X-Access-Token': reviewer } });
      expect(res.statusCode, right.mark_image!).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rights_right r join sb_file_info f on f.file_path = r.mark_image
           where f.file_type = '10' and f.biz_type = 'rights_right' and f.biz_id = r.id and f.sys_org_code = r.sys_org_code`,
    );
    expect(n).toBe(rights.length);
    // the organisation sees its own images too
    const agency = await t.loginAs('agency', passwordOf('agency'));
    const own = json(await t.inject({ url: t.api('/rights/right/list?pageSize=1'), headers: { 'X-Access-Token': agency } })).result.records[0];
    expect((await t.inject({ url: t.api(`/sys/common/static/${own.markImage}`), headers: { 'X-Access-Token': agency } })).headers['content-type']).toBe(
      'image/png',
    );
  });

  it('every organisation waiting for certification (认证中) has its 营业执照, 执业许可证 (PDF) and, for agencies, 备案证明 for the reviewer to check', async () => {
    const reviewer = await t.loginAs('reviewer', passwordOf('reviewer'));
    const certifying = await db.select().from(rightsOrg).where(eq(rightsOrg.certifyStatus, '1'));
    expect(certifying.length).toBeGreaterThanOrEqual(2);
    for (const org of certifying) {
      expect(org.licenseFile, org.orgName).toBeTruthy();
      expect(org.practiceFile, org.orgName).toBeTruthy();
      if (org.orgType === '1') expect(org.filingFile, org.orgName).toBeTruthy();
      const pdf = await t.inject({ url: t.api(`/sys/common/static/${org.practiceFile}`), headers: { 'X-Access-Token': reviewer } });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const types = await rows<{ file_type: string }>(
        db,
        sql`select file_type from sb_file_info where biz_type = 'rights_org' and biz_id = ${org.id} order by 1`,
      );
      expect(types.map((f) => f.file_type)).toEqual(org.orgType === '1' ? ['11', '12', '3'] : ['11', '3']);
    }
    const unfiled = await rows(db, sql`select id from rights_bank_account where del_flag = '0' and proof_file is null`);
    expect(unfiled).toEqual([]);
  });

  it('文件信息 is filled: every file has a 文件类型 and names its record', async () => {
    const reviewer = await t.loginAs('reviewer', passwordOf('reviewer'));
    const page = json(await t.inject({ url: t.api('/rights/sbFileInfo/list?pageSize=100'), headers: { 'X-Access-Token': reviewer } })).result;
    expect(page.total).toBeGreaterThan(400);
    for (const file of page.records) {
      expect(file.fileType, file.fileName).toBeTruthy();
      expect(file.bizTitle, file.fileName).toBeTruthy();
    }
    const [{ untyped }] = await rows<{ untyped: number }>(db, sql`select count(*)::int as untyped from sb_file_info where file_type is null or biz_id is null`);
    expect(untyped).toBe(0);
  });

  it('职务 are seeded with codes and ranks from position_rank', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const page = json(await t.inject({ url: t.api('/sys/position/list?pageSize=50'), headers: { 'X-Access-Token': admin } })).result;
    expect(page.total).toBeGreaterThanOrEqual(8);
    expect(page.records.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['协会秘书长', '审核专员', '财务主管', '维权专员', '法务顾问']));
    for (const p of page.records) expect(['1', '2', '3', '4', '5']).toContain(p.postRank);
  });

  it('each demo user has announcements and system messages in the bell and 我的消息, some read and some unread', async () => {
    const [{ released }] = await rows<{ released: number }>(
      db,
      sql`select count(*)::int as released from sys_announcement where send_status = '1' and msg_category = '1'`,
    );
    expect(released).toBeGreaterThanOrEqual(4);
    const kinds = await rows<{ msg_type: string; priority: string; open_type: string | null }>(
      db,
      sql`select distinct msg_type, priority, open_type from sys_announcement where msg_category = '1'`,
    );
    expect(new Set(kinds.map((k) => k.msg_type))).toEqual(new Set(['ALL', 'USER']));
    expect(new Set(kinds.map((k) => k.priority))).toEqual(new Set(['L', 'M', 'H']));
    expect(kinds.some((k) => k.open_type === 'url')).toBe(true);
    for (const username of ['admin', 'reviewer', 'finance', 'agency', 'holder']) {
      const token = await t.loginAs(username, username === 'admin' ? ADMIN_PASSWORD : passwordOf(username));
      const bell = json(await t.inject({ url: t.api('/sys/annountCement/listByUser'), headers: { 'X-Access-Token': token } })).result;
      expect(bell.anntMsgTotal, username).toBeGreaterThan(0);
      expect(bell.sysMsgTotal, username).toBeGreaterThan(0);
      const mine = json(
        await t.inject({ url: t.api('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50'), headers: { 'X-Access-Token': token } }),
      ).result;
      const flags = new Set(mine.records.map((r: { readFlag: string }) => r.readFlag));
      expect(flags, username).toEqual(new Set(['0', '1']));
    }
    const reminders = await rows(db, sql`select id from sys_announcement where titile like '%报销%' and send_status = '1'`);
    expect(reminders.length).toBe(1);
  });
});
