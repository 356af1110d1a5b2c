import { describe, expect, it } from 'vitest';
import { BatchMsg, ItemStatus } from '@sbwq/contracts';
import { batchRig } from './batch.fixtures.ts';
import { rewordTemplate } from '../../messaging/message/message.fixtures.ts';

type Notice = { titile: string; msgAbstract: string; msgContent: string; busId: string; busType: string };

describe('DOMAIN clue batch flow: each decision tells the organisation what happened at that step, the amount decided and the next step', async () => {
  const s = await batchRig();
  const { rig, a, reviewer, reviewer2 } = s;
  const call = rig.call;
  await s.setThreshold('10000.00');
  const review = (token: string, id: string, result: string, extra: Record<string, unknown> = {}) =>
    call(token, 'POST', '/rights/threaded/review', { id, result, ...extra });
  /** The newest system message the organisation's user finds in the bell for this batch and kind of decision. */
  const told = async (id: string, busType = 'approval_4'): Promise<Notice> => {
    const list: Notice[] = (await call(a.token, 'GET', '/sys/annountCement/listByUser')).result.sysMsgList;
    const found = list.find((n) => n.busId === id && n.busType === busType);
    if (!found) throw new Error(`no notice for ${id}`);
    return found;
  };
  const logOf = async (id: string) =>
    (await call(a.token, 'GET', `/rights/threaded/log/list?batchId=${id}`)).result.map((l: { action: string; detail: string }) => `${l.action}：${l.detail}`);

  let cut = '';
  it('初审 pass above the threshold is told as 初审通过、待复审 (never 审核已通过), with the amounts and what comes next', async () => {
    cut = await s.submitted(a, s.rightA, 12);
    expect((await review(reviewer.token, cut, 'pass', { approvedAmount: '11000' })).message).toBe(BatchMsg.toSecondReview);
    const n = await told(cut);
    expect(n.titile).toMatch(/^线索批次初审已通过，待复审：XS\d+ /);
    expect(n.titile).not.toContain('审核已通过');
    expect(n.msgContent).toContain('初审通过，已转复审');
    expect(n.msgContent).toContain('申请金额 12,000.00 元，超过复审阈值 10,000.00 元，须经复审');
    expect(n.msgContent).toContain('初审核定金额 11,000.00 元，申请金额 12,000.00 元');
    expect(n.msgContent).toContain('下一步：等待协会另一位审核人复审');
    expect(n.msgAbstract).toContain('初审通过，已转复审');
  });

  it('复审 pass: 审核已通过 with 核定金额 11,000.00 元，申请金额 12,000.00 元 and the next step (开始维权); the log shows the amounts with separators', async () => {
    expect((await review(reviewer2.token, cut, 'pass')).message).toBe(BatchMsg.approved);
    const n = await told(cut);
    expect(n.titile).toMatch(/^线索批次审核已通过：XS\d+ /);
    expect(n.msgContent).toContain('复审通过，核定金额已在资金池冻结');
    expect(n.msgContent).toContain('核定金额 11,000.00 元，申请金额 12,000.00 元');
    expect(n.msgContent).toContain('下一步：请在「线索批次」中开始维权');
    expect(n.msgAbstract).toContain('核定金额 11,000.00 元，申请金额 12,000.00 元');
    const log = await logOf(cut);
    expect(log).toContain('审核：复审：审核通过，核定金额 11,000.00 元已冻结（申请金额 12,000.00 元）');
    expect(log).toContain('审核：初审：初审通过，转复审');
    expect(log).toContain('提交审核：线索数量 12，申请金额 12,000.00 元');
  });

  it('初审 pass at or below the threshold names the one amount when nothing was cut', async () => {
    const id = await s.submitted(a, s.rightA, 2);
    await review(reviewer.token, id, 'pass');
    const n = await told(id);
    expect(n.msgContent).toContain('初审通过，核定金额已在资金池冻结');
    expect(n.msgContent).toContain('<p>核定金额 2,000.00 元</p>');
    expect(n.msgContent).not.toContain('申请金额');
    expect(await logOf(id)).toContain('审核：初审：审核通过，核定金额 2,000.00 元已冻结');
  });

  it('退回补正 and 驳回 say which step decided and what the organisation can do next', async () => {
    const id = await s.submitted(a, s.rightA, 1);
    expect((await review(reviewer.token, id, 'returned', { opinion: '请补充证据' })).message).toBe(BatchMsg.returned);
    const back = await told(id);
    expect(back.titile).toMatch(/^线索批次审核已退回补正：/);
    expect(back.msgContent).toContain('初审退回补正');
    expect(back.msgContent).toContain('下一步：请按审核意见修改批次信息或线索明细，然后重新提交审核');
    expect(back.msgContent).toContain('审核意见：请补充证据');
    expect((await call(a.token, 'POST', '/rights/threaded/submit', { id })).message).toBe(BatchMsg.submitted);
    expect((await review(reviewer.token, id, 'reject', { opinion: '证据不足' })).message).toBe(BatchMsg.rejected);
    const no = await told(id);
    expect(no.titile).toMatch(/^线索批次审核已驳回：/);
    expect(no.msgContent).toContain('初审驳回，批次已结束');
    expect(no.msgContent).toContain('下一步：该批次不能再提交；如需继续维权，请新建线索批次');
  });

  it('结案审核: returned says the batch is back in 维权中 and to apply again; pass gives the outcome, what may still be claimed and where', async () => {
    expect((await call(a.token, 'POST', '/rights/threaded/startEnforce', { id: cut })).success).toBe(true);
    const items = (await call(a.token, 'GET', `/rights/threaded/item/list?batchId=${cut}&pageSize=100`)).result.records;
    const values = items.map((i: object, k: number) => ({ ...i, status: k < 9 ? ItemStatus.success : k < 11 ? ItemStatus.failed : ItemStatus.notInfringing }));
    expect((await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: cut, values, deleteIds: [] })).success).toBe(true);
    expect((await call(a.token, 'POST', '/rights/threaded/applyClosure', { id: cut, closureSummary: '处理完毕' })).success).toBe(true);
    await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id: cut, result: 'returned', opinion: '补充处罚决定书' });
    const back = await told(cut, 'approval_5');
    expect(back.msgContent).toContain('结案申请退回，批次回到维权中');
    expect(back.msgContent).toContain('下一步：请按审核意见补充处理结果或结案材料，然后重新申请结案');
    await call(a.token, 'POST', '/rights/threaded/applyClosure', { id: cut, closureSummary: '已补充' });
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id: cut, result: 'pass' })).message).toBe(BatchMsg.closed);
    const n = await told(cut, 'approval_5');
    expect(n.titile).toMatch(/^结案申请审核已通过：/);
    expect(n.msgContent).toContain('结案审核通过，批次已结案');
    expect(n.msgContent).toContain('成功 9 条，失败 2 条，不构成侵权 1 条，成功率 81.82%');
    expect(n.msgContent).toContain('尚可报销 11,000.00 元（核定金额 11,000.00 元）');
    expect(n.msgContent).toContain('下一步：请在「报销管理」中提交报销单');
  });

  it('closure without success: the notice says what went back to the pool and that nothing more is to be done', async () => {
    const id = await s.submitted(a, s.rightA, 2);
    await review(reviewer.token, id, 'pass');
    await call(a.token, 'POST', '/rights/threaded/startEnforce', { id });
    await s.markItems(a, id, ItemStatus.failed);
    await call(a.token, 'POST', '/rights/threaded/applyClosure', { id, closureSummary: '投诉均未成立' });
    await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' });
    const n = await told(id, 'approval_5');
    expect(n.msgContent).toContain('无成功线索，冻结的 2,000.00 元已解冻退回资金池');
    expect(n.msgContent).toContain('下一步：批次已结束，无需其他操作');
    expect(n.msgContent).not.toContain('报销管理');
  });

  it('撤销 after approval: the reviewer who passed it is told, with the reason and the amount that went back to the pool', async () => {
    const id = await s.submitted(a, s.rightA, 2);
    await review(reviewer.token, id, 'pass', { approvedAmount: '1500' });
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id, reason: '权利人已与侵权方和解' })).message).toBe(BatchMsg.withdrawn);
    const list: Notice[] = (await call(reviewer.token, 'GET', '/sys/annountCement/listByUser')).result.sysMsgList;
    const n = list.find((m) => m.busId === id)!;
    expect(n.titile).toMatch(/^线索批次已撤销：XS\d+ /);
    expect(n.msgContent).toContain('撤销原因：权利人已与侵权方和解');
    expect(n.msgContent).toContain('冻结的核定金额 1,500.00 元已解冻退回资金池');
    expect(n.msgContent).toContain('下一步：批次已结束，无需其他操作');
    expect(await logOf(id)).toContain('撤销：撤销原因：权利人已与侵权方和解；解冻 1,500.00 元');
    // the organisation's user who withdrew it is not told of their own act
    expect((await call(a.token, 'GET', '/sys/annountCement/listByUser')).result.sysMsgList.some((m: Notice) => m.busType === 'threaded_withdrawn')).toBe(false);
  });

  it("issue 38: the 退回补正 notice is the 消息模板 batch_returned; an administrator's rewording is what the next one says", async () => {
    await rewordTemplate(rig.database.db, 'batch_returned', {
      name: '【请补正】${bizTitle}',
      content: '<p>${step}要求补正：${opinion}（审核人 ${approver}）</p>',
    });
    const id = await s.submitted(a, s.rightA, 1);
    await review(reviewer.token, id, 'returned', { opinion: '缺少<公证书>' });
    const n = await told(id);
    expect(n.titile).toMatch(/^【请补正】XS\d+ /);
    expect(n.msgContent).toBe('<p>初审要求补正：缺少&lt;公证书&gt;（审核人 rev1-姓名）</p>');
    expect(n.msgAbstract).toBe('初审要求补正：缺少<公证书>（审核人 rev1-姓名）');
  });
});
