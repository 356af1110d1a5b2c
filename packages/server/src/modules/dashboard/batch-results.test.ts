import { describe, expect, it } from 'vitest';
import { BATCH_RESULT_STATISTICS_PATH, ItemStatus } from '@sbwq/contracts';
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

  it('another grouping than 维权方式 or 侵权平台 is refused with a clear message, never a 500', async () => {
    const res = await rig.call(reviewer.token, 'GET', `${BATCH_RESULT_STATISTICS_PATH}?by=org_id`);
    expect(res.success).toBe(false);
    expect(res.message).toContain('统计维度只能是 rightsMethod 或 platform');
  });
});
