import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RightsMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, RoleId } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysUserRole } from '../../identity/user/user.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { certifiedOrg, rightsRig } from '../shared/test-fixtures.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';

const account = (overrides: Record<string, unknown> = {}) => ({
  accountName: '测试知识产权代理有限公司',
  bankName: '中国工商银行',
  branchName: '杭州西湖支行',
  accountNo: '6222 0212 3456 1234',
  bankCode: '102331000123',
  accountNature: '1',
  ...overrides,
});

describe('DOMAIN bank account: per organisation, one default, approved by finance before use, masked except to finance and the owner', async () => {
  const rig = await rightsRig();
  const db = rig.database.db;
  const reviewer = await rig.staff('rev', [RoleId.reviewer]);
  const finance = await rig.staff('fin1', [RoleId.finance]);
  const finance2 = await rig.staff('fin2', [RoleId.finance]);
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const b = await certifiedOrg(rig, reviewer.token, 2, { holder: true });
  const defaults = async (orgId: string) =>
    (
      await db
        .select()
        .from(rightsBankAccount)
        .where(and(eq(rightsBankAccount.orgId, orgId), eq(rightsBankAccount.isDefault, '1'), eq(rightsBankAccount.delFlag, '0')))
    ).map((r) => r.id);

  let first = '';
  let second = '';
  it('add: validated; waits for finance (待审核); the first account is the default, a new default replaces it', async () => {
    for (const [patch, message] of [
      [{ accountNo: '1234' }, '银行账号应为8-30位数字'],
      [{ accountNo: '6222abcd12345678' }, '银行账号应为8-30位数字'],
      [{ bankCode: '123' }, '联行号应为12位数字'],
      [{ accountNature: '3' }, '请选择账户性质'],
      [{ bankName: '' }, '请输入开户银行'],
    ] as const) {
      const res = await rig.call(a.token, 'POST', '/rights/bank/add', account(patch));
      expect(res.success, JSON.stringify(patch)).toBe(false);
      expect(res.message).toContain(message);
    }
    first = (await rig.call(a.token, 'POST', '/rights/bank/add', account())).result;
    second = (await rig.call(a.token, 'POST', '/rights/bank/add', account({ accountNo: '6222021234565678', accountNature: '2', isDefault: '0' }))).result;
    expect(await defaults(a.orgId)).toEqual([first]);
    const third = (await rig.call(a.token, 'POST', '/rights/bank/add', account({ accountNo: '6222021234569999', isDefault: '1' }))).result;
    expect(await defaults(a.orgId)).toEqual([third]);
    expect((await rig.call(a.token, 'POST', '/rights/bank/setDefault', { id: first })).success).toBe(true);
    expect(await defaults(a.orgId)).toEqual([first]);
    const list = (await rig.call(a.token, 'GET', '/rights/bank/list?column=createTime&order=asc')).result;
    expect(list.total).toBe(3);
    expect(list.records[0]).toMatchObject({
      accountNo: '6222021234561234',
      accountNoVisible: true,
      auditStatus: '0',
      auditStatus_dictText: '待审核',
      accountNature_dictText: '对公',
      isDefault: '1',
      orgName: '测试知识产权代理有限公司1',
    });
  });

  it('masked to everyone but finance and the owner; invisible to other organisations', async () => {
    const asFinance = (await rig.call(finance.token, 'GET', `/rights/bank/queryById?id=${first}`)).result;
    expect(asFinance).toMatchObject({ accountNo: '6222021234561234', accountNoVisible: true });
    const asAdmin = (await rig.call(admin, 'GET', `/rights/bank/list?orgId=${a.orgId}`)).result;
    expect(asAdmin.total).toBe(3);
    expect(asAdmin.records.map((r: { accountNo: string }) => r.accountNo)).toContain('6222 **** **** 1234');
    expect(asAdmin.records.every((r: { accountNoVisible: boolean }) => !r.accountNoVisible)).toBe(true);
    expect(JSON.stringify(asAdmin)).not.toContain('6222021234561234');
    expect((await rig.call(b.token, 'GET', '/rights/bank/list')).result.total).toBe(0);
    expect((await rig.call(b.token, 'GET', `/rights/bank/queryById?id=${first}`)).message).toBe(RightsMsg.notFound);
    expect((await rig.call(b.token, 'GET', `/rights/bank/list?orgId=${a.orgId}`)).result.total).toBe(0);
    expect((await rig.call(admin, 'GET', '/rights/bank/list?accountNo=6222021234561234')).result.total).toBe(3);
  });

  it("another organisation's account is refused for edit, delete, default and status; nothing changes", async () => {
    const refusals = [
      await rig.call(b.token, 'PUT', '/rights/bank/edit', account({ id: first, accountNo: '99999999' })),
      await rig.call(b.token, 'DELETE', `/rights/bank/delete?id=${first}`),
      await rig.call(b.token, 'DELETE', `/rights/bank/deleteBatch?ids=${first},`),
      await rig.call(b.token, 'POST', '/rights/bank/setDefault', { id: first }),
      await rig.call(b.token, 'POST', '/rights/bank/changeStatus', { id: first, status: '0' }),
    ];
    for (const res of refusals) expect(res).toMatchObject({ success: false, message: RightsMsg.notFound });
    const own = (await rig.call(b.token, 'POST', '/rights/bank/add', account({ accountName: '测试品牌股份有限公司2', accountNo: '6217000011112222' }))).result;
    expect((await rig.call(b.token, 'DELETE', `/rights/bank/deleteBatch?ids=${own},${first}`)).message).toBe(RightsMsg.notFound);
    const [row] = await db.select().from(rightsBankAccount).where(eq(rightsBankAccount.id, first));
    expect(row).toMatchObject({ accountNo: '6222021234561234', delFlag: '0', status: '1', isDefault: '1' });
    expect((await db.select().from(rightsBankAccount).where(eq(rightsBankAccount.id, own)))[0].delFlag).toBe('0');
  });

  it('injection text in the text fields is stored and answered as plain text', async () => {
    const evil = `甲'); delete from rights_bank_account; --<b>x</b>`;
    const id = (
      await rig.call(a.token, 'POST', '/rights/bank/add', account({ accountName: evil, branchName: evil, remark: evil, accountNo: '6222000000003333' }))
    ).result;
    expect((await rig.call(a.token, 'GET', `/rights/bank/queryById?id=${id}`)).result).toMatchObject({ accountName: evil, branchName: evil, remark: evil });
    expect((await db.select().from(rightsBankAccount)).length).toBeGreaterThan(3);
    await rig.call(a.token, 'DELETE', `/rights/bank/delete?id=${id}`);
  });

  it("a proof file must be the organisation's own upload", async () => {
    const foreign = await rig.upload(b.token, 'pdf');
    expect((await rig.call(a.token, 'POST', '/rights/bank/add', account({ accountNo: '88888888', proofFile: foreign }))).message).toContain(
      RightsMsg.fileNotVisible,
    );
    const mine = await rig.upload(a.token, 'pdf');
    expect((await rig.call(a.token, 'PUT', '/rights/bank/edit', account({ id: second, accountNo: '6222021234565678', proofFile: mine }))).success).toBe(true);
  });

  it('finance approves (待审核 → 已通过) with an approval record (财务审核); approved accounts cannot be edited; rejection needs reasons, a rejected one is edited and waits again', async () => {
    const todo = (await rig.call(finance.token, 'GET', '/rights/approval/todo?bizType=7')).result;
    expect(todo.records.map((r: { bizId: string }) => r.bizId)).toContain(first);
    expect(todo.records[0]).toMatchObject({ bizType_dictText: '银行账户', node_dictText: '财务审核' });
    // neither the organisation nor a reviewer may decide a bank account: finance's alone
    for (const token of [a.token, reviewer.token]) {
      const refused = await rig.inject({
        method: 'POST',
        url: rig.api('/rights/bank/approve'),
        headers: { 'X-Access-Token': token },
        payload: { id: first, result: 'pass' },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: first, result: 'pass', opinion: '开户许可证核对无误' })).message).toBe(
      RightsMsg.bankApproved,
    );
    const [record] = await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, first));
    expect(record).toMatchObject({ bizType: '7', node: '3', result: '1', approverId: finance.id, orgId: a.orgId, bizTitle: '中国工商银行 尾号1234' });
    expect((await rig.call(a.token, 'PUT', '/rights/bank/edit', account({ id: first }))).message).toBe(RightsMsg.bankNotEditable);
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: first, result: 'reject', opinion: '再审' })).message).toBe(
      RightsMsg.bankNotPending,
    );
    expect(await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, first))).toHaveLength(1);
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: second, result: 'reject' })).message).toBe(RightsMsg.opinionRequired);
    expect((await rig.call(finance.token, 'POST', '/rights/bank/approve', { id: second, result: 'reject', opinion: '户名与机构名称不一致' })).success).toBe(
      true,
    );
    expect((await rig.call(a.token, 'GET', `/rights/bank/queryById?id=${second}`)).result).toMatchObject({
      auditStatus: '2',
      auditOpinion: '户名与机构名称不一致',
    });
    expect(
      (await rig.call(a.token, 'PUT', '/rights/bank/edit', account({ id: second, accountNo: '6222021234565678', accountName: '测试知识产权代理有限公司1' })))
        .success,
    ).toBe(true);
    expect((await db.select().from(rightsBankAccount).where(eq(rightsBankAccount.id, second)))[0].auditStatus).toBe('0');
    const history = (await rig.call(a.token, 'GET', `/rights/approval/list?bizId=${second}`)).result;
    expect(history.records[0]).toMatchObject({ result_dictText: '驳回', opinion: '户名与机构名称不一致' });
  });

  it('nobody approves their own account; parallel approvals: exactly one succeeds', async () => {
    await db.insert(sysUserRole).values({ id: newId(), userId: a.userId, roleId: RoleId.finance });
    const own = (await rig.call(a.token, 'POST', '/rights/bank/add', account({ accountNo: '6222000000007777' }))).result;
    expect((await rig.call(a.token, 'POST', '/rights/bank/approve', { id: own, result: 'pass' })).message).toBe(RightsMsg.selfApproval);
    expect(await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, own))).toHaveLength(0);
    await db.delete(sysUserRole).where(and(eq(sysUserRole.userId, a.userId), eq(sysUserRole.roleId, RoleId.finance)));
    const results = await Promise.all([
      rig.call(finance.token, 'POST', '/rights/bank/approve', { id: own, result: 'pass' }),
      rig.call(finance2.token, 'POST', '/rights/bank/approve', { id: own, result: 'reject', opinion: '不同意' }),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, own))).toHaveLength(1);
  });

  it('delete and status change of own accounts; deleting the default leaves no default', async () => {
    expect((await rig.call(a.token, 'POST', '/rights/bank/changeStatus', { id: first, status: '0' })).success).toBe(true);
    expect((await rig.call(a.token, 'GET', `/rights/bank/queryById?id=${first}`)).result).toMatchObject({ status: '0', status_dictText: '无效' });
    expect((await rig.call(a.token, 'DELETE', `/rights/bank/delete?id=${first}`)).message).toBe(RightsMsg.deleted);
    expect(await defaults(a.orgId)).toEqual([]);
    expect((await rig.call(a.token, 'GET', `/rights/bank/queryById?id=${first}`)).message).toBe(RightsMsg.notFound);
  });
});
