import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, RoleId } from '../../../test/harness.ts';
import { certifiedOrg, draftRight, rightsRig, submittedOrg, submittedRight } from '../shared/test-fixtures.ts';

describe('DOMAIN approval: 待我审批 follows the caller’s approval permissions; 审批记录 are scoped', async () => {
  const rig = await rightsRig();
  const reviewer = await rig.staff('rev', [RoleId.reviewer]);
  const finance = await rig.staff('fin', [RoleId.finance]);
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const pending = await submittedOrg(rig, 2);
  await rig.call(a.token, 'POST', '/rights/bank/add', {
    accountName: '甲',
    bankName: '中国银行',
    branchName: '杭州分行',
    accountNo: '6216600000001234',
    accountNature: '1',
  });
  await submittedRight(rig, a.token, { trademarkName: '华光', regNo: '12345678' });

  it('the reviewer waits on enrolments, certifications and rights records; finance on bank accounts; newest first, paged (issue: a new submission on page 1)', async () => {
    const mine = (await rig.call(reviewer.token, 'GET', '/rights/approval/todo')).result;
    expect(mine.records.map((r: { bizType: string }) => r.bizType)).toEqual(['3', '1']);
    expect(mine.records[1]).toMatchObject({
      bizType: '1',
      bizType_dictText: '机构入驻',
      node_dictText: '初审',
      bizId: pending.orgId,
      submitByName: 'org2-姓名',
    });
    expect(mine.records[1].submitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const paged = (await rig.call(reviewer.token, 'GET', '/rights/approval/todo?pageSize=1&pageNo=2')).result;
    expect(paged).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(paged.records[0].bizType).toBe('1');
    const fin = (await rig.call(finance.token, 'GET', '/rights/approval/todo')).result;
    expect(fin.records.map((r: { bizType: string }) => r.bizType)).toEqual(['7']);
    expect((await rig.call(admin, 'GET', '/rights/approval/todo')).result.total).toBe(0);
    expect((await rig.inject({ url: rig.api('/rights/approval/todo'), headers: { 'X-Access-Token': a.token } })).statusCode).toBe(403);
  });

  it('待我审批 sorts by submission time, type and organisation, and searches by organisation and subject, keeping the type filter (issue: sortable, searchable)', async () => {
    const list = async (query: string) => (await rig.call(reviewer.token, 'GET', `/rights/approval/todo?${query}`)).result;
    const types = (page: { records: { bizType: string }[] }) => page.records.map((r) => r.bizType);
    expect(types(await list('column=submitTime&order=asc'))).toEqual(['1', '3']);
    expect(types(await list('column=bizType&order=desc'))).toEqual(['3', '1']);
    expect(types(await list('column=bizType&order=asc'))).toEqual(['1', '3']);
    const byOrg = (await list('column=orgName&order=asc')).records.map((r: { orgName: string }) => r.orgName);
    expect(byOrg).toEqual([...byOrg].sort());
    expect(types(await list(`orgName=${encodeURIComponent('*有限公司2*')}`))).toEqual(['1']);
    expect(types(await list(`bizTitle=${encodeURIComponent('*华光*')}`))).toEqual(['3']);
    expect((await list(`bizTitle=${encodeURIComponent('*华光*')}&bizType=1`)).total).toBe(0);
    expect(types(await list('bizType=3'))).toEqual(['3']);
    // a sort column outside the whitelist is refused, never spliced into SQL
    const bad = await rig.inject({
      url: rig.api('/rights/approval/todo?column=submit_by%3Bdrop%20table%20x&order=asc'),
      headers: { 'X-Access-Token': reviewer.token },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ success: false });
  });

  it('the header count equals what waits for the caller, and follows a new submission (issue: staff see what waits for them)', async () => {
    expect((await rig.call(reviewer.token, 'GET', '/rights/approval/todoCount')).result).toBe(2);
    expect((await rig.call(finance.token, 'GET', '/rights/approval/todoCount')).result).toBe(1);
    expect((await rig.call(admin, 'GET', '/rights/approval/todoCount')).result).toBe(0);
    const another = await draftRight(rig, a.token, { trademarkName: '华光新', regNo: '12345679' });
    expect((await rig.call(reviewer.token, 'GET', '/rights/approval/todoCount')).result).toBe(2);
    await rig.call(a.token, 'POST', '/rights/right/submit', { ids: another });
    expect((await rig.call(reviewer.token, 'GET', '/rights/approval/todoCount')).result).toBe(3);
    expect((await rig.call(reviewer.token, 'GET', '/rights/approval/todo')).result.records[0].bizId).toBe(another);
    await rig.call(reviewer.token, 'POST', '/rights/right/approve', { id: another, result: 'pass' });
    expect((await rig.call(reviewer.token, 'GET', '/rights/approval/todoCount')).result).toBe(2);
    expect((await rig.inject({ url: rig.api('/rights/approval/todoCount'), headers: { 'X-Access-Token': a.token } })).statusCode).toBe(403);
  });

  it('审批记录: staff see every record, an organisation only its own, an organisation not yet enrolled its own enrolment decisions', async () => {
    await rig.call(reviewer.token, 'POST', '/rights/org/approveEnrol', { id: pending.orgId, result: 'reject', opinion: '缺少营业执照副本' });
    const all = (await rig.call(admin, 'GET', '/rights/approval/list')).result;
    expect(all.total).toBe(4);
    expect(all.records[0]).toMatchObject({ bizType_dictText: '机构入驻', result_dictText: '驳回', node_dictText: '初审', approverName: 'rev-姓名' });
    const ownA = (await rig.call(a.token, 'GET', '/rights/approval/list')).result;
    expect(ownA.records.map((r: { bizType: string }) => r.bizType).sort()).toEqual(['1', '2', '3']);
    const ownPending = (await rig.call(pending.token, 'GET', '/rights/approval/list')).result;
    expect(ownPending.records).toHaveLength(1);
    expect(ownPending.records[0]).toMatchObject({ bizId: pending.orgId, opinion: '缺少营业执照副本' });
    expect((await rig.call(pending.token, 'GET', `/rights/approval/list?orgId=${a.orgId}`)).result.total).toBe(0);
    const search = (await rig.call(admin, 'GET', `/rights/approval/list?bizTitle=${encodeURIComponent('*华光新*')}`)).result;
    expect(search.records.map((r: { bizType: string }) => r.bizType)).toEqual(['3']);
  });
});
