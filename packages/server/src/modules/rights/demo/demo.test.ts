import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../platform/db/client.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { createTestApp, json } from '../../../test/harness.ts';
import { sysDepart } from '../../system/depart/depart.table.ts';
import { sysUser } from '../../system/user/user.table.ts';
import { rightsOrg } from '../org/org.table.ts';
import { seedRightsDemo } from './demo.seed.ts';

describe('issue 7 demo data (SEED_DEMO=1): organisations in every state, their users, bank accounts, a few hundred rights records', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  // The harness seeds without demo data; run the demo units again as a first start with SEED_DEMO=1 would.
  await db.delete(sysSeed).where(inArray(sysSeed.key, ['demo:users:v1', 'demo:rights:v1']));
  const announced: string[] = [];
  const started = performance.now();
  const applied = await runSeeds(db, { adminPassword: null, seedDemo: true, announce: (text) => announced.push(text) });
  const seconds = (performance.now() - started) / 1000;
  // demo:users:v1 prints `name realname password`, demo:rights:v1 prints `name password organisation`.
  const passwordOf = (username: string) => {
    const text = announced.join('\n');
    return (new RegExp(`^\\s+${username}\\s+([A-Za-z0-9]{16})\\s`, 'm').exec(text) ?? new RegExp(`^\\s+${username}\\s+\\S+\\s+([A-Za-z0-9]{16})$`, 'm').exec(text))![1];
  };

  it('runs once, fast, and prints each generated password once', () => {
    expect(applied).toEqual(['demo:users:v1', 'demo:rights:v1']);
    expect(seconds).toBeLessThan(5);
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
    const enrolled = await db.select().from(rightsOrg).where(inArray(rightsOrg.enterStatus, ['2', '4']));
    for (const org of enrolled) {
      const [depart] = await db.select().from(sysDepart).where(eq(sysDepart.id, org.departId!));
      expect(depart.orgCode, org.orgName).toBe(org.sysOrgCode);
      expect(depart.orgCode).toMatch(org.orgType === '5' ? /^A03A\d{2}$/ : /^A02A\d{2}$/);
      const [user] = await db.select().from(sysUser).where(eq(sysUser.id, org.applicantId!));
      expect(user.orgCode).toBe(org.sysOrgCode);
    }
    const demo = await db.select().from(rightsOrg).where(inArray(rightsOrg.sysOrgCode, ['A02A01', 'A03A01']));
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
      expect(page.records.every((r: Record<string, boolean>) => r[flag]), flag).toBe(true);
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
});
