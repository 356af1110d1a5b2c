import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ClaimMsg, ClaimStatus, fromCents, PoolChangeType, PoolLedgerMsg, RightsMsg, toCents } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { finCapitalPool, finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { claimRig } from './claim.fixtures.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';
import { finClaim, finClaimInvoice } from '../../core/tables/claim.table.ts';

const BASE = '/rights/financeRecord';

describe('DOMAIN expense claim: add, invoices, flow 待提交 → 待业务审核 → 待财务审核 → 待付款 (spec §1 finance records)', async () => {
  const s = await claimRig({ orgCap: '60000' });
  const { rig, a, b, reviewer, finance } = s;
  const call = rig.call;
  const db = rig.database.db;

  it("add refuses a batch that is not the org's own 维权中/已结案 one, an account not approved or not its own, bad amounts", async () => {
    const draftBatch = await s.draft(a, s.rightA, 1);
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, draftBatch, s.bankA, '100'))).message).toBe(ClaimMsg.batchNotClaimable);
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchB, s.bankA, '100'))).message).toBe(ClaimMsg.batchNotClaimable);
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankAPending, '100'))).message).toBe(ClaimMsg.bankNotUsable);
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankB, '100'))).message).toBe(ClaimMsg.bankNotUsable);
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100', { invoices: [await s.invoice(a, '50')] }))).message).toBe(
      ClaimMsg.applyOverInvoices('50.00'),
    );
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100', { deductions: '100' }))).message).toBe(
      ClaimMsg.deductionsTooMuch,
    );
    const twice = await s.invoice(a, '60');
    expect((await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100', { invoices: [twice, { ...twice }] }))).message).toBe(
      ClaimMsg.invoiceRepeated(twice.invoiceCode, twice.invoiceNo),
    );
    expect(
      (await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100', { invoices: [{ ...twice, invoiceNo: '123' }] }))).message,
    ).toBe(ClaimMsg.invoiceNo);
    expect((await call(reviewer.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100'))).success).toBe(false);
  });

  it('add: 待提交 with a BX number, its invoices and the account copied; only its organisation sees a draft', async () => {
    const id = await s.claimOf('800.50', { draft: true });
    const rec = (await call(a.token, 'GET', `${BASE}/queryById?id=${id}`)).result;
    expect(rec).toMatchObject({
      status: ClaimStatus.draft,
      status_dictText: '待提交',
      expenseType_dictText: '公证费',
      applyAmount: '800.50',
      invoiceTotal: '800.50',
      accountNo: '6222021234561234',
      editable: true,
    });
    expect(rec.claimNo).toMatch(/^BX\d{8}\d{3}$/);
    expect(rec.invoices).toHaveLength(1);
    expect((await call(b.token, 'GET', `${BASE}/queryById?id=${id}`)).success).toBe(false);
    expect((await call(reviewer.token, 'GET', `${BASE}/queryById?id=${id}`)).success).toBe(false);
    expect((await call(b.token, 'GET', `${BASE}/list`)).result.records.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await call(a.token, 'DELETE', `${BASE}/delete?id=${id}`)).message).toBe(ClaimMsg.deleted);
    expect(await db.select().from(finClaimInvoice).where(eq(finClaimInvoice.claimId, id))).toHaveLength(0);
  });

  it('the same invoice (code + number) is never claimed twice, by any organisation; the unique index holds too', async () => {
    const inv = await s.invoice(a, '300');
    const first = await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '300', { invoices: [inv] }));
    expect(first.success).toBe(true);
    await expect(
      db.insert(finClaimInvoice).values({
        id: 'dup-invoice',
        claimId: first.result.id,
        invoiceCode: inv.invoiceCode,
        invoiceNo: inv.invoiceNo,
        invoiceDate: '2026-01-01',
        amount: '1',
      }),
    ).rejects.toThrow();
    // 数电票: no code, 20-digit number
    expect(
      (
        await call(
          a.token,
          'POST',
          `${BASE}/add`,
          await s.form(a, s.batchA, s.bankA, '10', { invoices: [await s.invoice(a, '10', { invoiceCode: '', invoiceNo: '26332000000012345678' })] }),
        )
      ).success,
    ).toBe(true);
  });

  it('DOMAIN org scope: another organisation reusing an invoice is told it is already claimed, not in which claim; the own organisation is told its claim number', async () => {
    const inv = await s.invoice(a, '300');
    const first = await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '300', { invoices: [inv] }));
    expect(first.success).toBe(true);
    const reused = { ...inv, files: (await s.invoice(b, '1')).files };
    const byB = await call(b.token, 'POST', `${BASE}/add`, await s.form(b, s.batchB, s.bankB, '300', { invoices: [reused] }));
    expect(byB).toMatchObject({ success: false, message: ClaimMsg.invoiceClaimed(inv.invoiceCode, inv.invoiceNo) });
    expect(byB.message).not.toContain(first.result.claimNo);
    const ownB = await call(b.token, 'POST', `${BASE}/add`, await s.form(b, s.batchB, s.bankB, '50'));
    const editB = await call(b.token, 'PUT', `${BASE}/edit`, { id: ownB.result.id, ...(await s.form(b, s.batchB, s.bankB, '300', { invoices: [reused] })) });
    expect(editB.message).toBe(ClaimMsg.invoiceClaimed(inv.invoiceCode, inv.invoiceNo));
    expect(editB.message).not.toContain(first.result.claimNo);
    const byA = await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '300', { invoices: [inv] }));
    expect(byA.message).toBe(ClaimMsg.invoiceTaken(inv.invoiceCode, inv.invoiceNo, first.result.claimNo));
  });

  it('发票金额合计 is stored in numeric(14,2): invoices summing to exactly 999,999,999,999.99 are kept, one cent more is refused with the limit (add and edit) and nothing changes', async () => {
    const limit = [await s.invoice(a, '999999999999.00'), await s.invoice(a, '0.99')];
    const kept = await call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100', { invoices: limit }));
    expect(kept).toMatchObject({ success: true, result: { invoiceTotal: '999999999999.99' } });
    const over = [await s.invoice(a, '999999999999.99'), await s.invoice(a, '0.01')];
    const added = await rig.request(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '100', { invoices: over }));
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject({ success: false, message: ClaimMsg.invoiceTotalOverColumn });
    expect(ClaimMsg.invoiceTotalOverColumn).toContain('999,999,999,999.99');
    const count = async () => (await db.select().from(finClaim).where(eq(finClaim.orgId, a.orgId))).length;
    const before = await count();
    const edited = await call(a.token, 'PUT', `${BASE}/edit`, {
      id: kept.result.id,
      ...(await s.form(a, s.batchA, s.bankA, '100', { invoices: [...over, await s.invoice(a, '5')] })),
    });
    expect(edited).toMatchObject({ success: false, message: ClaimMsg.invoiceTotalOverColumn });
    expect(await count()).toBe(before);
    expect((await s.claim(kept.result.id)).invoiceTotal).toBe('999999999999.99');
    expect(await call(a.token, 'DELETE', `${BASE}/delete?id=${kept.result.id}`)).toMatchObject({ success: true });
  });

  it('submit → 待业务审核; no longer editable; reviewer reviews, finance may not; limits on 核定金额; approval record and notice', async () => {
    const id = await s.claimOf('1000', { overrides: { deductions: '200', deductionNote: '保险理赔' } });
    expect((await s.claim(id)).status).toBe(ClaimStatus.bizReview);
    expect((await call(a.token, 'PUT', `${BASE}/edit`, { id, ...(await s.form(a, s.batchA, s.bankA, '900')) })).message).toBe(ClaimMsg.notEditable);
    expect((await call(a.token, 'POST', `${BASE}/submit`, { id })).message).toBe(ClaimMsg.notSubmittable);
    expect((await rig.request(finance.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' })).statusCode).toBe(403);
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'reject' })).message).toBe(ClaimMsg.opinionRequired);
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass', approvedAmount: '800.01' })).message).toBe(
      ClaimMsg.approvedOverNet('800.00'),
    );
    expect((await call(reviewer.token, 'POST', `${BASE}/financeReview`, { id, result: 'pass' })).success).toBe(false);
    const passed = await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' });
    expect(passed).toMatchObject({ success: true, message: ClaimMsg.toFinance, result: { status: ClaimStatus.financeReview, approvedAmount: '800.00' } });
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' })).message).toBe(ClaimMsg.notBizReview);
    const approvals = await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, id));
    expect(approvals).toMatchObject([{ bizType: '6', node: '1', result: '1' }]);
    const notices = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.busId, id));
    expect(notices).toMatchObject([{ openType: 'url', openPage: '/finance/claim/list' }]);
    expect((await call(finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'pass' })).message).toBe(ClaimMsg.toPay);
    expect((await s.claim(id)).status).toBe(ClaimStatus.toPay);
  });

  it('退回补充发票: back to the organisation with the remark and an urgent notice (去处理 → claim page); it edits and resubmits', async () => {
    const id = await s.claimOf('500');
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' });
    const back = await call(finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'returned', opinion: '发票不清晰，请重新上传' });
    expect(back).toMatchObject({ message: ClaimMsg.returned, result: { status: ClaimStatus.returned, auditOpinion: '发票不清晰，请重新上传' } });
    const urgent = await db
      .select()
      .from(sysAnnouncement)
      .where(and(eq(sysAnnouncement.busId, id), eq(sysAnnouncement.priority, 'H')));
    expect(urgent).toMatchObject([{ openType: 'url', openPage: '/finance/claim/list', busType: 'claim_returned' }]);
    expect(urgent[0].userIds).toContain(a.userId);
    const edited = await call(a.token, 'PUT', `${BASE}/edit`, { id, ...(await s.form(a, s.batchA, s.bankA, '450')) });
    expect(edited).toMatchObject({ success: true, result: { applyAmount: '450.00', status: ClaimStatus.returned } });
    expect((await call(a.token, 'POST', `${BASE}/submit`, { id })).result.status).toBe(ClaimStatus.bizReview);
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'reject', opinion: '与批次无关' })).result.status).toBe(ClaimStatus.rejected);
    expect((await call(a.token, 'POST', `${BASE}/submit`, { id })).message).toBe(ClaimMsg.notSubmittable);
  });

  it('待我审批 lists claims for the reviewer at 业务审核 and for finance at 财务审核, never for the submitter', async () => {
    const id = await s.claimOf('100');
    const todo = async (token: string) =>
      (await call(token, 'GET', '/rights/approval/todo?bizType=6')).result.records.map((r: { bizId: string; node: string }) => `${r.bizId}:${r.node}`);
    expect(await todo(reviewer.token)).toContain(`${id}:1`);
    expect(await todo(finance.token)).not.toContain(`${id}:1`);
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' });
    expect(await todo(finance.token)).toContain(`${id}:3`);
    expect(await todo(reviewer.token)).not.toContain(`${id}:1`);
    await call(finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'reject', opinion: '重复申请' });
    expect(await todo(finance.token)).not.toContain(`${id}:3`);
  });

  it('核定金额 ≤ what the batch still has frozen less approved-but-unpaid claims', async () => {
    const batch = await s.enforcing(a, s.rightA, 1);
    const first = await s.claimOf('700', { batchId: batch });
    await s.toPay(first);
    const second = await s.claimOf('400', { batchId: batch });
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id: second, result: 'pass' })).message).toBe(ClaimMsg.approvedOverFrozen('300.00'));
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id: second, result: 'pass', approvedAmount: '300' })).success).toBe(true);
    const summary = (await call(a.token, 'GET', `${BASE}/batchSummary?batchId=${batch}`)).result;
    expect(summary).toMatchObject({
      approved: '1000.00',
      frozen: '1000.00',
      claimed: '1100.00',
      claimApproved: '700.00',
      paid: '0.00',
      released: '0.00',
      available: '300.00',
    });
  });

  it("核定金额 ≤ the pool's 单机构上限 less what the organisation's other claims in the pool were approved for", async () => {
    const [{ used }] = await rows<{ used: string }>(
      db,
      sql`select coalesce(sum(approved_amount), 0)::text as used from fin_claim where org_id = ${a.orgId} and status in ('4', '5', '6')`,
    );
    await db
      .update(finCapitalPool)
      .set({ orgCap: fromCents(toCents(used) + 10_000n) })
      .where(eq(finCapitalPool.id, s.poolId));
    const id = await s.claimOf('200');
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' })).message).toBe(ClaimMsg.approvedOverCap('100.00'));
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass', approvedAmount: '100' })).success).toBe(true);
    await db.update(finCapitalPool).set({ orgCap: '60000' }).where(eq(finCapitalPool.id, s.poolId));
  });
});

