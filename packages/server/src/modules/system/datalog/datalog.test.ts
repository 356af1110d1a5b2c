import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { rows } from '../../../platform/db/client.ts';
import { claimRig } from '../../finance/claim/claim.fixtures.ts';
import { sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';

type Raw = Record<string, unknown>;

// Issue #25 数据日志: versions written with every business change; the hash chain over the data log and
// the approval records, and `verify` finding a changed, removed or re-hashed entry.
describe(`issue #25 数据日志 and its hash chain on ${dbKind}`, async () => {
  const s = await claimRig();
  const { rig, a, reviewer } = s;
  const db = rig.database.db;
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const verify = async () => (await rig.call(admin, 'POST', '/sys/dataLog/verify', {})).result;

  it('a batch keeps a version per change (creation, items, submit, review, start), with who and which fields, and two versions compare', async () => {
    const list = await rig.call(admin, 'GET', `/sys/dataLog/queryDataVerList?dataTable=rights_batch&dataId=${s.batchA}`);
    expect(list.success).toBe(true);
    const versions = list.result as { id: string; dataVersion: number; op: string; fields: string[]; oldValues: Raw | null; newValues: Raw | null; createBy: string }[];
    expect(versions.map((v) => v.dataVersion)).toEqual(versions.map((_, i) => i + 1));
    expect(versions[0]).toMatchObject({ op: 'add', oldValues: null, createBy: a.username });
    const statuses = versions.filter((v) => v.fields.includes('status')).map((v) => v.newValues!.status);
    // 草稿 → 待审核 → 待维权 → 维权中 (batch_status 1, 2, 4, 5)
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    const review = versions.find((v) => v.createBy === 'rev1')!;
    expect(review.oldValues!.status).not.toBe(review.newValues!.status);
    const compared = await rig.call(admin, 'GET', `/sys/dataLog/queryCompareList?dataId1=${versions.at(-1)!.id}&dataId2=${versions[0]!.id}`);
    expect(compared.result.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([1, versions.length]);
    const page = await rig.call(admin, 'GET', `/sys/dataLog/list?dataTable=rights_batch_item&user=${a.username}&pageSize=5`);
    expect(page.result.total).toBeGreaterThanOrEqual(3);
    // an organisation user has no 数据日志 screen
    expect((await rig.call(a.token, 'GET', '/sys/dataLog/list')).success).toBe(false);
  });

  it('20 claim decisions at once leave one linear, valid chain (one sequence over both kinds)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await s.claimOf('10'));
    // sealers racing the decisions (on PostgreSQL each on its own connection), as two processes would
    const answers = await Promise.all([
      ...ids.map((id) => rig.call(reviewer.token, 'POST', '/rights/financeRecord/bizReview', { id, result: 'pass' })),
      sealChain(db).then(() => ({ success: true })),
      sealChain(db).then(() => ({ success: true })),
    ]);
    expect(answers.every((r) => r.success)).toBe(true);
    const report = await verify();
    expect(report).toMatchObject({ ok: true, broken: null });
    const seqs = await rows<{ n: number; lo: number; hi: number }>(
      db,
      sql`select count(*)::int n, min(chain_seq)::int lo, max(chain_seq)::int hi from (select chain_seq from sys_data_log union all select chain_seq from rights_approval) c`,
    );
    expect(seqs[0]).toEqual({ n: report.checked, lo: 1, hi: report.checked });
    expect((await rows(db, sql`select 1 from sys_data_log where data_table = 'fin_claim' and fields ? 'status' and new_values->>'status' = '3'`)).length).toBeGreaterThanOrEqual(20);
  });

  /** Runs a tampering, checks what verify reports, then undoes it (the raw row put back as it was). */
  const tampered = async (table: 'sys_data_log' | 'rights_approval', seq: number, tamper: () => Promise<unknown>) => {
    const [row] = await rows<Raw>(db, sql`select to_jsonb(e) as j from ${sql.raw(table)} e where chain_seq = ${seq}`);
    await tamper();
    const report = await verifyChain(db);
    await db.execute(sql`delete from ${sql.raw(table)} where id = ${(row!.j as Raw).id as string}`);
    await db.execute(sql`insert into ${sql.raw(table)} select * from jsonb_populate_record(null::${sql.raw(table)}, ${JSON.stringify(row!.j)}::jsonb)`);
    expect((await verifyChain(db)).ok).toBe(true);
    return report;
  };
  const seqOf = async (table: string) => Number((await rows<{ s: number }>(db, sql`select chain_seq::int s from ${sql.raw(table)} where chain_seq is not null order by chain_seq offset 3 limit 1`))[0]!.s);

  it('verify finds a data-log row whose content was changed in SQL, one removed, and one whose hash was edited', async () => {
    await sealChain(db);
    const seq = await seqOf('sys_data_log');
    const changed = await tampered('sys_data_log', seq, () => db.execute(sql`update sys_data_log set new_values = '{"status":"9"}'::jsonb where chain_seq = ${seq}`));
    expect(changed).toMatchObject({ ok: false, broken: { seq, kind: 'datalog', problem: 'content' } });
    expect(changed.message).toContain(`第 ${seq} 条`);
    const removed = await tampered('sys_data_log', seq, () => db.execute(sql`delete from sys_data_log where chain_seq = ${seq}`));
    expect(removed).toMatchObject({ ok: false, broken: { seq, problem: 'missing' } });
    const rehashed = await tampered('sys_data_log', seq, () => db.execute(sql`update sys_data_log set hash = repeat('a', 64) where chain_seq = ${seq}`));
    expect(rehashed).toMatchObject({ ok: false, broken: { seq, problem: 'content' } });
  });

  it('verify finds an approval record changed in SQL, two entries swapped, and the newest entry removed', async () => {
    const seq = await seqOf('rights_approval');
    const changed = await tampered('rights_approval', seq, () => db.execute(sql`update rights_approval set opinion = '改过的意见' where chain_seq = ${seq}`));
    expect(changed).toMatchObject({ ok: false, broken: { seq, kind: 'approval', problem: 'content' } });
    // swapped: two data-log rows trade places (their chain columns) — the first of them no longer links
    const [x, y] = await rows<{ id: string; chain_seq: string; prev_hash: string; hash: string }>(db, sql`select id, chain_seq, prev_hash, hash from sys_data_log where chain_seq is not null order by chain_seq offset 5 limit 2`);
    const swap = async (p: typeof x, q: typeof x) => {
      await db.execute(sql`update sys_data_log set chain_seq = null where id in (${p!.id}, ${q!.id})`);
      await db.execute(sql`update sys_data_log set chain_seq = ${q!.chain_seq}, prev_hash = ${q!.prev_hash}, hash = ${q!.hash} where id = ${p!.id}`);
      await db.execute(sql`update sys_data_log set chain_seq = ${p!.chain_seq}, prev_hash = ${p!.prev_hash}, hash = ${p!.hash} where id = ${q!.id}`);
    };
    await swap(x, y);
    expect(await verifyChain(db)).toMatchObject({ ok: false, broken: { seq: Number(x!.chain_seq), problem: 'content' } });
    await swap({ ...x!, chain_seq: y!.chain_seq, prev_hash: y!.prev_hash, hash: y!.hash }, { ...y!, chain_seq: x!.chain_seq, prev_hash: x!.prev_hash, hash: x!.hash });
    expect((await verifyChain(db)).ok).toBe(true);
    const last = Number((await rows<{ s: number }>(db, sql`select max(chain_seq)::int s from sys_data_log`))[0]!.s);
    const head = Number((await rows<{ s: number }>(db, sql`select seq::int s from sys_chain_head`))[0]!.s);
    if (last === head) {
      const removed = await tampered('sys_data_log', last, () => db.execute(sql`delete from sys_data_log where chain_seq = ${last}`));
      expect(removed).toMatchObject({ ok: false, broken: { problem: 'head' } });
    }
    expect(await verify()).toMatchObject({ ok: true });
  });
});
