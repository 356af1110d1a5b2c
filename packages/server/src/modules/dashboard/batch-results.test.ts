import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BATCH_RESULT_STATISTICS_PATH, BatchStatus, ItemStatus } from '@sbwq/contracts';
import { rows } from '../../platform/db/client.ts';
import { batchRig } from '../rights/batch/batch.fixtures.ts';
import type { OrgUser } from '../rights/shared/test-fixtures.ts';

describe('dashboard: 维权结果 of closed batches by 维权方式 and 侵权平台 (DOMAIN dashboard statistics)', async () => {
  const s = await batchRig({ total: '100000', orgCap: null });
  const { rig, reviewer, a, b, rightA, rightB } = s;
  const call = rig.call;

  let linkSeq = 0;
  /** A batch of `org` taken through the whole flow to 已结案, its items judged as given. */
  async function closed(org: OrgUser, rightId: string, form: { platform: string; rightsMethod: string }, judged: string[]) {
    const added = await call(org.token, 'POST', '/rights/threaded/add', s.form(rightId, form));
    const id = added.result as string;
    await call(org.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(judged.length, (linkSeq += 100)), deleteIds: [] });
    await call(org.token, 'POST', '/rights/threaded/submit', { id });
    expect((await call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass', approvedAmount: `${judged.length * 1000}` })).success).toBe(
      true,
    );
    await call(org.token, 'POST', '/rights/threaded/startEnforce', { id });
    const items = (await call(org.token, 'GET', `/rights/threaded/item/list?batchId=${id}`)).result.records as object[];
    await call(org.token, 'POST', '/rights/threaded/item/save', {
      batchId: id,
      values: items.map((item, i) => ({ ...item, status: judged[i] })),
      deleteIds: [],
    });
    await call(org.token, 'POST', '/rights/threaded/applyClosure', { id, closureSummary: '处理完毕' });
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' })).success).toBe(true);
    return id;
  }
  const { success: ok, failed: no, notInfringing: not } = ItemStatus;
  await closed(a, rightA, { platform: '1', rightsMethod: '1' }, [ok, ok, no]);
  await closed(a, rightA, { platform: '2', rightsMethod: '1' }, [not, no]);
  await closed(b, rightB, { platform: '1', rightsMethod: '2' }, [ok]);
  // submitted but not closed: not a result yet
  await s.submitted(b, rightB, 2);
  const results = async (token: string, by: string) => (await call(token, 'GET', `${BATCH_RESULT_STATISTICS_PATH}?by=${by}`)).result;

  it("staff see every organisation's closed batches, grouped, with the dictionary text", async () => {
    expect(await results(reviewer.token, 'rightsMethod')).toMatchObject([
      { value: '1', batches: 2, success: 2, failed: 2, notInfringing: 1 },
      { value: '2', batches: 1, success: 1, failed: 0, notInfringing: 0 },
    ]);
    const byPlatform = await results(reviewer.token, 'platform');
    expect(byPlatform.map((r: { value: string; batches: number; success: number }) => [r.value, r.batches, r.success])).toEqual([
      ['1', 2, 3],
      ['2', 1, 0],
    ]);
    expect(byPlatform[0].text).not.toBe('1');
  });

  it("an organisation's users see their own organisation's only", async () => {
    expect(await results(b.token, 'rightsMethod')).toMatchObject([{ value: '2', batches: 1, success: 1 }]);
  });

  it('a batch closed after an answer was given is in the next one (remembered per version of the batch table, issue 35)', async () => {
    const before = await results(reviewer.token, 'rightsMethod');
    expect(await results(reviewer.token, 'rightsMethod')).toEqual(before);
    await closed(b, rightB, { platform: '2', rightsMethod: '2' }, [ok, not]);
    expect(await results(reviewer.token, 'rightsMethod')).toMatchObject([
      { value: '1', batches: 2, success: 2 },
      { value: '2', batches: 2, success: 2, failed: 0, notInfringing: 1 },
    ]);
    expect(await results(a.token, 'rightsMethod')).toMatchObject([{ value: '1', batches: 2, success: 2 }]);
  });

  // rights_batch_result against the batches themselves (issue 35): the triggers of migration 0038 must
  // leave it equal to summing the closed, undeleted batches, whatever wrote to them
  const summed = (from: 'rights_batch' | 'rights_batch_result') =>
    rows(
      s.rig.database.db,
      from === 'rights_batch'
        ? sql`select org_id, rights_method, platform, count(*)::int as batches, sum(success_count)::int as s, sum(failed_count)::int as f,
                     sum(not_infringing_count)::int as n
                from rights_batch where status = ${BatchStatus.closed} and del_flag = '0' group by 1, 2, 3 order by 1, 2, 3`
        : sql`select org_id, rights_method, platform, batches, success_count as s, failed_count as f, not_infringing_count as n
                from rights_batch_result where batches <> 0 order by 1, 2, 3`,
    );

  it('the kept sums equal the closed batches after every kind of write: a counter, a group, deletion, reopening, insert, delete', async () => {
    const db = s.rig.database.db;
    expect(await summed('rights_batch_result')).toEqual(await summed('rights_batch'));
    const [one, two] = await rows<{ id: string }>(db, sql`select id from rights_batch where status = ${BatchStatus.closed} order by id limit 2`);
    const steps = [
      sql`update rights_batch set success_count = success_count + 5, failed_count = 0 where id = ${one!.id}`,
      sql`update rights_batch set platform = '3', org_id = 'elsewhere' where id = ${one!.id}`,
      sql`update rights_batch set remark = '不影响统计' where id = ${one!.id}`,
      sql`update rights_batch set del_flag = '1' where id = ${two!.id}`,
      sql`update rights_batch set del_flag = '0', status = ${BatchStatus.enforcing} where id = ${two!.id}`,
      sql`insert into rights_batch select (jsonb_populate_record(r, jsonb_build_object('id', 'copy-of-one', 'batch_no', 'COPY-1'))).* from rights_batch r where id = ${one!.id}`,
      sql`update rights_batch set status = ${BatchStatus.closed} where id = ${two!.id}`,
      sql`delete from rights_batch where id = ${one!.id}`,
      sql`delete from rights_batch where id = 'copy-of-one'`,
    ];
    for (const step of steps) {
      await db.execute(step);
      expect(await summed('rights_batch_result')).toEqual(await summed('rights_batch'));
    }
    // and the answer after those writes is the batches' own sums
    const byPlatform = await rows<{ value: string; batches: number; success: number; failed: number; notInfringing: number }>(
      db,
      sql`select platform as value, count(*)::int as batches, sum(success_count)::int as success, sum(failed_count)::int as failed,
                 sum(not_infringing_count)::int as "notInfringing"
            from rights_batch where status = ${BatchStatus.closed} and del_flag = '0' group by 1 order by 1`,
    );
    expect(byPlatform.length).toBeGreaterThan(1);
    expect(await results(reviewer.token, 'platform')).toMatchObject(byPlatform);
  });

  it('another grouping than 维权方式 or 侵权平台 is refused with a clear message, never a 500', async () => {
    const res = await rig.call(reviewer.token, 'GET', `${BATCH_RESULT_STATISTICS_PATH}?by=org_id`);
    expect(res.success).toBe(false);
    expect(res.message).toContain('统计维度只能是 rightsMethod 或 platform');
  });
});
