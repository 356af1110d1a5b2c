import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { claimRig } from '../../finance/claim/claim.fixtures.ts';
import { entryHash, GENESIS, sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';
import { SEAL_DELAY_MS } from '../../core/datalog/datalog-seal.ts';
import { DataTable, recordVersion } from '../../core/datalog/datalog.service.ts';
import { newId } from '../../../platform/db/ids.ts';

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
    const versions = list.result as {
      id: string;
      dataVersion: number;
      op: string;
      fields: string[];
      oldValues: Raw | null;
      newValues: Raw | null;
      createBy: string;
    }[];
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
    expect(
      (await rows(db, sql`select 1 from sys_data_log where data_table = 'fin_claim' and fields ? 'status' and new_values->>'status' = '3'`)).length,
    ).toBeGreaterThanOrEqual(20);
  });

  /**
   * As whoever can write the database: with the triggers off (the append-only guards would refuse), as a
   * superuser or the tables' owner could.
   */
  const asOwner = (work: (x: Db) => Promise<unknown>) =>
    db.transaction(async (x) => {
      await x.execute(sql`set local session_replication_role = replica`);
      await work(x);
    });
  /** Runs a tampering, checks what verify reports, then undoes it (the raw row put back as it was). */
  const tampered = async (table: 'sys_data_log' | 'rights_approval', seq: number, tamper: (x: Db) => Promise<unknown>) => {
    const [row] = await rows<Raw>(db, sql`select to_jsonb(e) as j from ${sql.raw(table)} e where chain_seq = ${seq}`);
    await asOwner(tamper);
    const report = await verifyChain(db);
    await asOwner(async (x) => {
      await x.execute(sql`delete from ${sql.raw(table)} where id = ${(row!.j as Raw).id as string}`);
      await x.execute(sql`insert into ${sql.raw(table)} select * from jsonb_populate_record(null::${sql.raw(table)}, ${JSON.stringify(row!.j)}::jsonb)`);
    });
    expect((await verifyChain(db)).ok).toBe(true);
    return report;
  };
  const seqOf = async (table: string) =>
    Number(
      (await rows<{ s: number }>(db, sql`select chain_seq::int s from ${sql.raw(table)} where chain_seq is not null order by chain_seq offset 3 limit 1`))[0]!
        .s,
    );

  it('verify finds a data-log row whose content was changed in SQL, one removed, and one whose hash was edited', async () => {
    await sealChain(db);
    const seq = await seqOf('sys_data_log');
    const changed = await tampered('sys_data_log', seq, (x) =>
      x.execute(sql`update sys_data_log set new_values = '{"status":"9"}'::jsonb where chain_seq = ${seq}`),
    );
    expect(changed).toMatchObject({ ok: false, broken: { seq, kind: 'datalog', problem: 'content' } });
    expect(changed.message).toContain(`第 ${seq} 条`);
    const removed = await tampered('sys_data_log', seq, (x) => x.execute(sql`delete from sys_data_log where chain_seq = ${seq}`));
    expect(removed).toMatchObject({ ok: false, broken: { seq, problem: 'missing' } });
    const rehashed = await tampered('sys_data_log', seq, (x) => x.execute(sql`update sys_data_log set hash = repeat('a', 64) where chain_seq = ${seq}`));
    expect(rehashed).toMatchObject({ ok: false, broken: { seq, problem: 'content' } });
  });

  it('verify finds an approval record changed in SQL, two entries swapped, and the newest entry removed', async () => {
    const seq = await seqOf('rights_approval');
    const changed = await tampered('rights_approval', seq, (x) => x.execute(sql`update rights_approval set opinion = '改过的意见' where chain_seq = ${seq}`));
    expect(changed).toMatchObject({ ok: false, broken: { seq, kind: 'approval', problem: 'content' } });
    // swapped: two data-log rows trade places (their chain columns) — the first of them no longer links
    const [x, y] = await rows<{ id: string; chain_seq: string; prev_hash: string; hash: string }>(
      db,
      sql`select id, chain_seq, prev_hash, hash from sys_data_log where chain_seq is not null order by chain_seq offset 5 limit 2`,
    );
    const swap = (p: typeof x, q: typeof x) =>
      asOwner(async (o) => {
        await o.execute(sql`update sys_data_log set chain_seq = null where id in (${p!.id}, ${q!.id})`);
        await o.execute(sql`update sys_data_log set chain_seq = ${q!.chain_seq}, prev_hash = ${q!.prev_hash}, hash = ${q!.hash} where id = ${p!.id}`);
        await o.execute(sql`update sys_data_log set chain_seq = ${p!.chain_seq}, prev_hash = ${p!.prev_hash}, hash = ${p!.hash} where id = ${q!.id}`);
      });
    await swap(x, y);
    expect(await verifyChain(db)).toMatchObject({ ok: false, broken: { seq: Number(x!.chain_seq), problem: 'content' } });
    await swap(
      { ...x!, chain_seq: y!.chain_seq, prev_hash: y!.prev_hash, hash: y!.hash },
      { ...y!, chain_seq: x!.chain_seq, prev_hash: x!.prev_hash, hash: x!.hash },
    );
    expect((await verifyChain(db)).ok).toBe(true);
    const last = Number((await rows<{ s: number }>(db, sql`select max(chain_seq)::int s from sys_data_log`))[0]!.s);
    const head = Number((await rows<{ s: number }>(db, sql`select seq::int s from sys_chain_head`))[0]!.s);
    if (last === head) {
      const removed = await tampered('sys_data_log', last, (x) => x.execute(sql`delete from sys_data_log where chain_seq = ${last}`));
      expect(removed).toMatchObject({ ok: false, broken: { problem: 'head' } });
    }
    expect(await verify()).toMatchObject({ ok: true });
  });
  /** Every entry from place `from` on re-hashed with plain SHA-256 (what anyone can compute), the head moved to match. */
  const rehashFrom = (from: number) =>
    asOwner(async (x) => {
      // read as the verification reads them (select *), so each entry's content is hashed as it will be checked
      const sorted = [
        ...(await rows<Raw>(x, sql`select * from sys_data_log where chain_seq >= ${from - 1}`)).map((row) => ({ kind: 'datalog' as const, row })),
        ...(await rows<Raw>(x, sql`select * from rights_approval where chain_seq >= ${from - 1}`)).map((row) => ({ kind: 'approval' as const, row })),
      ].sort((a, b) => Number(a.row.chain_seq) - Number(b.row.chain_seq));
      let prev = from === 1 ? GENESIS : (sorted.shift()!.row.hash as string);
      for (const { kind, row } of sorted) {
        const hash = entryHash(prev, kind, Number(row.chain_seq), row, false);
        await x.execute(
          sql`update ${sql.raw(kind === 'datalog' ? 'sys_data_log' : 'rights_approval')} set prev_hash = ${prev}, hash = ${hash} where id = ${row.id as string}`,
        );
        prev = hash;
      }
      await x.execute(sql`update sys_chain_head set hash = ${prev}`);
      return prev;
    });

  it('an installation upgraded in place: the links made before the key keep verifying as plain SHA-256, new ones are keyed, and an edit among the old ones is still found', async () => {
    // the app's own sealer, scheduled by the calls before, has run: the seals below are this test's alone
    await new Promise((resolve) => setTimeout(resolve, SEAL_DELAY_MS + 500));
    await sealChain(db);
    // The state migration 0030 leaves: a chain linked with plain SHA-256, its head's keyed boundary just past it, unsigned.
    await rehashFrom(1);
    await asOwner((x) => x.execute(sql`update sys_chain_head set keyed_from = seq + 1, mac = null`));
    const [{ seq: oldHead }] = await rows<{ seq: number }>(db, sql`select seq::int from sys_chain_head`);
    const upgraded = await verifyChain(db);
    expect(upgraded).toMatchObject({ ok: true, headSeq: oldHead, keyedFrom: oldHead + 1 });
    expect(upgraded.message).toContain(`第 1–${oldHead} 条为启用密钥前链接的`);
    const orgId = newId();
    await recordVersion(db, { username: 'admin', realname: '管理员' }, DataTable.org, orgId, null, { id: orgId, orgName: '升级后的机构' });
    const announced: number[] = [];
    expect(await sealChain(db, { onFirstSignature: (legacy) => announced.push(legacy) })).toBe(1);
    expect(await verifyChain(db)).toMatchObject({ ok: true, headSeq: oldHead + 1, keyedFrom: oldHead + 1 });
    // the first signature is announced (outside the database), once
    await recordVersion(
      db,
      { username: 'admin', realname: '管理员' },
      DataTable.org,
      orgId,
      { id: orgId, orgName: '升级后的机构' },
      { orgName: '升级后的机构（改）' },
    );
    expect(await sealChain(db, { onFirstSignature: (legacy) => announced.push(legacy) })).toBe(1);
    expect(announced).toEqual([oldHead]);
    const [row] = await rows<Raw>(db, sql`select * from sys_data_log where data_id = ${orgId} and data_version = 1`);
    expect(row!.hash).toBe(entryHash(row!.prev_hash as string, 'datalog', oldHead + 1, row!, true));
    expect(row!.hash).not.toBe(entryHash(row!.prev_hash as string, 'datalog', oldHead + 1, row!, false));
    expect((await rows<{ mac: string | null }>(db, sql`select mac from sys_chain_head`))[0]!.mac).toMatch(/^[0-9a-f]{64}$/);
    const legacy = await seqOf('sys_data_log');
    const changed = await tampered('sys_data_log', legacy, (x) =>
      x.execute(sql`update sys_data_log set new_values = '{"status":"9"}'::jsonb where chain_seq = ${legacy}`),
    );
    expect(changed).toMatchObject({ ok: false, broken: { seq: legacy, problem: 'content' } });
  });

  it('security review (the head sat unsigned in the same database): the newest entry removed and the head moved back to match is found by the head’s signature, and the sealer stops', async () => {
    const orgId = newId();
    await recordVersion(db, { username: 'admin', realname: '管理员' }, DataTable.org, orgId, null, { id: orgId, orgName: '最新的机构' });
    await sealChain(db);
    const [head] = await rows<Raw>(db, sql`select to_jsonb(h) as j from sys_chain_head h`);
    const was = head!.j as Raw;
    const [last] = await rows<Raw>(db, sql`select to_jsonb(l) as j from sys_data_log l where data_id = ${orgId}`);
    const row = last!.j as Raw;
    expect(Number(row.chain_seq)).toBe(Number(was.seq));
    await asOwner(async (x) => {
      await x.execute(sql`delete from sys_data_log where id = ${row.id as string}`);
      await x.execute(sql`update sys_chain_head set seq = ${Number(was.seq) - 1}, hash = ${row.prev_hash as string}`);
    });
    expect(await verifyChain(db)).toMatchObject({ ok: false, broken: { problem: 'signature' } });
    await expect(sealChain(db)).rejects.toThrow(/链头签名不符/);
    await asOwner(async (x) => {
      await x.execute(sql`insert into sys_data_log select * from jsonb_populate_record(null::sys_data_log, ${JSON.stringify(row)}::jsonb)`);
      await x.execute(sql`update sys_chain_head set seq = ${Number(was.seq)}, hash = ${was.hash as string}`);
    });
    expect((await verifyChain(db)).ok).toBe(true);
  });

  it('security review (an edit plus re-hash passed datalog:verify): a row edited and the chain re-hashed without the server key fails verify', async () => {
    await sealChain(db);
    expect((await verifyChain(db)).ok).toBe(true);
    const seq = Number((await rows<{ s: number }>(db, sql`select max(chain_seq)::int s from sys_data_log`))[0]!.s);
    await asOwner((x) => x.execute(sql`update sys_data_log set new_values = '{"status":"9"}'::jsonb where chain_seq = ${seq}`));
    await rehashFrom(seq);
    const report = await verifyChain(db);
    expect(report).toMatchObject({ ok: false, broken: { seq } });
    expect((await rig.call(admin, 'POST', '/sys/dataLog/verify', {})).result).toMatchObject({ ok: false });
  });

  it('security review (sys_data_log had no append-only trigger): the database refuses deleting, editing or emptying the data log and the approval records, and moving the chain head back', async () => {
    const [entry] = await rows<{ id: string }>(db, sql`select id from sys_data_log order by create_time limit 1`);
    await expect(db.execute(sql`delete from sys_data_log where id = ${entry!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`update sys_data_log set new_values = '{}'::jsonb where id = ${entry!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`update sys_data_log set hash = repeat('a', 64) where id = ${entry!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate sys_data_log`)).rejects.toThrow();
    await expect(db.execute(sql`delete from rights_approval`)).rejects.toThrow();
    await expect(db.execute(sql`update rights_approval set opinion = '改过的意见'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from sys_chain_head`)).rejects.toThrow();
    await expect(db.execute(sql`update sys_chain_head set seq = 1`)).rejects.toThrow();
    await expect(db.execute(sql`update sys_chain_head set keyed_from = keyed_from + 1000`)).rejects.toThrow();
    expect((await rows(db, sql`select 1 from sys_data_log where id = ${entry!.id}`)).length).toBe(1);
  });
});
