import { expect } from 'vitest';
import type { OrgUser } from '../../rights/shared/test-fixtures.ts';
import { batchRig } from '../../rights/batch/batch.fixtures.ts';

const bankForm = (org: OrgUser, accountNo: string) => ({
  accountName: `机构${org.orgId.slice(0, 4)}`,
  bankName: '中国工商银行',
  branchName: '杭州西湖支行',
  accountNo,
  bankCode: '102331000123',
  accountNature: '1',
});

export type ClaimRig = Awaited<ReturnType<typeof claimRig>>;

/**
 * On top of the batch rig: an approved and a pending bank account for agency A, an approved one for B,
 * and one 维权中 batch each (3 items × 1000.00: 3000.00 frozen for A's, 2 items for B's).
 */
export async function claimRig(pool: { total?: string; orgCap?: string | null } = {}) {
  const s = await batchRig(pool);
  const { rig, a, b, reviewer, finance } = s;
  const call = rig.call;
  const account = async (org: OrgUser, no: string, approve: boolean) => {
    const res = await call(org.token, 'POST', '/rights/bank/add', bankForm(org, no));
    if (!res.success) throw new Error(res.message);
    if (approve) {
      const ok = await call(finance.token, 'POST', '/rights/bank/approve', { id: res.result, result: 'pass' });
      if (!ok.success) throw new Error(ok.message);
    }
    return res.result as string;
  };
  const bankA = await account(a, '6222021234561234', true);
  const bankAPending = await account(a, '6222021234565678', false);
  const bankB = await account(b, '6217000011112222', true);
  /** A batch of `org` in 维权中 with `n` × 1000.00 frozen. */
  const enforcing = async (org: OrgUser, rightId: string, n: number) => {
    const id = await s.submitted(org, rightId, n);
    const passed = await call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass' });
    if (!passed.success) throw new Error(passed.message);
    const started = await call(org.token, 'POST', '/rights/threaded/startEnforce', { id });
    if (!started.success) throw new Error(started.message);
    return id;
  };
  const batchA = await enforcing(a, s.rightA, 3);
  const batchB = await enforcing(b, s.rightB, 2);
  let invoiceSeq = 0;
  /** A fresh invoice (unique number) with an uploaded file of `org`. */
  const invoice = async (org: OrgUser, amount: string, overrides: Record<string, unknown> = {}) => ({
    invoiceCode: '033001900111',
    invoiceNo: String(10_000_000 + ++invoiceSeq),
    invoiceDate: '2026-03-01',
    amount,
    files: await rig.upload(org.token, 'pdf', '8'),
    ...overrides,
  });
  const form = async (org: OrgUser, batchId: string, bankAccountId: string, applyAmount: string, overrides: Record<string, unknown> = {}) => ({
    batchId,
    expenseType: '1',
    applyAmount,
    deductions: '0',
    bankAccountId,
    description: '公证购买侵权商品',
    invoices: [await invoice(org, applyAmount)],
    ...overrides,
  });
  /** A claim of A against its batch: added (and submitted unless `draft`); its id. */
  const claimOf = async (
    amount: string,
    opts: { draft?: boolean; org?: OrgUser; batchId?: string; bankId?: string; overrides?: Record<string, unknown> } = {},
  ) => {
    const org = opts.org ?? a;
    const added = await call(
      org.token,
      'POST',
      '/rights/financeRecord/add',
      await form(org, opts.batchId ?? batchA, opts.bankId ?? bankA, amount, opts.overrides),
    );
    if (!added.success) throw new Error(added.message);
    if (!opts.draft) expect((await call(org.token, 'POST', '/rights/financeRecord/submit', { id: added.result.id })).success).toBe(true);
    return added.result.id as string;
  };
  /** Through both reviews to 待付款. */
  const toPay = async (id: string, approvedAmount?: string) => {
    const first = await call(reviewer.token, 'POST', '/rights/financeRecord/bizReview', { id, result: 'pass', approvedAmount });
    if (!first.success) throw new Error(first.message);
    const second = await call(finance.token, 'POST', '/rights/financeRecord/financeReview', { id, result: 'pass' });
    if (!second.success) throw new Error(second.message);
  };
  const claim = async (id: string) =>
    (await call(finance.token, 'GET', `/rights/financeRecord/queryById?id=${id}`)).result ??
    (await call(a.token, 'GET', `/rights/financeRecord/queryById?id=${id}`)).result;
  let serial = 0;
  const payBody = async (ids: string | string[], overrides: Record<string, unknown> = {}) => ({
    ...(Array.isArray(ids) ? { ids } : { id: ids }),
    payDate: '2026-04-01',
    serialNo: `LS2026040100${++serial}`,
    voucher: await rig.upload(finance.token, 'pdf', '9'),
    ...overrides,
  });
  return { ...s, bankA, bankAPending, bankB, batchA, batchB, enforcing, invoice, form, claimOf, toPay, claim, payBody };
}
