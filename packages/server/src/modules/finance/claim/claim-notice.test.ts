import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ClaimNotice } from '@sbwq/contracts';
import { RoleId } from '../../../test/harness.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { PASSWORD } from '../../rights/shared/test-fixtures.ts';
import { sysUser } from '../../identity/user/user.table.ts';
import { claimRig } from './claim.fixtures.ts';
import { rewordTemplate } from '../../messaging/message/message.fixtures.ts';

const BASE = '/rights/financeRecord';

type Mine = {
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  priority: string | null;
  busId: string | null;
  busType: string | null;
  openType?: string | null;
  openPage?: string | null;
};

/**
 * DOMAIN claim flow 待业务审核 → 待财务审核 → 待付款 → 已付款 | 付款失败; 驳回; 退回补充发票, as the submitter
 * reads it in 我的消息: each step says what happened at that step, the amount decided when it differs from
 * the amount asked (with thousands separators), and what comes next (spec §2 notice modal for 退回).
 */
describe('the submitter is told what each step of a claim decided, the amount, and the next step', async () => {
  const s = await claimRig({ total: '1000000', orgCap: null });
  const { rig, a, reviewer, finance } = s;
  const call = rig.call;
  const batch = await s.enforcing(a, s.rightA, 13);
  const mine = async (token: string, claimId: string): Promise<Mine[]> =>
    ((await call(token, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100')).result.records as Mine[])
      .filter((n) => n.busId === claimId)
      .reverse();
  const told = (claimId: string) => mine(a.token, claimId);
  // a colleague of the submitter, in the same organisation
  const [orgA] = await rig.database.db.select().from(rightsOrg).where(eq(rightsOrg.id, a.orgId));
  const colleagueId = await rig.createUser({ username: 'orgmate', password: PASSWORD, roleIds: [RoleId.agency], departIds: [] });
  await rig.database.db.update(sysUser).set({ orgCode: orgA.sysOrgCode }).where(eq(sysUser.id, colleagueId));
  const colleague = await rig.loginAs('orgmate', PASSWORD);

  it('a cut amount (11,000 approved of 12,000): 业务审核通过，待财务审核 then 财务审核通过，待付款, each stating both amounts and the cut', async () => {
    const id = await s.claimOf('12000', { batchId: batch });
    const claimNo = (await s.claim(id)).claimNo;
    expect(
      (await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass', approvedAmount: '11000', opinion: '部分公证费不在本批次' })).success,
    ).toBe(true);
    expect((await call(finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'pass', opinion: '同意' })).success).toBe(true);
    const [biz, fin, ...more] = await told(id);
    expect(more).toEqual([]);
    expect(biz.titile).toBe(`报销单业务审核通过，待财务审核：${claimNo}（核定 11,000.00 元，申请 12,000.00 元）`);
    expect(biz.msgContent).toContain('核定金额 11,000.00 元，申请金额 12,000.00 元，核减 1,000.00 元');
    expect(biz.msgContent).toContain('审核意见：部分公证费不在本批次');
    expect(biz.msgContent).toContain('下一步：协会财务审核');
    expect(fin.titile).toBe(`报销单财务审核通过，待付款：${claimNo}（核定 11,000.00 元，申请 12,000.00 元）`);
    expect(fin.msgContent).toContain('核定金额 11,000.00 元');
    expect(fin.msgContent).toContain('下一步：协会财务安排付款');
    for (const n of [biz, fin]) {
      expect(n.titile).not.toContain('审核已通过');
      expect(n).toMatchObject({ openType: 'url', openPage: '/finance/claim/list' });
    }
    // 财务进度 says the same, amounts separated by thousands
    const progress = (await call(a.token, 'GET', `${BASE}/progress?id=${id}`)).result as { action: string; remark: string | null }[];
    expect(progress.find((e) => e.action === '提交')?.remark).toBe('申请金额 12,000.00 元，扣减项 0.00 元');
    expect(progress.find((e) => e.action === '业务审核')?.remark).toBe(
      '核定金额 11,000.00 元，申请金额 12,000.00 元，核减 1,000.00 元；意见：部分公证费不在本批次',
    );
  });

  it('付款失败 tells the reason and what to do; 已付款 tells the amount, the date and the 流水号', async () => {
    const id = await s.claimOf('12000', { batchId: await s.enforcing(a, s.rightA, 12) });
    const claimNo = (await s.claim(id)).claimNo;
    await s.toPay(id, '11000');
    const before = (await told(id)).length;
    expect((await call(finance.token, 'POST', `${BASE}/payment/fail`, { id, reason: '户名与账号不符，银行退票' })).success).toBe(true);
    const body = await s.payBody(id);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, body)).success).toBe(true);
    // a retry of the same payment books nothing and tells nobody again
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, body)).success).toBe(true);
    const [failed, paid, ...more] = (await told(id)).slice(before);
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ titile: `报销单付款失败：${claimNo}`, busType: 'claim_pay_failed', priority: 'H', openPage: '/finance/claim/list' });
    expect(failed.msgContent).toContain('失败原因：户名与账号不符，银行退票');
    expect(failed.msgContent).toContain('应付金额：11,000.00 元');
    expect(failed.msgContent).toContain(ClaimNotice.next.payFailed);
    expect(paid).toMatchObject({ titile: `报销单已付款：${claimNo}，11,000.00 元，付款日期 2026-04-01`, busType: 'claim_paid' });
    expect(paid.msgContent).toContain(`付款流水号：${body.serialNo}`);
    expect(paid.msgContent).toContain('核定金额 11,000.00 元，申请金额 12,000.00 元，核减 1,000.00 元');
  });

  it('the full amount approved: the notices state it once, with no cut', async () => {
    const id = await s.claimOf('1234.5', { batchId: batch });
    const claimNo = (await s.claim(id)).claimNo;
    await s.toPay(id);
    await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id));
    const [biz, fin, paid] = await told(id);
    expect(biz.titile).toBe(`报销单业务审核通过，待财务审核：${claimNo}`);
    expect(biz.msgContent).toContain('核定金额 1,234.50 元（与申请金额相同）');
    expect(fin.titile).toBe(`报销单财务审核通过，待付款：${claimNo}`);
    expect(paid.titile).toBe(`报销单已付款：${claimNo}，1,234.50 元，付款日期 2026-04-01`);
    expect(paid.msgContent).not.toContain('核减');
  });

  it('退回补充发票 is one urgent notice with the reason and 去处理, not a decision notice and a reminder', async () => {
    const id = await s.claimOf('500', { batchId: batch });
    const claimNo = (await s.claim(id)).claimNo;
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' });
    await call(finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'returned', opinion: '发票不清晰，请重新上传' });
    const [, returned, ...more] = await told(id);
    expect(more).toEqual([]);
    expect(returned).toMatchObject({
      titile: ClaimNotice.returned(claimNo),
      priority: 'H',
      busType: 'claim_returned',
      openType: 'url',
      openPage: '/finance/claim/list',
    });
    expect(returned.msgContent).toContain('在财务审核中被退回补充发票');
    expect(returned.msgContent).toContain('退回原因：发票不清晰，请重新上传');
    expect(returned.msgContent).toContain(`<p style="color:red">${ClaimNotice.next.returned}</p>`);
    // the organisation's other users get the same urgent notice (the reminder's reach), not the review's other messages
    expect((await mine(colleague, id)).map((n) => n.titile)).toEqual([returned.titile]);
  });

  it('驳回 names the review that refused it, the reason, and that the claim has ended', async () => {
    const id = await s.claimOf('300', { batchId: batch });
    const claimNo = (await s.claim(id)).claimNo;
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'reject', opinion: '费用与本批次维权无关' });
    const [rejected, ...more] = await told(id);
    expect(more).toEqual([]);
    expect(rejected).toMatchObject({ titile: `报销单业务审核未通过，已驳回：${claimNo}`, priority: 'M' });
    expect(rejected.msgContent).toContain('驳回原因：费用与本批次维权无关');
    expect(rejected.msgContent).toContain('申请金额 300.00 元');
    expect(rejected.msgContent).toContain(ClaimNotice.next.rejected);
  });

  it('issue 38: the review and payment notices are the 消息模板 claim_rejected and claim_paid; a rewording is what the next notice says, its 摘要 included (no summary line in code)', async () => {
    const db = rig.database.db;
    await rewordTemplate(db, 'claim_rejected', { name: '报销单 ${claimNo} 未获通过（${stage}）', content: '<p>原因：${opinion}</p>' });
    await rewordTemplate(db, 'claim_paid', {
      name: '已向您付款 ${amount} 元：${claimNo}',
      content: '<p>${amount} 元已于 ${payDate} 付出，流水号 ${serialNo}。</p>',
    });
    const refused = await s.claimOf('200', { batchId: batch });
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id: refused, result: 'reject', opinion: '重复报销' });
    const [rejected] = await told(refused);
    expect(rejected).toMatchObject({
      titile: `报销单 ${(await s.claim(refused)).claimNo} 未获通过（业务审核）`,
      msgContent: '<p>原因：重复报销</p>',
      msgAbstract: '原因：重复报销',
    });
    const paidId = await s.claimOf('88.8', { batchId: batch });
    await s.toPay(paidId);
    const payment = await s.payBody(paidId);
    await call(finance.token, 'POST', `${BASE}/payment/pay`, payment);
    expect((await told(paidId)).at(-1)).toMatchObject({
      titile: `已向您付款 88.80 元：${(await s.claim(paidId)).claimNo}`,
      msgAbstract: `88.80 元已于 2026-04-01 付出，流水号 ${payment.serialNo}`,
    });
  });
});
