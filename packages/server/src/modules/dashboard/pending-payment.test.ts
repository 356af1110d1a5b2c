import { describe, expect, it } from 'vitest';
import { PENDING_PAYMENT_SUMMARY_PATH } from '@sbwq/contracts';
import { claimRig } from '../finance/claim/claim.fixtures.ts';

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

  it('an organisation user may not read it', async () => {
    expect((await summary(a.token)).success).toBe(false);
  });
});
