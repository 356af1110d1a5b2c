import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BatchLogAction,
  BatchMsg,
  BatchStatus,
  chinaToday,
  claimWindow,
  ClaimStatus,
  ClaimWindowMsg,
  ItemStatus,
  PoolMsg,
  QuartzJobMsg,
} from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { reconcile } from '../../finance/pool/pool-log.service.ts';
import { claimRig } from '../../finance/claim/claim.fixtures.ts';

const CLAIM = '/rights/financeRecord';
const PAY = `${CLAIM}/payment/pay`;

/*
 * DOMAIN.md Flows, claim: claims are paid out of what the batch froze; 报销申请期限 — claims against a
 * closed batch may be filed within 90 days of its closure, after which the 结案报销期满解冻 job gives back
 * to the pool what no claim will use (what approved-but-unpaid claims reserve stays frozen for them).
 */
describe(`DOMAIN claim flow 报销申请期限 and the 结案报销期满解冻 job on ${dbKind}`, async () => {
  const s = await claimRig({ total: '100000', orgCap: null });
  const { rig, a, reviewer, finance } = s;
  const call = rig.call;
  const db = rig.database.db;
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);

  /** A batch of A with `n` items, all 成功, closed by 结案审核 (`n` × 1000.00 frozen). */
  const closed = async (n: number, before?: (id: string) => Promise<void>) => {
    const id = await s.enforcing(a, s.rightA, n);
    await before?.(id);
    await close(id, ItemStatus.success);
    return id;
  };
  const close = async (id: string, status: string, org = a) => {
    const items = (await call(org.token, 'GET', `/rights/threaded/item/list?batchId=${id}`)).result.records;
    expect(
      (await call(org.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: items.map((i: object) => ({ ...i, status })), deleteIds: [] }))
        .success,
    ).toBe(true);
    expect((await call(org.token, 'POST', '/rights/threaded/applyClosure', { id, closureSummary: '线索均已处理' })).message).toBe(BatchMsg.closureApplied);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' })).message).toBe(BatchMsg.closed);
  };
  /** Moves the batch's closure `days` days into the past. */
  const closedAgo = (id: string, days: number) => db.execute(sql`update rights_batch set closed_time = now() - ${days} * interval '1 day' where id = ${id}`);
  const runJob = async () => {
    const res = await call(admin, 'GET', '/sys/quartzJob/execute?id=job:closedBatchRelease');
    expect(res).toMatchObject({ success: true, message: QuartzJobMsg.executed, result: { outcome: 'success' } });
    return res.result.message as string;
  };
  const moves = async (id: string) =>
    (
      await db
        .select()
        .from(finCapitalPoolLog)
        .where(eq(finCapitalPoolLog.bizRef, `batch:${id}`))
        .orderBy(finCapitalPoolLog.seq)
    ).map((l) => [l.changeType, l.amount]);
  const expiredText = async (id: string) => {
    const b = await s.batch(id);
    const { closedDate, deadline } = claimWindow(b.closedTime);
    return ClaimWindowMsg.expired(b.batchNo, closedDate, deadline);
  };
  const optionIds = async () => (await call(a.token, 'GET', `${CLAIM}/batchOptions`)).result.map((o: { id: string }) => o.id);
  const pay = async (id: string) => call(finance.token, 'POST', PAY, await s.payBody(id));

  let waiting = '';
  let inReview = '';
  it('a claim against a batch closed 90 days ago is still accepted (the deadline is the 90th day); from the 91st day 新增 and 提交 are refused naming the closing day and the deadline', async () => {
    waiting = await closed(3);
    // the closure's reminder to file claims names the last day
    const [reminder] = await rows<{ msg_content: string; msg_abstract: string }>(
      db,
      sql`select msg_content, msg_abstract from sys_announcement where bus_type = 'claim_batch_closed' and bus_id = ${waiting}`,
    );
    expect(reminder.msg_abstract).toContain(`报销申请截止：${claimWindow(new Date()).deadline}`);
    expect(reminder.msg_content).toContain(`报销申请截止：${claimWindow(new Date()).deadline}（结案后 90 天）`);
    await closedAgo(waiting, 90);
    const { deadline } = claimWindow((await s.batch(waiting)).closedTime);
    expect(deadline).toBe(chinaToday());
    const options = (await call(a.token, 'GET', `${CLAIM}/batchOptions`)).result;
    expect(options.find((o: { id: string }) => o.id === waiting)).toMatchObject({ deadline, available: '3000.00' });
    const draft = await s.claimOf('200', { batchId: waiting, draft: true });
    inReview = await s.claimOf('300', { batchId: waiting });

    await closedAgo(waiting, 91);
    const message = await expiredText(waiting);
    expect(message).toMatch(/^线索批次 XS\d+ 已于 \d{4}-\d{2}-\d{2} 结案，报销申请期限（结案后 90 天，至 \d{4}-\d{2}-\d{2}）已过$/);
    expect(await call(a.token, 'POST', `${CLAIM}/add`, await s.form(a, waiting, s.bankA, '100'))).toMatchObject({ success: false, message });
    expect(await call(a.token, 'POST', `${CLAIM}/submit`, { id: draft })).toMatchObject({ success: false, message });
    expect((await s.claim(draft)).status).toBe(ClaimStatus.draft);
    expect(await optionIds()).not.toContain(waiting);
    // the claim handed in before the deadline goes on: 业务审核 still decides it
    expect((await s.claim(inReview)).status).toBe(ClaimStatus.bizReview);
  });

  let old = '';
  let unpaid = '';
  let recent = '';
  it('the job releases the rest of a batch past its window, keeps what a 待付款 claim reserves, waits for a batch with a claim in review, tells the organisation; a second run releases nothing; 对账 clean', async () => {
    old = await closed(3, async (id) => {
      const paid = await s.claimOf('500', { batchId: id });
      await s.toPay(paid);
      expect((await pay(paid)).success).toBe(true);
      unpaid = await s.claimOf('700', { batchId: id });
      await s.toPay(unpaid);
    });
    await closedAgo(old, 100);
    recent = await closed(1);
    await closedAgo(recent, 80);
    const frozenBefore = (await s.poolOf()).frozenAmount;

    expect(await runJob()).toBe('解冻批次 1 个，共 1,800.00 元；1 个批次有报销单在审核中，审核完成后再解冻');
    expect(await moves(old)).toEqual([
      ['2', '3000.00'],
      ['4', '500.00'],
      ['3', '1800.00'],
    ]);
    const [release] = await db
      .select()
      .from(finCapitalPoolLog)
      .where(sql`${finCapitalPoolLog.bizRef} = ${`batch:${old}`} and ${finCapitalPoolLog.changeType} = '3'`);
    expect(release).toMatchObject({ remark: ClaimWindowMsg.ledgerRemark, createBy: 'system' });
    expect(release.opKey).toBe(`batch:${old}:release:expired:0.00`);
    expect(await s.batch(old)).toMatchObject({ status: BatchStatus.closed, releasedAmount: '1800.00' });
    expect((await s.poolOf()).frozenAmount).toBe((Number(frozenBefore) - 1800).toFixed(2));
    expect(await moves(waiting)).toEqual([['2', '3000.00']]);
    expect(await moves(recent)).toEqual([['2', '1000.00']]);

    const log = (await call(a.token, 'GET', `/rights/threaded/log/list?batchId=${old}`)).result[0];
    expect(log).toMatchObject({
      action: BatchLogAction.claimExpired,
      detail: '报销申请期满，解冻 1,800.00 元，待付款报销单保留 700.00 元',
      operatorName: '系统',
    });
    const [version] = await rows<{ create_by: string; new_values: Record<string, unknown> }>(
      db,
      sql`select create_by, new_values from sys_data_log where data_table = 'rights_batch' and data_id = ${old} order by data_version desc limit 1`,
    );
    expect(version).toMatchObject({ create_by: 'system', new_values: { releasedAmount: '1800.00' } });
    const b = await s.batch(old);
    const notices = await rows<{ titile: string; msg_content: string; user_ids: string }>(
      db,
      sql`select titile, msg_content, user_ids from sys_announcement where bus_type = 'threaded_claim_end' and bus_id = ${old}`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].titile).toBe(`批次 ${b.batchNo} 报销申请期满，1,800.00 元已退回资金池`);
    expect(notices[0].user_ids).toContain(a.userId);
    expect(notices[0].msg_content).toContain(`已于 ${claimWindow(b.closedTime).deadline} 届满`);
    expect(notices[0].msg_content).toContain('已核定待付款的报销单保留 700.00 元，照常付款');

    expect(await runJob()).toBe('解冻批次 0 个，共 0.00 元；1 个批次有报销单在审核中，审核完成后再解冻');
    expect(await moves(old)).toEqual([
      ['2', '3000.00'],
      ['4', '500.00'],
      ['3', '1800.00'],
    ]);
    expect((await rows(db, sql`select 1 from sys_announcement where bus_type = 'threaded_claim_end'`)).length).toBe(1);
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it('once the claim in review is decided the next run releases that batch; the 待付款 claim is paid from what stayed frozen', async () => {
    expect((await call(reviewer.token, 'POST', `${CLAIM}/bizReview`, { id: inReview, result: 'reject', opinion: '与批次无关' })).success).toBe(true);
    expect(await runJob()).toBe('解冻批次 1 个，共 3,000.00 元');
    expect(await moves(waiting)).toEqual([
      ['2', '3000.00'],
      ['3', '3000.00'],
    ]);
    expect((await pay(unpaid)).success).toBe(true);
    expect(await moves(old)).toEqual([
      ['2', '3000.00'],
      ['4', '500.00'],
      ['3', '1800.00'],
      ['4', '700.00'],
    ]);
    expect((await s.claim(unpaid)).status).toBe(ClaimStatus.paid);
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it('the job and a claim payment on the same batch at once never overdraw nor release twice: the batch ends with nothing frozen and the ledger adds up', async () => {
    const batches: { id: string; claim: string }[] = [];
    for (let k = 0; k < 3; k++) {
      let claim = '';
      const id = await closed(2, async (bid) => {
        claim = await s.claimOf('600', { batchId: bid });
        await s.toPay(claim);
      });
      await closedAgo(id, 120);
      batches.push({ id, claim });
    }
    const bodies = await Promise.all(batches.map((b) => s.payBody(b.claim)));
    const [job, ...paid] = await Promise.all([runJob(), ...batches.map((b, k) => call(finance.token, 'POST', PAY, bodies[k]))]);
    expect(job).toBe('解冻批次 3 个，共 4,200.00 元');
    for (const res of paid) expect(res.success, res.message).toBe(true);
    for (const b of batches) {
      const m = await moves(b.id);
      expect(m.filter(([type]) => type === '3')).toEqual([['3', '1400.00']]);
      expect(m.filter(([type]) => type === '4')).toEqual([['4', '600.00']]);
      expect(await s.batch(b.id)).toMatchObject({ releasedAmount: '1400.00' });
    }
    expect(await runJob()).toBe('解冻批次 0 个，共 0.00 元');
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it('with every batch closed and past its window the pool holds nothing frozen and can be settled (结清)', async () => {
    expect((await call(finance.token, 'PUT', '/rights/capitalPool/settle', { id: s.poolId })).message).toBe(PoolMsg.settleFrozen);
    await close(s.batchA, ItemStatus.success);
    await close(s.batchB, ItemStatus.success, s.b);
    for (const id of [s.batchA, s.batchB, recent]) await closedAgo(id, 95);
    expect(await runJob()).toBe('解冻批次 3 个，共 6,000.00 元');
    expect((await s.poolOf()).frozenAmount).toBe('0.00');
    expect((await call(finance.token, 'PUT', '/rights/capitalPool/settle', { id: s.poolId })).message).toBe(PoolMsg.settled);
    expect((await reconcile(db)).differences).toEqual([]);
  });
});
