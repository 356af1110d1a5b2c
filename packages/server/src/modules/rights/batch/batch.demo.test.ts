import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BATCH_RESULT_STATISTICS_PATH, BATCH_STATUS_VALUES, RIGHTS_METHOD_VALUES, type BatchResultRow } from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';
import { reconcile } from '../../finance/pool/pool-log.service.ts';

// the claim unit books the batches' money with the claims' payments, in the order it moved
const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1'];

describe(`线索批次 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const { t, db, applied } = await appWithDemo(UNITS);

  it('DOMAIN clue batch: a few hundred batches of every certified organisation in every state, with items, progress and approvals', async () => {
    expect(applied).toEqual(UNITS);
    const byStatus = await rows<{ status: string; n: number; orgs: number }>(
      db,
      sql`select status, count(*)::int as n, count(distinct org_id)::int as orgs from rights_batch group by status`,
    );
    expect(byStatus.map((r) => r.status).sort()).toEqual([...BATCH_STATUS_VALUES].sort());
    const [{ total, orgs }] = await rows<{ total: number; orgs: number }>(
      db,
      sql`select count(*)::int as total, count(distinct org_id)::int as orgs from rights_batch`,
    );
    expect(total).toBeGreaterThanOrEqual(200);
    const [{ certified }] = await rows<{ certified: number }>(
      db,
      sql`select count(*)::int as certified from rights_org where enter_status = '2' and certify_status = '2'`,
    );
    expect(orgs).toBe(certified);
    const [{ wrong }] = await rows<{ wrong: number }>(
      db,
      sql`select count(*)::int as wrong from rights_batch b where b.item_count <> (select count(*) from rights_batch_item i where i.batch_id = b.id)`,
    );
    expect(wrong).toBe(0);
    const [{ progress, approvals }] = await rows<{ progress: number; approvals: number }>(
      db,
      sql`select (select count(*)::int from rights_batch_progress) as progress, (select count(*)::int from rights_approval where biz_type in ('4', '5')) as approvals`,
    );
    expect(progress).toBeGreaterThan(0);
    expect(approvals).toBeGreaterThan(0);
  });

  it('the pool ledger agrees with the batches: each batch holds 核定 − 已解冻 frozen under its own reference', async () => {
    expect((await reconcile(db)).differences).toEqual([]);
    const mismatched = await rows<{ id: string }>(
      db,
      sql`select b.id from rights_batch b
           where b.approved_amount is not null and b.status in ('4', '5', '6', '7', '9')
             and (b.approved_amount - b.released_amount) <> coalesce((select sum(case change_type when '2' then amount when '3' then -amount else 0 end)
                   from fin_capital_pool_log l where l.biz_ref = 'batch:' || b.id), 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('DOMAIN capital pool 单机构上限: no organisation holds more approved money in the pool than its cap', async () => {
    const over = await rows<{ org_id: string }>(
      db,
      sql`select b.org_id from rights_batch b join fin_capital_pool p on p.id = b.pool_id
           where b.status in ('4', '5', '6', '7') and p.org_cap is not null
           group by b.org_id, p.org_cap having sum(b.approved_amount - b.released_amount) > p.org_cap`,
    );
    expect(over).toEqual([]);
  });

  it('DEVELOPERS demo data dated like real events: batches are created and submitted at many times of a China working day, none after the seed ran', async () => {
    const times = await rows<{ hhmm: string; future: boolean }>(
      db,
      sql`select to_char(create_time at time zone 'Asia/Shanghai', 'HH24:MI') as hhmm, create_time > now() as future from rights_batch`,
    );
    expect(new Set(times.map((r) => r.hhmm)).size).toBeGreaterThan(50);
    expect(times.every((r) => r.hhmm >= '09:00' && r.hhmm < '17:00')).toBe(true);
    const [{ late }] = await rows<{ late: number }>(db, sql`select count(*)::int as late from rights_batch where submit_time > now() or approve_time > now()`);
    expect(late).toBe(0);
  });

  it('DOMAIN dashboard 维权结果: every 维权方式 of the closed demo batches has both successes and failures, and some items judged 不构成侵权', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const byMethod = (await t.request(admin, 'GET', `${BATCH_RESULT_STATISTICS_PATH}?by=rightsMethod`)).json().result as BatchResultRow[];
    expect(byMethod.map((r) => r.value).sort()).toEqual([...RIGHTS_METHOD_VALUES]);
    for (const row of byMethod) {
      expect(row.success, row.text).toBeGreaterThan(0);
      expect(row.failed, row.text).toBeGreaterThan(0);
      // a plausible mix: neither side is a rounding error of the other
      expect(row.success / (row.success + row.failed), row.text).toBeGreaterThan(0.3);
      expect(row.success / (row.success + row.failed), row.text).toBeLessThan(0.9);
    }
    expect(byMethod.reduce((n, r) => n + r.notInfringing, 0)).toBeGreaterThan(0);
  });

  it("spec §9 number filter: every amount in the demo batches' 操作日志 has thousands separators and two decimals", async () => {
    const logs = await rows<{ detail: string }>(db, sql`select detail from rights_batch_log where detail like '%元%'`);
    expect(logs.length).toBeGreaterThan(0);
    for (const { detail } of logs) {
      for (const [, amount] of detail.matchAll(/([\d,.]+) 元/g)) expect(amount).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    }
  });
});
