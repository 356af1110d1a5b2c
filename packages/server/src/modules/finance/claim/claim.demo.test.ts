import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BATCH_CLAIM_WINDOW_DAYS,
  BatchLogAction,
  BatchStatus,
  chinaToday,
  claimWindowCutoff,
  ClaimStatus,
  ClaimWindowMsg,
  moneyText,
  nextRunAfter,
  PoolChangeType,
  toCents,
  type PoolLine,
} from '@sbwq/contracts';
import { rows } from '../../../platform/db/client.ts';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';
import { reconcile } from '../pool/pool-log.service.ts';
import { sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';
import { verifyFiles } from '../../core/files/files-verify.ts';

const UNITS = [
  'demo:users:v1',
  'demo:rights:v1',
  'demo:finance-pool:v1',
  'demo:threaded:v1',
  'demo:finance-claim:v1',
  'demo:finance-claim-vouchers:v1',
  'demo:evidence-chain:v1',
  'demo:quartz-job-runs:v1',
];

describe(`报销单 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const { t, db, dataDir, applied, passwordOf } = await appWithDemo(UNITS);

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
    const [{ stray }] = await rows<{ stray: number }>(
      db,
      sql`select count(*)::int as stray from fin_capital_pool_log l where l.change_type = '4' and not exists (select 1 from fin_claim c where c.claim_no = l.biz_no)`,
    );
    expect(stray).toBe(0);
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it("DOMAIN pool log: each demo move is dated when its business event happened — 冻结 at the approval, 解冻 at the 撤销 or 结案 or after the 报销申请期限 (the job's run), 扣减 at the payment", async () => {
    const { freeze, release, deduct } = PoolChangeType;
    const { closed, withdrawn } = BatchStatus;
    const misdated = await rows<{ id: string; change_type: string; biz_no: string }>(
      db,
      sql`select l.id, l.change_type, l.biz_no from fin_capital_pool_log l
           left join rights_batch b on 'batch:' || b.id = l.biz_ref
           left join fin_claim c on c.claim_no = l.biz_no and l.change_type = ${deduct}
           where (l.change_type = ${freeze} and l.create_time is distinct from b.approve_time)
              or (l.change_type = ${release} and b.status = ${withdrawn} and l.create_time is distinct from (select min(g.create_time) from rights_batch_log g where g.batch_id = b.id and g.action = ${BatchLogAction.withdraw}))
              or (l.change_type = ${release} and b.status = ${closed} and l.remark <> ${ClaimWindowMsg.ledgerRemark} and l.create_time is distinct from b.closed_time)
              or (l.change_type = ${release} and l.remark = ${ClaimWindowMsg.ledgerRemark} and (b.status <> ${closed}
                  or l.create_time is distinct from (select min(g.create_time) from rights_batch_log g where g.batch_id = b.id and g.action = ${BatchLogAction.claimExpired})
                  or (l.create_time at time zone 'Asia/Shanghai')::date <= (b.closed_time at time zone 'Asia/Shanghai')::date + ${BATCH_CLAIM_WINDOW_DAYS}::int))
              or (l.change_type = ${release} and b.status not in (${closed}, ${withdrawn}))
              or (l.change_type = ${deduct} and (l.create_time is distinct from c.paid_time or to_char(l.create_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') <> c.pay_date::text
                  or not exists (select 1 from fin_claim_payment p where p.claim_id = c.id and p.pool_log_id = l.id)))`,
    );
    expect(misdated).toEqual([]);
    const [{ days }] = await rows<{ days: number }>(
      db,
      sql`select count(distinct (create_time at time zone 'Asia/Shanghai')::date)::int as days from fin_capital_pool_log`,
    );
    expect(days).toBeGreaterThan(60);
    // numbered in the order the events happened: each row's balances are those of its moment
    const [{ backwards }] = await rows<{ backwards: number }>(
      db,
      sql`select count(*)::int as backwards from (select create_time, lag(create_time) over (partition by pool_id order by seq) as before from fin_capital_pool_log) s where create_time < before`,
    );
    expect(backwards).toBe(0);
  });

  it('DOMAIN pool log 操作人: each demo move names the person who took its step — finance for money in, the reviewer who froze or released, finance who paid — not 系统', async () => {
    // the 报销申请期限 release is the job's (系统), as a live run books it
    const byType = await rows<{ change_type: string; by: string }>(
      db,
      sql`select change_type, create_by as by from fin_capital_pool_log where remark is distinct from ${ClaimWindowMsg.ledgerRemark}`,
    );
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.filter((r) => r.by === 'system')).toEqual([]);
    const [{ expiryBy }] = await rows<{ expiryBy: string[] | null }>(
      db,
      sql`select array_agg(distinct create_by) as "expiryBy" from fin_capital_pool_log where remark = ${ClaimWindowMsg.ledgerRemark}`,
    );
    expect(expiryBy).toEqual(['system']);
    const [{ payers }] = await rows<{ payers: string[] }>(
      db,
      sql`select array_agg(distinct create_by) as payers from fin_capital_pool_log where change_type = ${PoolChangeType.deduct}`,
    );
    expect(payers).toEqual(['finance']);
  });

  it("DOMAIN claim 付款: every paid demo claim has its bank receipt as 付款凭证 — a PNG in DATA_DIR/upload listed in 文件信息 as finance's upload, linked to the claim and its payment record like a real payment's voucher", async () => {
    const paid = await rows<{
      id: string;
      claim_no: string;
      serial_no: string;
      pay_voucher: string | null;
      sys_org_code: string;
      voucher: string | null;
      file_name: string | null;
      file_type: string | null;
      uploader: string | null;
      biz_type: string | null;
      biz_id: string | null;
    }>(
      db,
      sql`select c.id, c.claim_no, c.serial_no, c.pay_voucher, c.sys_org_code, p.voucher, f.file_name, f.file_type, u.username as uploader, f.biz_type, f.biz_id
            from fin_claim c
            left join fin_claim_payment p on p.claim_id = c.id and p.result = '1'
            left join sb_file_info f on f.file_path = c.pay_voucher
            left join sys_user u on u.id = f.uploader_id
           where c.status = ${ClaimStatus.paid}`,
    );
    expect(paid.length).toBeGreaterThanOrEqual(4);
    for (const c of paid) {
      expect(c.pay_voucher, c.claim_no).toMatch(/^finance_payment\/\d{8}\/[0-9a-f]{32}\.png$/);
      expect(c, c.claim_no).toMatchObject({
        voucher: c.pay_voucher,
        file_name: `付款回单-${c.serial_no}.png`,
        file_type: '9',
        uploader: 'finance',
        biz_type: 'fin_claim',
        biz_id: c.id,
      });
      const bytes = fs.readFileSync(path.join(dataDir, 'upload', c.pay_voucher!));
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    // 付款凭证 is the claim's organisation's to see in the detail (as finance's are), not another organisation's
    const [first] = paid;
    const [owner] = await rows<{ username: string }>(
      db,
      sql`select username from sys_user where org_code = ${first.sys_org_code} and username ~ '^(agency|holder)[0-9]+$' order by username limit 1`,
    );
    const [other] = await rows<{ username: string }>(
      db,
      sql`select u.username from sys_user u join rights_org o on o.sys_org_code = u.org_code
           where u.org_code <> ${first.sys_org_code} and u.username ~ '^(agency|holder)[0-9]+$' and o.enter_status = '2' order by u.username limit 1`,
    );
    const ownerToken = await t.loginAs(owner.username, passwordOf(owner.username));
    const detail = (await t.request(ownerToken, 'GET', `/rights/financeRecord/queryById?id=${first.id}`)).json().result;
    expect(detail.payVoucher).toBe(first.pay_voucher);
    const seen = await t.request(ownerToken, 'GET', `/sys/common/static/${first.pay_voucher}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toContain('image/png');
    const names = (await t.request(ownerToken, 'GET', `/sys/common/fileNames?paths=${encodeURIComponent(first.pay_voucher!)}`)).json().result;
    expect(names).toEqual({ [first.pay_voucher!]: `付款回单-${first.serial_no}.png` });
    const otherToken = await t.loginAs(other.username, passwordOf(other.username));
    expect((await t.request(otherToken, 'GET', `/sys/common/static/${first.pay_voucher}`)).statusCode).toBe(404);
    const financeToken = await t.loginAs('finance', passwordOf('finance'));
    expect((await t.request(financeToken, 'GET', `/sys/common/static/${first.pay_voucher}`)).statusCode).toBe(200);
  });

  it("DEVELOPERS demo files: every demo invoice has its scan — a PNG uploaded by the claim's submitter, listed in 文件信息 for the organisation, readable by the reviewer and the organisation", async () => {
    const invoices = await rows<{
      claim_id: string;
      invoice_no: string;
      files: string | null;
      file_name: string | null;
      file_type: string | null;
      org_code: string | null;
      claim_org: string;
    }>(
      db,
      sql`select i.claim_id, i.invoice_no, i.files, f.file_name, f.file_type, f.sys_org_code as org_code, c.sys_org_code as claim_org
            from fin_claim_invoice i join fin_claim c on c.id = i.claim_id left join sb_file_info f on f.file_path = i.files`,
    );
    expect(invoices.length).toBeGreaterThan(0);
    for (const inv of invoices) {
      expect(inv.files, inv.invoice_no).toMatch(/^finance_claim\/\d{8}\/[0-9a-f]{32}\.png$/);
      expect(inv, inv.invoice_no).toMatchObject({ file_name: `发票-${inv.invoice_no}.png`, file_type: '8', org_code: inv.claim_org });
      expect(
        fs
          .readFileSync(path.join(dataDir, 'upload', inv.files!))
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
    }
    const reviewerToken = await t.loginAs('reviewer', passwordOf('reviewer'));
    expect((await t.request(reviewerToken, 'GET', `/sys/common/static/${invoices[0].files}`)).statusCode).toBe(200);
  });

  it("issue 39: every demo evidence file (invoice scans, payment receipts) is in the data log's chain as an upload would be — added, by its uploader, with its fingerprint; files:verify and datalog:verify pass", async () => {
    const unlogged = await rows<{ n: number; total: number }>(
      db,
      sql`select count(*) filter (where not exists (select 1 from sys_data_log l where l.data_table = 'sb_file_info' and l.data_id = f.id and l.data_content->>'sha256' = f.sha256 and l.create_by = f.create_by))::int as n,
                 count(*)::int as total
            from sb_file_info f where f.del_flag = '0' and split_part(f.file_path, '/', 1) in ('finance_claim', 'finance_payment')`,
    );
    expect(unlogged[0]!.total).toBeGreaterThan(0);
    expect(unlogged[0]!.n).toBe(0);
    await sealChain(db);
    expect((await verifyChain(db)).ok).toBe(true);
    expect((await verifyFiles(db, { dataDir, storage: { kind: 'local' } })).problems).toEqual([]);
  });

  it("DOMAIN claim 报销申请期限: no demo claim was created or handed in after its batch's deadline; a closed batch past it holds frozen only what its unpaid claims reserve, released by 系统 with the job's log line", async () => {
    const late = await rows<{ claim_no: string }>(
      db,
      sql`select c.claim_no from fin_claim c join rights_batch b on b.id = c.batch_id
           where b.closed_time is not null
             and greatest(c.create_time, coalesce(c.submit_time, c.create_time)) >= ((b.closed_time at time zone 'Asia/Shanghai')::date + ${BATCH_CLAIM_WINDOW_DAYS + 1}::int)::timestamp at time zone 'Asia/Shanghai'`,
    );
    expect(late).toEqual([]);
    const today = chinaToday();
    const held = await rows<{ batch_no: string; frozen: string; reserved: string; closed: string }>(
      db,
      sql`select b.batch_no, b.closed_time::text as closed,
                 (select coalesce(sum(case l.change_type when '2' then l.amount when '3' then -l.amount when '4' then -l.amount else 0 end), 0) from fin_capital_pool_log l where l.biz_ref = 'batch:' || b.id)::text as frozen,
                 (select coalesce(sum(c.approved_amount), 0) from fin_claim c where c.batch_id = b.id and c.status in ('4', '6'))::text as reserved
            from rights_batch b
           where b.status = ${BatchStatus.closed} and b.closed_time < ${claimWindowCutoff(today).toISOString()}::timestamptz
             and not exists (select 1 from fin_claim c where c.batch_id = b.id and c.status in ('1', '2'))`,
    );
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((r) => toCents(r.frozen) !== toCents(r.reserved))).toEqual([]);
    const lines = await rows<{ detail: string; operator_name: string; released: string; logged: string }>(
      db,
      sql`select g.detail, g.operator_name, b.released_amount::text as released,
                 (select l.amount::text from fin_capital_pool_log l where l.biz_ref = 'batch:' || b.id and l.remark = ${ClaimWindowMsg.ledgerRemark}) as logged
            from rights_batch_log g join rights_batch b on b.id = g.batch_id where g.action = ${BatchLogAction.claimExpired}`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.operator_name).toBe('系统');
      expect(line.detail.startsWith(`报销申请期满，解冻 ${moneyText(line.logged)} 元`), line.detail).toBe(true);
    }
    expect((await reconcile(db)).differences).toEqual([]);
  });

  it("DEVELOPERS demo data dated like real events: 定时任务's history runs at its schedule's times, and 结案报销期满解冻 ran on each night the ledger shows its releases, with their count and total", async () => {
    const runs = await rows<{ job_key: string; start_time: Date | string; message: string | null; cron_expression: string }>(
      db,
      sql`select r.job_key, r.start_time, r.message, j.cron_expression from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id where r.pid = 4242`,
    );
    expect(new Set(runs.map((r) => r.job_key))).toEqual(new Set(['ledgerReconcile', 'closedBatchRelease', 'logRetention', 'sessionCleanup', 'statsWarmup']));
    for (const r of runs) {
      const start = new Date(r.start_time);
      expect(nextRunAfter(r.cron_expression, new Date(start.getTime() - 1000))?.getTime(), `${r.job_key} ${start.toISOString()}`).toBe(start.getTime());
    }
    const released = await rows<{ at: Date | string; n: number; total: string }>(
      db,
      sql`select create_time as at, count(*)::int as n, sum(amount)::text as total from fin_capital_pool_log where remark = ${ClaimWindowMsg.ledgerRemark} group by create_time`,
    );
    expect(released.length).toBeGreaterThan(0);
    for (const r of released) {
      const run = runs.find((x) => x.job_key === 'closedBatchRelease' && new Date(x.start_time).getTime() === new Date(r.at).getTime());
      expect(run?.message).toBe(ClaimWindowMsg.runAnswer(r.n, toCents(r.total), 0, []));
    }
    const reconciled = runs.filter((r) => r.job_key === 'ledgerReconcile' && r.message);
    expect(reconciled.length).toBe(2);
    for (const r of reconciled) {
      const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from fin_capital_pool_log where create_time <= ${new Date(r.start_time)}`);
      expect(r.message).toContain(`日志 ${n} 条`);
    }
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
