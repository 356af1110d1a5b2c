import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../platform/db/client.ts';
import { dbKind } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';

const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1', 'demo:system-log:v1'];

// Issue #25: the 系统日志 screen has demo data, consistent with the demo's users and records.
describe(`系统日志 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const { db, applied } = await appWithDemo(UNITS);

  it('every approval, batch and claim of the demo has its operation entry, by its user, at its time', async () => {
    expect(applied).toEqual(UNITS);
    const [missing] = await rows<{ approvals: number; batches: number; claims: number }>(
      db,
      sql`select
            (select count(*)::int from rights_approval a join sys_user u on u.id = a.approver_id
              where not exists (select 1 from sys_log l where l.log_type = 2 and l.userid = u.username and l.create_time = a.approve_time
                                  and l.request_param like '%' || a.biz_id || '%')) as approvals,
            (select count(*)::int from rights_batch b where b.create_by in (select username from sys_user)
              and not exists (select 1 from sys_log l where l.log_type = 2 and l.userid = b.create_by and l.create_time = b.create_time
                                and l.log_content like '%：' || b.batch_no || ' ' || b.batch_name)) as batches,
            (select count(*)::int from fin_claim c where c.create_by in (select username from sys_user)
              and not exists (select 1 from sys_log l where l.log_type = 2 and l.userid = c.create_by and l.create_time = c.create_time
                                and l.log_content like '%：' || c.claim_no || ' ' || c.org_name)) as claims`,
    );
    expect(missing).toEqual({ approvals: 0, batches: 0, claims: 0 });
    const [counts] = await rows<{ ops: number; logins: number; failed: number; users: number }>(
      db,
      sql`select count(*) filter (where log_type = 2)::int as ops, count(*) filter (where log_type = 1)::int as logins,
                 count(*) filter (where log_type = 1 and log_content like '%登录失败%')::int as failed,
                 count(distinct userid)::int as users
            from sys_log where id not in (select id from sys_log where create_time > now() - interval '1 minute')`,
    );
    expect(counts.ops).toBeGreaterThan(100);
    expect(counts.logins).toBeGreaterThan(20);
    expect(counts.failed).toBeGreaterThan(0);
    expect(counts.users).toBeGreaterThanOrEqual(4);
  });

  it('each user signs in before a day’s first action, from a steady address; no entry names an unknown user or lies in the future', async () => {
    const [wrong] = await rows<{ unsigned: number; strangers: number; future: number }>(
      db,
      sql`select
            (select count(*)::int from sys_log o where o.log_type = 2 and o.create_by is not null and o.request_url not like '%/sys/%'
              and not exists (select 1 from sys_log l where l.log_type = 1 and l.userid = o.userid and l.log_content like '%登录成功%'
                                and l.create_time <= o.create_time and l.create_time > o.create_time - interval '1 day')) as unsigned,
            (select count(*)::int from sys_log l where l.userid is not null and not exists (select 1 from sys_user u where u.username = l.userid)) as strangers,
            (select count(*)::int from sys_log where create_time > now()) as future`,
    );
    expect(wrong).toEqual({ unsigned: 0, strangers: 0, future: 0 });
    const places = await rows<{ userid: string; ips: number }>(
      db,
      sql`select userid, count(distinct ip)::int as ips from sys_log where userid in ('reviewer', 'finance', 'admin') group by userid`,
    );
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((p) => p.ips === 1)).toBe(true);
  });
});
