import { describe, expect, it } from 'vitest';
import { RoleId } from '../../../test/harness.ts';
import { certifiedOrg, rightsRig, submittedOrg } from '../shared/test-fixtures.ts';

describe('DOMAIN approval: 待我审批 follows the caller’s approval permissions; 审批记录 are scoped', async () => {
  const rig = await rightsRig();
  const reviewer = await rig.staff('rev', [RoleId.reviewer]);
  const finance = await rig.staff('fin', [RoleId.finance]);
  const admin = await rig.loginAs('admin', 'Admin12345');
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const pending = await submittedOrg(rig, 2);
  await rig.call(a.token, 'POST', '/rights/bank/add', { accountName: '甲', bankName: '中国银行', branchName: '杭州分行', accountNo: '6216600000001234', accountNature: '1' });
  const mark = (await rig.call(a.token, 'POST', '/rights/right/add', { trademarkName: '华光', regNo: '12345678', niceClass: '9', registrant: '某公司', regDate: '2018-01-01' })).result;
  await rig.call(a.token, 'POST', '/rights/right/submit', { ids: mark });

  it('the reviewer waits on enrolments, certifications and rights records; finance on bank accounts; oldest first, paged', async () => {
    const mine = (await rig.call(reviewer.token, 'GET', '/rights/approval/todo')).result;
    expect(mine.records.map((r: { bizType: string }) => r.bizType).sort()).toEqual(['1', '3']);
    expect(mine.records[0]).toMatchObject({ bizType: '1', bizType_dictText: '机构入驻', node_dictText: '初审', bizId: pending.orgId, submitByName: 'org2-姓名' });
    expect(mine.records[0].submitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const paged = (await rig.call(reviewer.token, 'GET', '/rights/approval/todo?pageSize=1&pageNo=2')).result;
    expect(paged).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(paged.records[0].bizType).toBe('3');
    const fin = (await rig.call(finance.token, 'GET', '/rights/approval/todo')).result;
    expect(fin.records.map((r: { bizType: string }) => r.bizType)).toEqual(['7']);
    expect((await rig.call(admin, 'GET', '/rights/approval/todo')).result.total).toBe(0);
    expect((await rig.inject({ url: rig.api('/rights/approval/todo'), headers: { 'X-Access-Token': a.token } })).statusCode).toBe(403);
  });

  it('审批记录: staff see every record, an organisation only its own, an organisation not yet enrolled its own enrolment decisions', async () => {
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: pending.orgId, result: 'reject', opinion: '缺少营业执照副本' });
    const all = (await rig.call(admin, 'GET', '/rights/approval/list')).result;
    expect(all.total).toBe(3);
    expect(all.records[0]).toMatchObject({ bizType_dictText: '机构入驻', result_dictText: '驳回', node_dictText: '初审', approverName: 'rev-姓名' });
    const ownA = (await rig.call(a.token, 'GET', '/rights/approval/list')).result;
    expect(ownA.records.map((r: { bizType: string }) => r.bizType).sort()).toEqual(['1', '2']);
    const ownPending = (await rig.call(pending.token, 'GET', '/rights/approval/list')).result;
    expect(ownPending.records).toHaveLength(1);
    expect(ownPending.records[0]).toMatchObject({ bizId: pending.orgId, opinion: '缺少营业执照副本' });
    expect((await rig.call(pending.token, 'GET', `/rights/approval/list?orgId=${a.orgId}`)).result.total).toBe(0);
  });
});
