import { describe, expect, it } from 'vitest';
import { AgencyStatsPath, agencyQueries, LogType, OperateType } from '@sbwq/contracts';
import { ADMIN_PASSWORD, dbKind, RoleId } from '../../../test/harness.ts';
import { rightsRig, submittedOrg } from '../../rights/shared/test-fixtures.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysLog } from './log.table.ts';
import { listLogs } from './log.service.ts';
import { plainAction, readableContent } from './operation-log.ts';
import { operationsAtOf } from './operation-log.fixtures.ts';

// Issue 36 (操作日志 and 个人中心 最近操作): plain Chinese action names, the business number and the decision,
// an approval typed as 修改, read-only queries left out, and a sign-in naming its 操作人.
describe(`操作日志 in plain words (issue 36) on ${dbKind}`, async () => {
  const rig = await rightsRig();
  const db = rig.database.db;
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const reviewer = await rig.staff('rev36', [RoleId.reviewer]);
  const operationsAt = operationsAtOf(rig);

  it('an approval names the record by its business name, says the decision and is typed 修改, without developer notation', async () => {
    const org = await submittedOrg(rig, 36);
    const decided = await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'reject', opinion: '营业执照不清晰' });
    expect(decided.success).toBe(true);
    const [row] = await operationsAt('/rights/org/approveEnrol');
    expect(row.logContent).toBe('机构入驻与认证-审批入驻申请：测试知识产权代理有限公司36，驳回');
    expect(row.logContent).not.toMatch(/→|pass|reject|（/);
    expect(row.operateType).toBe(OperateType.edit);
    const [submitted] = await operationsAt('/rights/org/submitEnrol');
    expect(submitted.logContent).toBe('机构入驻与认证-提交入驻申请：测试知识产权代理有限公司36');
  });

  it('the 个人中心 最近操作 shows the same words, and not the sign-ins (登录日志 has them)', async () => {
    const center = await rig.call(reviewer.token, 'GET', '/sys/account/center');
    const contents = (center.result.activity as { content: string }[]).map((a) => a.content);
    expect(contents).toContain('机构入驻与认证-审批入驻申请：测试知识产权代理有限公司36，驳回');
    expect(contents.filter((c) => c.includes('登录'))).toEqual([]);
  });

  it('a statistics query sent as POST is not an operation: its declaration says it only reads (issue 37: agencyQueries, readOnly)', async () => {
    expect(agencyQueries.actions.ranking).toMatchObject({ path: AgencyStatsPath.list, method: 'POST', readOnly: true });
    expect((await rig.call(admin, 'POST', AgencyStatsPath.list, { pageNo: 1, pageSize: 10 })).success).toBe(true);
    expect(await operationsAt(AgencyStatsPath.list)).toEqual([]);
  });

  it('a sign-in row names the account and its holder as 操作人', async () => {
    await rig.loginAs('admin', ADMIN_PASSWORD);
    const logins = await operationsAt('/sys/login');
    expect(logins.length).toBeGreaterThan(0);
    const named = new Map(logins.map((r) => [r.userid, r.username]));
    expect(named.get('admin')).toBe('系统管理员');
    expect(named.get('rev36')).toBe('rev36-姓名');
    expect(logins.filter((r) => !r.userid || !r.username)).toEqual([]);
  });

  it('rows written before the fix are shown in today’s words; the title after the action keeps its brackets', async () => {
    expect(plainAction('初审/复审（pass/reject/returned）')).toBe('审核');
    expect(plainAction('业务审核（待业务审核 → 待财务审核/已驳回/退回补充发票）')).toBe('业务审核');
    expect(readableContent('线索批次-初审/复审（pass/reject/returned）：XS20261127002 新润居（旗舰店）')).toBe('线索批次-审核：XS20261127002 新润居（旗舰店）');
    const id = newId();
    await db.insert(sysLog).values({
      id,
      logType: LogType.operation,
      logContent: '报销单-财务审核（待财务审核 → 待付款/已驳回/退回补充发票）',
      operateType: null,
      userid: 'finance',
      username: '财务小李',
      permissionCode: 'finance:claim:financeReview',
      requestType: 'POST',
      createTime: new Date(),
    });
    const page = await listLogs({ db }, { logType: String(LogType.operation), userid: 'finance', pageNo: 1, pageSize: 10 });
    expect(page.records.find((r) => r.id === id)).toMatchObject({ logContent: '报销单-财务审核', operateType: OperateType.edit });
    // a statistics query logged before the fix is not listed
    const query = newId();
    await db.insert(sysLog).values({
      id: query,
      logType: LogType.operation,
      logContent: '统计-机构申请排行',
      userid: 'finance',
      method: rig.api(AgencyStatsPath.list),
      requestType: 'POST',
      createTime: new Date(),
    });
    const again = await listLogs({ db }, { logType: String(LogType.operation), pageNo: 1, pageSize: 100 });
    expect(again.records.map((r) => r.id)).toContain(id);
    expect(again.records.map((r) => r.id)).not.toContain(query);
  });
});
