import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BatchLogAction, BatchStatus, ClaimStatus, PoolChangeType, type PoolLine } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { ADMIN_PASSWORD, createTestApp, dbKind } from '../../../test/harness.ts';
import { reconcile } from '../pool/pool-log.service.ts';

const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1'];

describe(`报销单 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await db.delete(sysSeed).where(inArray(sysSeed.key, UNITS));
  const applied = await runSeeds(db, { adminPassword: null, seedDemo: true, announce: () => undefined });

  it('DOMAIN claim: claims of 维权中/已结案 batches in many states, numbered BX…, with invoices and a timeline', async () => {
    expect(applied).toEqual(UNITS);
    const byStatus = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from fin_claim group by status`);
    expect(byStatus.length).toBeGreaterThanOrEqual(6);
    expect(byStatus.map((r) => r.status)).toContain(ClaimStatus.paid);
    const [{ wrong }] = await rows<{ wrong: number }>(
      db,
      sql`select count(*)::int as wrong from fin_claim c join rights_batch b on b.id = c.batch_id
           where b.status not in ('5', '7') or b.org_id <> c.org_id or c.claim_no not like 'BX%'
              or not exists (select 1 from fin_claim_invoice i where i.claim_id = c.id)
              or not exists (select 1 from fin_claim_log l where l.claim_id = c.id)`,
    );
    expect(wrong).toBe(0);
  });

  it('every paid claim has one 扣减 row in the pool log naming its number and batch; the ledger reconciles', async () => {
    const unmatched = await rows<{ id: string }>(
      db,
      sql`select c.id from fin_claim c where c.status = '5' and 1 <> (select count(*) from fin_capital_pool_log l
           where l.change_type = '4' and l.biz_no = c.claim_no and l.biz_ref = 'batch:' || c.batch_id and l.amount = c.approved_amount)`,
    );
    expect(unmatched).toEqual([]);
    const [{ stray }] = await rows<{ stray: number }>(db, sql`select count(*)::int as stray from fin_capital_pool_log l where l.change_type = '4' and not exists (select 1 from fin_claim c where c.claim_no = l.biz_no)`);
    expect(stray).toBe(0);
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it('DOMAIN pool log: each demo move is dated when its business event happened — 冻结 at the approval, 解冻 at the 撤销 or 结案, 扣减 at the payment', async () => {
    const { freeze, release, deduct } = PoolChangeType;
    const { closed, withdrawn } = BatchStatus;
    const misdated = await rows<{ id: string; change_type: string; biz_no: string }>(
      db,
      sql`select l.id, l.change_type, l.biz_no from fin_capital_pool_log l
           left join rights_batch b on 'batch:' || b.id = l.biz_ref
           left join fin_claim c on c.claim_no = l.biz_no and l.change_type = ${deduct}
           where (l.change_type = ${freeze} and l.create_time is distinct from b.approve_time)
              or (l.change_type = ${release} and b.status = ${withdrawn} and l.create_time is distinct from (select min(g.create_time) from rights_batch_log g where g.batch_id = b.id and g.action = ${BatchLogAction.withdraw}))
              or (l.change_type = ${release} and b.status = ${closed} and l.create_time is distinct from b.closed_time)
              or (l.change_type = ${release} and b.status not in (${closed}, ${withdrawn}))
              or (l.change_type = ${deduct} and (l.create_time is distinct from c.paid_time or to_char(l.create_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') <> c.pay_date::text
                  or not exists (select 1 from fin_claim_payment p where p.claim_id = c.id and p.pool_log_id = l.id)))`,
    );
    expect(misdated).toEqual([]);
    const [{ days }] = await rows<{ days: number }>(db, sql`select count(distinct (create_time at time zone 'Asia/Shanghai')::date)::int as days from fin_capital_pool_log`);
    expect(days).toBeGreaterThan(60);
    // numbered in the order the events happened: each row's balances are those of its moment
    const [{ backwards }] = await rows<{ backwards: number }>(
      db,
      sql`select count(*)::int as backwards from (select create_time, lag(create_time) over (partition by pool_id order by seq) as before from fin_capital_pool_log) s where create_time < before`,
    );
    expect(backwards).toBe(0);
  });

  it('spec §7 资金池余额走势: the demo pool moves over the last 30 days and over the year, not only today', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const linesOf = async (query: string) => (await t.request(admin, 'GET', `/sys/api/poolLines${query}`)).json().result as PoolLine[];
    const active = (lines: PoolLine[]) => lines.filter((l) => l.poolName === '2026年度商标维权专项资金');
    const month = active(await linesOf(''));
    expect(month).toHaveLength(30);
    expect(new Set(month.slice(0, -1).map((l) => `${l.balance}|${l.used}`)).size).toBeGreaterThan(3);
    const end = month.at(-1)!.date;
    const start = new Date(Date.parse(end) - 330 * 86_400_000).toISOString().slice(0, 10);
    const year = active(await linesOf(`?startDate=${start}&endDate=${end}`));
    expect(new Set(year.map((l) => l.balance)).size).toBeGreaterThan(30);
    expect(new Set(year.map((l) => l.used)).size).toBeGreaterThan(5);
  });
});
