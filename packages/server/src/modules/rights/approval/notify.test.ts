import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuditStatus, bankFlow, RightsMsg } from '@sbwq/contracts';
import { RoleId } from '../../../test/harness.ts';
import { resolveSession } from '../../../platform/auth/session.ts';
import { connect, listenLocal } from '../../../platform/socket/socket.testkit.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { certifiedOrg, rightsRig, submittedOrg } from '../shared/test-fixtures.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { decide } from '../../core/approval/decide.ts';
import { DataTable } from '../../core/datalog/datalog.service.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { rewordTemplate } from '../../messaging/message/message.fixtures.ts';

type Notice = {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string;
  msgCategory: string;
  openType: string;
  openPage: string;
  busId: string;
  sender: string;
};

/** A notice to the user, not the monitor's "figures changed" ping every socket also gets. */
const isNotice = (msg: Record<string, unknown>) => msg.cmd === 'user';

describe('every decision notifies its submitter: a system message with the result and the remark, pushed at once (issue: decisions reach nobody)', async () => {
  const rig = await rightsRig();
  const db = rig.database.db;
  const base = `${await listenLocal(rig.app)}${rig.config.apiBase}`;
  const reviewer = await rig.staff('rev', [RoleId.reviewer]);
  const finance = await rig.staff('fin', [RoleId.finance]);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const bell = async (token: string): Promise<Notice[]> => (await rig.call(token, 'GET', '/sys/annountCement/listByUser')).result.sysMsgList;
  const noticeCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(sysAnnouncement))[0].n;
  const addBank = async (n: number) =>
    (
      await rig.call(a.token, 'POST', '/rights/bank/add', {
        accountName: '甲',
        bankName: '中国银行',
        branchName: '杭州分行',
        accountNo: `621660000000${1000 + n}`,
        accountNature: '1',
      })
    ).result as string;

  it('enrolment and certification: the applicant hears 通过 (certification) and 驳回 with the remark (enrolment), linking to their pages', async () => {
    // the approvals that made organisation a enrolled and certified told its applicant
    const told = await bell(a.token);
    expect(told.map((n) => n.titile)).toEqual(['机构认证材料审核已通过：测试知识产权代理有限公司1', '机构入驻申请审核已通过：测试知识产权代理有限公司1']);
    expect(told[0]).toMatchObject({
      msgCategory: '2',
      openType: 'url',
      openPage: '/dashboard/certification',
      busId: a.orgId,
      sender: 'rev',
      // issue 38: the 摘要 is the template's content as text, so a rewording reaches it too
      msgAbstract: '您提交的机构认证材料「测试知识产权代理有限公司1」已通过；审核人：rev-姓名；审核意见：认证通过',
    });
    expect(told[1]).toMatchObject({ openPage: '/dashboard/enter-organisation' });

    const b = await submittedOrg(rig, 2);
    const tab = await connect(`${base}/websocket/${b.userId}`, [b.token]);
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: b.orgId, result: 'reject', opinion: '营业执照<b>不清晰</b>' });
    const pushed = await tab.next();
    const [rejected] = await bell(b.token);
    expect(pushed).toEqual({ cmd: 'user', msgId: rejected.id, msgTxt: rejected.titile, userId: b.userId });
    expect(rejected.titile).toBe('机构入驻申请审核已驳回：测试知识产权代理有限公司2');
    expect(rejected.msgContent).toContain('审核意见：营业执照&lt;b&gt;不清晰&lt;/b&gt;');
    expect(rejected.msgContent).toContain('审核人：rev-姓名');
    tab.close();
  });

  it('rights record and bank account: the submitter hears the reviewer’s and finance’s decisions; nobody else does', async () => {
    const other = await certifiedOrg(rig, reviewer.token, 3);
    const before = (await bell(other.token)).length;
    const mark = (
      await rig.call(a.token, 'POST', '/rights/right/add', {
        trademarkName: '华光',
        regNo: '12345678',
        niceClass: '9',
        registrant: '某公司',
        regDate: '2018-01-01',
      })
    ).result;
    await rig.call(a.token, 'POST', '/rights/right/submit', { ids: mark });
    const tab = await connect(`${base}/websocket/${a.userId}`, [a.token]);
    expect((await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id: mark, result: 'pass', opinion: '' })).success).toBe(true);
    expect(await tab.next(undefined, isNotice)).toMatchObject({ cmd: 'user', msgTxt: '受保护权利审核已通过：华光（第9类 12345678）' });
    const bank = await addBank(1);
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: bank, result: 'reject', opinion: '开户名称与证明文件不符' })).success).toBe(
      true,
    );
    expect(await tab.next(undefined, isNotice)).toMatchObject({ cmd: 'user', msgTxt: '银行账户审核已驳回：中国银行 尾号1001' });
    tab.close();
    const [bankNotice, markNotice] = await bell(a.token);
    expect(bankNotice).toMatchObject({
      openPage: '/rights/org/bank',
      busId: bank,
      sender: 'fin',
      msgAbstract: '您提交的银行账户「中国银行 尾号1001」已驳回；审核人：fin-姓名；审核意见：开户名称与证明文件不符',
    });
    expect(markNotice).toMatchObject({ openPage: '/rights/right/list', busId: mark, msgAbstract: expect.stringMatching(/；审核意见：无$/) });
    expect(await bell(other.token)).toHaveLength(before);
    expect(await bell(reviewer.token)).toHaveLength(0);
    const mine = (await rig.call(a.token, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend')).result;
    expect(mine.records.map((r: { titile: string }) => r.titile)).toContain('银行账户审核已驳回：中国银行 尾号1001');
  });

  it('a refused decision (not pending, self-approval, unknown record) writes no message', async () => {
    const bank = await addBank(2);
    await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: bank, result: 'pass' });
    const count = await noticeCount();
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: bank, result: 'reject', opinion: '再驳回' })).message).toBe(
      RightsMsg.bankNotPending,
    );
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: 'no-such-id', result: 'pass' })).message).toBe(RightsMsg.notFound);
    const both = await rig.staff('both', [RoleId.reviewer, RoleId.agency]);
    expect((await rig.call(both.token, 'POST', '/rights/org/saveEnrol', await rig.enrolForm(9))).success).toBe(true);
    const applied = await rig.call(both.token, 'POST', '/rights/org/submitEnrol', {
      ...(await rig.enrolForm(9)),
      licenseFile: await rig.upload(both.token, 'png', '3'),
    });
    expect((await rig.call(both.token, 'POST', '/rights/org/approveEnrol', { id: applied.result, result: 'pass' })).message).toBe(RightsMsg.selfApproval);
    expect(await noticeCount()).toBe(count);
  });

  it('the message is written in the decision’s transaction: when it cannot be written, the decision is rolled back with it', async () => {
    const bank = await addBank(3);
    const approver = (await resolveSession(db, rig.deps.policy, finance.token))!;
    const count = await noticeCount();
    const body = { id: bank, result: 'pass' as const, opinion: null };
    await expect(
      decide(db, rig.deps.sockets, approver, body, {
        flow: bankFlow,
        action: 'approve',
        store: flowStore(rightsBankAccount, DataTable.bank),
        find: async () => (await db.select().from(rightsBankAccount).where(eq(rightsBankAccount.id, bank)))[0],
        submitterOf: (row) => row.submitBy,
        patch: () => ({}),
        approval: (row) => ({ bizTitle: row.bankName, orgId: row.orgId, sysOrgCode: row.sysOrgCode }),
        // not a route of this app: writeNotice refuses it inside the transaction
        page: () => 'https://evil.example/',
      }),
    ).rejects.toThrow();
    expect((await db.select().from(rightsBankAccount).where(eq(rightsBankAccount.id, bank)))[0].auditStatus).toBe(AuditStatus.pending);
    expect(await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, bank))).toHaveLength(0);
    expect(await noticeCount()).toBe(count);
    expect(await db.select().from(sysAnnouncement).where(like(sysAnnouncement.titile, '银行账户%尾号1003'))).toHaveLength(0);
  });

  it("issue 38: the enrolment result is the 消息模板 org_enrol_result; an administrator's rewording is what the next applicant reads", async () => {
    await rewordTemplate(db, 'org_enrol_result', {
      name: '入驻审核结果（${result}）：${bizTitle}',
      content: '<p>${bizTitle} 的入驻申请${result}，意见：${opinion}</p>',
    });
    const c = await submittedOrg(rig, 7);
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: c.orgId, result: 'reject', opinion: '缺少授权书' });
    const [told] = await bell(c.token);
    expect(told.titile).toBe('入驻审核结果（已驳回）：测试知识产权代理有限公司7');
    expect(told.msgContent).toBe('<p>测试知识产权代理有限公司7 的入驻申请已驳回，意见：缺少授权书</p>');
  });
});