describe("DOMAIN expense claim payment: 扣减 from the batch's frozen money in the same transaction (付款管理)", async () => {
  const s = await claimRig({ orgCap: '60000' });
  const { rig, a, reviewer, finance } = s;
  const call = rig.call;
  const db = rig.database.db;
  const deductsOf = async (claimNo: string) =>
    db
      .select()
      .from(finCapitalPoolLog)
      .where(and(eq(finCapitalPoolLog.bizNo, claimNo), eq(finCapitalPoolLog.changeType, PoolChangeType.deduct)));

  it('pay: 已付款 with date, 流水号, voucher; one 扣减 row naming the claim; a retry with the same 流水号 books nothing more', async () => {
    const id = await s.claimOf('600');
    await s.toPay(id);
    expect((await rig.request(reviewer.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id))).statusCode).toBe(403);
    const before = await s.poolOf();
    const body = await s.payBody(id);
    const paid = await call(finance.token, 'POST', `${BASE}/payment/pay`, body);
    expect(paid).toMatchObject({
      success: true,
      message: ClaimMsg.paid,
      result: [{ status: ClaimStatus.paid, serialNo: body.serialNo, payDate: '2026-04-01' }],
    });
    const rec = await s.claim(id);
    const rows = await deductsOf(rec.claimNo);
    expect(rows).toMatchObject([{ amount: '600.00', bizRef: `batch:${s.batchA}`, opKey: `claim:${id}:pay`, orgId: a.orgId }]);
    const after = await s.poolOf();
    expect(Number(after.usedAmount) - Number(before.usedAmount)).toBeCloseTo(600, 2);
    expect(Number(before.frozenAmount) - Number(after.frozenAmount)).toBeCloseTo(600, 2);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, body)).success).toBe(true);
    expect(await deductsOf(rec.claimNo)).toHaveLength(1);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id))).message).toBe(`${rec.claimNo}：${ClaimMsg.notPayable}`);
    const records = (await call(a.token, 'GET', `${BASE}/payment/records?claimId=${id}`)).result;
    expect(records).toMatchObject([{ result: '1', amount: '600.00', serialNo: body.serialNo }]);
    const timeline = (await call(a.token, 'GET', `${BASE}/progress?id=${id}`)).result.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(['创建', '提交', '业务审核', '财务审核', '付款']);
  });

  it('付款失败 with a reason: 付款失败, back in the payment queue, no money moves; then paid', async () => {
    const id = await s.claimOf('200');
    await s.toPay(id);
    expect((await call(finance.token, 'POST', `${BASE}/payment/fail`, { id, reason: '' })).success).toBe(false);
    const failed = await call(finance.token, 'POST', `${BASE}/payment/fail`, { id, reason: '户名与账号不符，银行退票' });
    expect(failed).toMatchObject({ message: ClaimMsg.payFailed, result: { status: ClaimStatus.payFailed, payFailReason: '户名与账号不符，银行退票' } });
    const rec = await s.claim(id);
    expect(await deductsOf(rec.claimNo)).toHaveLength(0);
    const queue = (await call(finance.token, 'GET', `${BASE}/payment/list?pageSize=100`)).result.records.map((r: { id: string }) => r.id);
    expect(queue).toContain(id);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id))).result[0].status).toBe(ClaimStatus.paid);
    expect(await deductsOf(rec.claimNo)).toHaveLength(1);
  });

  it('issue 36: 付款管理 unsorted lists the queue first — 待付款 and 付款失败, the longest waiting on top — then 已付款, the latest first; a chosen sort is kept', async () => {
    const first = await s.claimOf('100');
    await s.toPay(first);
    const paid = await s.claimOf('100');
    await s.toPay(paid);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(paid))).success).toBe(true);
    const second = await s.claimOf('100');
    await s.toPay(second);
    const order = (await call(finance.token, 'GET', `${BASE}/payment/list?pageSize=100`)).result.records as { id: string; status: string }[];
    const ids = order.map((r) => r.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(paid));
    const firstPaid = order.findIndex((r) => r.status === ClaimStatus.paid);
    expect(order.slice(firstPaid).every((r) => r.status === ClaimStatus.paid)).toBe(true);
    const byCreated = (await call(finance.token, 'GET', `${BASE}/payment/list?pageSize=100&column=createTime&order=desc`)).result.records.map(
      (r: { id: string }) => r.id,
    );
    expect(byCreated.indexOf(second)).toBeLessThan(byCreated.indexOf(paid));
    expect(byCreated.indexOf(paid)).toBeLessThan(byCreated.indexOf(first));
  });

  it("issue 36: 付款管理 unsorted puts the latest payment first among 已付款, also beside a row never updated since it was paid (the demo's, with no update time, came first)", async () => {
    const earlier = await s.claimOf('100');
    const later = await s.claimOf('100');
    for (const id of [earlier, later]) {
      await s.toPay(id);
      expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id))).success).toBe(true);
    }
    await db
      .update(finClaim)
      .set({ paidTime: new Date('2026-01-01T02:00:00Z'), updateTime: null })
      .where(eq(finClaim.id, earlier));
    await db
      .update(finClaim)
      .set({ paidTime: new Date('2026-03-01T02:00:00Z'), updateTime: new Date('2026-03-01T02:00:00Z') })
      .where(eq(finClaim.id, later));
    const ids = (await call(finance.token, 'GET', `${BASE}/payment/list?pageSize=100`)).result.records.map((r: { id: string }) => r.id);
    expect(ids.indexOf(later)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(earlier));
  });

  it('a payment run is all or nothing: one claim that cannot be paid pays none, and no log row is left', async () => {
    const good = await s.claimOf('100');
    await s.toPay(good);
    const notReady = await s.claimOf('100');
    const res = await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody([good, notReady]));
    expect(res.success).toBe(false);
    expect((await s.claim(good)).status).toBe(ClaimStatus.toPay);
    expect(await deductsOf((await s.claim(good)).claimNo)).toHaveLength(0);
    await s.toPay(notReady);
    const body = await s.payBody([good, notReady]);
    const run = await call(finance.token, 'POST', `${BASE}/payment/pay`, body);
    expect(run).toMatchObject({ success: true, message: ClaimMsg.paidBatch(2) });
    expect(run.result.map((r: { serialNo: string }) => r.serialNo)).toEqual([`${body.serialNo}-1`, `${body.serialNo}-2`]);
  });

  it('the ledger refuses a payment beyond what the batch holds frozen, and the claim stays unpaid (rollback leaves nothing)', async () => {
    const batch = await s.enforcing(a, s.rightA, 1);
    const first = await s.claimOf('900', { batchId: batch });
    const second = await s.claimOf('900', { batchId: batch });
    await s.toPay(first);
    // finance review refuses the second: only 100.00 is left
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id: second, result: 'pass', approvedAmount: '100' });
    expect((await call(finance.token, 'POST', `${BASE}/financeReview`, { id: second, result: 'pass', approvedAmount: '900' })).message).toBe(
      ClaimMsg.approvedOverFrozen('100.00'),
    );
    await call(finance.token, 'POST', `${BASE}/financeReview`, { id: second, result: 'pass' });
    await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(first));
    // the frozen money shrinks behind the claim's back (a release of the batch): the ledger has the last word
    await ledger.release(db, null, { poolId: s.poolId, amount: '100', opKey: `test:${batch}:release`, bizRef: `batch:${batch}` });
    // in a run of claims, the refusal names the claim that stopped it
    const res = await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(second));
    expect(res.message).toBe(`${(await s.claim(second)).claimNo}：${PoolLedgerMsg.deductTooMuch('0.00')}`);
    expect((await s.claim(second)).status).toBe(ClaimStatus.toPay);
    expect(await deductsOf((await s.claim(second)).claimNo)).toHaveLength(0);
  });

  it('a 流水号 already used refuses the payment after the 扣减 was booked: the transaction rolls back whole, no log row stays', async () => {
    const x = await s.claimOf('40');
    const y = await s.claimOf('40');
    await s.toPay(x);
    await s.toPay(y);
    const body = await s.payBody(x);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, body)).success).toBe(true);
    const res = await call(finance.token, 'POST', `${BASE}/payment/pay`, { ...body, id: y });
    expect(res.message).toBe(ClaimMsg.serialTaken(body.serialNo));
    const rec = await s.claim(y);
    expect(rec.status).toBe(ClaimStatus.toPay);
    expect(await deductsOf(rec.claimNo)).toHaveLength(0);
  });

  it('the payment-run bank file lists 收款户名, 开户行, 账号, 金额, 用途 of the chosen payable claims', async () => {
    const id = await s.claimOf('123.45');
    await s.toPay(id);
    const res = await rig.request(finance.token, 'GET', `${BASE}/payment/exportPayRun?ids=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await rig.request(a.token, 'GET', `${BASE}/payment/exportPayRun?ids=${id}`)).statusCode).toBe(403);
  });

  it('reconciliation is clean after the payments', async () => {
    const report = await call(finance.token, 'GET', '/rights/capitalPool/reconcile');
    expect(report.result.differences).toEqual([]);
  });

  it('nobody decides their own claim', async () => {
    const id = await s.claimOf('50');
    await db.update(finClaim).set({ submitBy: reviewer.id }).where(eq(finClaim.id, id));
    expect((await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' })).message).toBe(RightsMsg.selfApproval);
  });
});
