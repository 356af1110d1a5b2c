import { describe, expect, it } from 'vitest';
import { addDays, chinaToday, computeExpireDate, RIGHT_EXPIRY_STATISTICS_PATH } from '@sbwq/contracts';
import { RoleId } from '../../test/harness.ts';
import { certifiedOrg, PASSWORD, rightsRig } from '../rights/shared/test-fixtures.ts';

/** The registration date whose ten-year term ends on `expire`. */
function regDateFor(expire: string): string {
  const [y, m, d] = expire.split('-').map(Number);
  const reg = new Date(Date.UTC(y - 10, m - 1, d + 1)).toISOString().slice(0, 10);
  return computeExpireDate(reg) === expire ? reg : regDateFor(addDays(expire, -1));
}

const mark = (n: number, regDate: string, extra: Record<string, unknown> = {}) => ({
  trademarkName: `到期${n}`,
  regNo: String(40_000_000 + n),
  niceClass: '9',
  registrant: '测试品牌股份有限公司',
  regDate,
  ...extra,
});

describe('dashboard §7 statistics: marks expiring within 12 months (DOMAIN protected-rights record derived flags)', async () => {
  const rig = await rightsRig();
  const reviewer = await rig.staff('rev1', [RoleId.reviewer]);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const b = await certifiedOrg(rig, reviewer.token, 2, { holder: true });
  const today = chinaToday();
  const stats = async (token: string) => (await rig.call(token, 'GET', RIGHT_EXPIRY_STATISTICS_PATH)).result;
  const listTotal = async (token: string, query: string) => (await rig.call(token, 'GET', `/rights/right/list?pageSize=1&${query}`)).result.total as number;

  const add = async (token: string, n: number, regDate: string, extra: Record<string, unknown> = {}) => {
    const res = await rig.call(token, 'POST', '/rights/right/add', mark(n, regDate, extra));
    expect(res.success, res.message).toBe(true);
    return res.result as string;
  };
  // a: two expiring (in 40 and 300 days), one fine, all drafts; b: one expiring, one expired, one authorisation over, submitted
  await add(a.token, 1, regDateFor(addDays(today, 40)));
  await add(a.token, 2, regDateFor(addDays(today, 300)));
  await add(a.token, 3, '2020-01-01');
  const submitted = [
    await add(b.token, 4, regDateFor(addDays(today, 10))),
    await add(b.token, 5, regDateFor(addDays(today, -400))),
    await add(b.token, 6, '2020-01-01', { authStartDate: '2020-01-01', authEndDate: addDays(today, -1) }),
  ];
  expect((await rig.call(b.token, 'POST', '/rights/right/submit', { ids: submitted.join(',') })).success).toBe(true);

  it('an organisation user counts their own organisation only; each figure equals the list filtered by that flag', async () => {
    const mine = await stats(a.token);
    expect(mine).toMatchObject({ today, expiringSoon: 2, inGracePeriod: 0, expired: 0, authExpired: 0 });
    expect(mine.expiringSoon).toBe(await listTotal(a.token, 'expiryFlag=expiringSoon'));
    expect(await stats(b.token)).toMatchObject({ expiringSoon: 1, expired: 1, authExpired: 1 });
  });

  it('months: this month and the next 12, each present, the counts adding up to 即将到期 and each equal to the list by expiry month', async () => {
    const mine = await stats(a.token);
    expect(mine.months).toHaveLength(13);
    expect(mine.months[0].month).toBe(today.slice(0, 7));
    expect(mine.months.reduce((sum: number, m: { count: number }) => sum + m.count, 0)).toBe(2);
    const month = addDays(today, 300).slice(0, 7);
    const entry = mine.months.find((m: { month: string }) => m.month === month);
    expect(entry.count).toBeGreaterThanOrEqual(1);
    const [y, m] = month.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    expect(await listTotal(a.token, `expiryFlag=expiringSoon&expireDate_begin=${month}-01&expireDate_end=${last}`)).toBe(entry.count);
  });

  it("staff count every submitted record, not another organisation's drafts", async () => {
    const all = await stats(reviewer.token);
    expect(all).toMatchObject({ expiringSoon: 1, inGracePeriod: 0, expired: 1, authExpired: 1 });
    expect(all.expiringSoon).toBe(await listTotal(reviewer.token, 'expiryFlag=expiringSoon'));
  });

  it('§6 the route needs the rights list permission', async () => {
    await rig.createUser({ username: 'nobody', password: PASSWORD, roleIds: [] });
    const token = await rig.loginAs('nobody', PASSWORD);
    const res = await rig.call(token, 'GET', RIGHT_EXPIRY_STATISTICS_PATH);
    expect(res.success).toBe(false);
    expect(res.result ?? null).toBeNull();
  });
});
