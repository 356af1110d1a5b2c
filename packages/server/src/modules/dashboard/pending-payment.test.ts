import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chinaToday, ClaimStatus, fromCents, MONEY_COLUMN_MAX, MONEY_COLUMN_MAX_CENTS, PENDING_PAYMENT_SUMMARY_PATH, toCents } from '@sbwq/contracts';
import { claimRig } from '../finance/claim/claim.fixtures.ts';
import { finClaim } from '../core/tables/claim.table.ts';
import { monitorToday } from './task-monitor.service.ts';

describe('dashboard: 待付款 count and amount for finance (DOMAIN dashboard statistics)', async () => {
  const s = await claimRig({ orgCap: '60000' });
  const { rig, a, finance } = s;
  const summary = async (token: string) => rig.call(token, 'GET', PENDING_PAYMENT_SUMMARY_PATH);

  it('counts the payment queue (待付款 and 付款失败) and adds up their 核定金额 exactly; a paid claim leaves it', async () => {
    expect((await summary(finance.token)).result).toEqual({ count: 0, amount: '0.00' });
    const first = await s.claimOf('500.10');
    await s.toPay(first);
    const second = await s.claimOf('120.20');
    await s.toPay(second);
    await s.claimOf('99.00');
    expect((await summary(finance.token)).result).toEqual({ count: 2, amount: '620.30' });
    await rig.call(finance.token, 'POST', '/rights/financeRecord/payment/pay', await s.payBody(first));
    expect((await summary(finance.token)).result).toEqual({ count: 1, amount: '120.20' });
  });

  it("sums past what one numeric(14,2) column holds are answered exactly, not with a 500 (待付款, and 监控's payments today)", async () => {
    const db = rig.database.db;
    const ids = [await s.claimOf('1'), await s.claimOf('2')];
    for (const id of ids) await s.toPay(id);
    // each amount fits its column; only their sum does not (two claims at the limit are set directly: no pool holds that much)
    await db.update(finClaim).set({ applyAmount: MONEY_COLUMN_MAX, approvedAmount: MONEY_COLUMN_MAX }).where(inArray(finClaim.id, ids));
    expect((await summary(finance.token)).result).toEqual({ count: 3, amount: fromCents(toCents('120.20') + 2n * MONEY_COLUMN_MAX_CENTS) });
    // 监控 counts claims 已付款 with today's 付款日期 and adds up their 核定金额
    for (const [n, id] of ids.entries()) {
      await db
        .update(finClaim)
        .set({ status: ClaimStatus.paid, payDate: chinaToday(new Date()), serialNo: `LIMIT-${n}` })
        .where(eq(finClaim.id, id));
    }
    expect((await monitorToday(db)).payments).toEqual({ count: 2, amount: fromCents(2n * MONEY_COLUMN_MAX_CENTS) });
  });

  it('an organisation user may not read it', async () => {
    expect((await summary(a.token)).success).toBe(false);
  });
});
