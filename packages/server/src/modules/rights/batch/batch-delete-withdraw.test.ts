import { describe, expect, it } from 'vitest';
import { BatchMsg, BatchStatus } from '@sbwq/contracts';
import { batchRig } from './batch.fixtures.ts';

describe('DOMAIN clue batch flow: 删除 is for a 草稿, 撤销 for a submitted batch before 维权中 — never both', async () => {
  const s = await batchRig();
  const { rig, a, reviewer } = s;
  const call = rig.call;

  it('a 草稿 is deleted, not withdrawn; its record says so', async () => {
    const draft = await s.draft(a, s.rightA, 1);
    expect(await s.batch(draft)).toMatchObject({ status: BatchStatus.draft, editable: true, withdrawable: false });
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id: draft, reason: '不再需要' })).message).toBe(BatchMsg.notWithdrawable);
    expect((await s.batch(draft)).status).toBe(BatchStatus.draft);
    expect((await call(a.token, 'DELETE', `/rights/threaded/delete?id=${draft}`)).message).toBe(BatchMsg.deleted);
  });

  it('a 退回补正 batch is withdrawn, not deleted: its review history stays', async () => {
    const id = await s.submitted(a, s.rightA, 1);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'returned', opinion: '请补充侵权截图' })).success).toBe(true);
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.returned, editable: true, withdrawable: true, auditOpinion: '请补充侵权截图' });
    expect((await call(a.token, 'DELETE', `/rights/threaded/delete?id=${id}`)).message).toBe(BatchMsg.notDeletable);
    expect((await s.batch(id)).status).toBe(BatchStatus.returned);
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id, reason: '权利人已和解' })).message).toBe(BatchMsg.withdrawn);
    expect((await s.batch(id)).status).toBe(BatchStatus.withdrawn);
  });
});
